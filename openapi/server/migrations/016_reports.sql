-- Author insights (issue 17; services/reports/). Where each copy was sold, and the indexes the
-- report aggregations use.

-- The sales channel of an order line (lower-case slug: takealot, amazon, direct...). Every line
-- before this migration came from the Takealot feed (takealot_url), hence the default.
ALTER TABLE orders ADD COLUMN channel text NOT NULL DEFAULT 'takealot'
  CONSTRAINT orders_channel_slug CHECK (channel ~ '^[a-z0-9][a-z0-9-]*$' AND length(channel) <= 40);

-- Every report reads one user's lines in an order-date range, de-duplicates them by (book,
-- order id) and sums quantity and price by period, book, channel and region (the book's). The
-- INCLUDE columns let PostgreSQL answer from the index alone (an index-only scan once the table
-- is vacuumed) instead of visiting 100,000 heap rows for a year of figures.
CREATE INDEX orders_report_idx ON orders (user_id, order_date)
  INCLUDE (book_id, order_id, sale_status, quantity, selling_price, channel);

-- The ledger export reads one user's entries in a date range (ledger_entries_user_idx already
-- leads with user_id, created_at); books in progress filter the user's records by stage, which
-- books_user_idx serves. Nothing else is needed.
