-- Order lines carry what the reports need (issue 17): which line of a repeated order counts, and
-- the royalty per copy agreed when the line was recorded.

-- The feed repeats lines of one (book, order id); only the first recorded counts. Deciding that
-- while reading (DISTINCT ON over a year of lines, a sort that spills past work_mem) cost the
-- reports most of their time, so it is decided once, when a line is written, and stored.
ALTER TABLE orders ADD COLUMN counted boolean NOT NULL DEFAULT false;

-- Royalties belong to the sale: a later change of the book's royalty must not rewrite past
-- reports and statements. Lines without a book (deleted) keep what they had.
ALTER TABLE orders ADD COLUMN royalty_per_unit numeric(12,2);
ALTER TABLE orders ADD COLUMN royalty_currency text
  CONSTRAINT orders_royalty_currency CHECK (royalty_currency IN ('ZAR', 'USD'));

-- Existing lines: the first (lowest id) of each (book, order id) counts, as the readers decided it
-- until now, and the royalty is the book's current one, the only one known.
UPDATE orders o SET counted = true
FROM (
  SELECT DISTINCT ON (book_id, order_id) id FROM orders WHERE book_id IS NOT NULL ORDER BY book_id, order_id, id
) AS first_line
WHERE o.id = first_line.id;

UPDATE orders o
SET royalty_per_unit = coalesce(CASE WHEN b.is_international THEN b.international_royalty ELSE b.local_royalty END, 0),
    royalty_currency = CASE WHEN b.is_international THEN 'USD' ELSE 'ZAR' END
FROM books b
WHERE b.id = o.book_id;

-- At most one counted line per (book, order id), whatever writes the lines: two writers racing to
-- record the same new line make the second fail (and retry) instead of counting it twice. Also
-- what the trigger below looks the pair up in.
CREATE UNIQUE INDEX orders_counted_line_idx ON orders (book_id, order_id) WHERE counted;

-- Every writer (the seed, the admin console, a feed import, plain SQL) goes through this, so no
-- path can forget either rule. A royalty the writer gives is kept; otherwise the book's, in its
-- region's currency. Lines inserted earlier by the same statement are visible here, so a
-- batch that repeats a line counts it once.
CREATE FUNCTION orders_record_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.book_id IS NULL THEN
    NEW.counted := false;
    RETURN NEW;
  END IF;
  SELECT coalesce(NEW.royalty_per_unit,
                  CASE WHEN b.is_international THEN b.international_royalty ELSE b.local_royalty END, 0),
         coalesce(NEW.royalty_currency, CASE WHEN b.is_international THEN 'USD' ELSE 'ZAR' END)
    INTO NEW.royalty_per_unit, NEW.royalty_currency
    FROM books b WHERE b.id = NEW.book_id;
  NEW.counted := NOT EXISTS (
    SELECT 1 FROM orders WHERE book_id = NEW.book_id AND order_id = NEW.order_id AND counted
  );
  RETURN NEW;
END
$$;

CREATE TRIGGER orders_record_line BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_record_line();

-- The aggregations read only counted sold or returned lines of one user in a date range; this
-- partial covering index holds exactly those, with every column they sum or group by, so a year
-- is one index-only range scan with no de-duplication step.
CREATE INDEX orders_report_lines_idx ON orders (user_id, order_date)
  INCLUDE (book_id, sale_status, quantity, selling_price, channel, royalty_per_unit, royalty_currency)
  WHERE counted AND sale_status IN ('shipped to customer', 'returned');

-- Rollups of the counted lines, kept by the triggers below in the transaction that writes the
-- lines: the reports' periods and channels (all books) sum a year of days instead of every line,
-- and books' totals a year of months. Region is the line's royalty currency (the book's region
-- when it was recorded), so the triggers never look at books. Removing lines (deletion, update) only
-- updates rows, and deletes those left with no line, never inserts, so a user's or book's
-- cascade cannot bring rows back.
CREATE TABLE report_day_totals (
  user_id               integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day                   date    NOT NULL,
  is_international      boolean NOT NULL,
  channel               text    NOT NULL,
  -- How many counted lines the row sums: at 0 the row goes, so no empty group shows up.
  lines                 bigint  NOT NULL,
  units                 bigint  NOT NULL,
  returns               bigint  NOT NULL,
  revenue_cents         bigint  NOT NULL,
  royalties_cents       bigint  NOT NULL,
  gross_royalties_cents bigint  NOT NULL,
  PRIMARY KEY (user_id, day, is_international, channel)
);

CREATE TABLE report_book_months (
  user_id               integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month                 date    NOT NULL,
  book_id               integer NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  is_international      boolean NOT NULL,
  channel               text    NOT NULL,
  -- How many counted lines the row sums: at 0 the row goes, so no empty group shows up.
  lines                 bigint  NOT NULL,
  units                 bigint  NOT NULL,
  returns               bigint  NOT NULL,
  revenue_cents         bigint  NOT NULL,
  royalties_cents       bigint  NOT NULL,
  gross_royalties_cents bigint  NOT NULL,
  PRIMARY KEY (user_id, month, book_id, channel)
);

-- What one line adds to the rollups (counts: whether it adds anything). The backfill and the
-- triggers share it, so they cannot disagree; services read the lines the same way
-- (report-repository's lineSource).
CREATE FUNCTION report_line_figures(
  o orders,
  OUT counts boolean, OUT day date, OUT is_international boolean, OUT units bigint, OUT returns bigint,
  OUT revenue_cents bigint, OUT royalties_cents bigint, OUT gross_royalties_cents bigint
) LANGUAGE sql STABLE AS $$
  SELECT o.counted AND o.book_id IS NOT NULL AND o.royalty_currency IS NOT NULL
           AND o.sale_status IN ('shipped to customer', 'returned'),
         (o.order_date AT TIME ZONE 'Africa/Johannesburg')::date,
         o.royalty_currency = 'USD',
         CASE WHEN o.sale_status = 'shipped to customer' THEN o.quantity ELSE 0 END,
         CASE WHEN o.sale_status = 'returned' THEN o.quantity ELSE 0 END,
         CASE WHEN o.sale_status = 'shipped to customer' THEN round(o.selling_price * 100)::bigint * o.quantity ELSE 0 END,
         round(coalesce(o.royalty_per_unit, 0) * 100)::bigint * o.quantity
           * CASE WHEN o.sale_status = 'shipped to customer' THEN 1 ELSE -1 END,
         CASE WHEN o.sale_status = 'shipped to customer' THEN round(coalesce(o.royalty_per_unit, 0) * 100)::bigint * o.quantity
           ELSE 0 END
$$;

INSERT INTO report_day_totals
SELECT o.user_id, f.day, f.is_international, o.channel, count(*), sum(f.units), sum(f.returns), sum(f.revenue_cents),
       sum(f.royalties_cents), sum(f.gross_royalties_cents)
FROM orders o, LATERAL report_line_figures(o) f
WHERE f.counts
GROUP BY 1, 2, 3, 4;

INSERT INTO report_book_months
SELECT o.user_id, date_trunc('month', f.day)::date, o.book_id, f.is_international, o.channel, count(*), sum(f.units),
       sum(f.returns), sum(f.revenue_cents), sum(f.royalties_cents), sum(f.gross_royalties_cents)
FROM orders o, LATERAL report_line_figures(o) f
WHERE f.counts
GROUP BY 1, 2, 3, 4, 5;

-- Statement-level, over the statement's lines (a transition table named lines): a feed import of
-- thousands of lines is one grouped upsert per rollup, not one per line. An update removes the
-- old lines' figures and adds the new ones' (two triggers).
CREATE FUNCTION report_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_totals AS t
  SELECT l.user_id, f.day, f.is_international, l.channel, count(*), sum(f.units), sum(f.returns), sum(f.revenue_cents),
         sum(f.royalties_cents), sum(f.gross_royalties_cents)
  FROM lines l, LATERAL report_line_figures(l) f
  WHERE f.counts
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, day, is_international, channel) DO UPDATE SET
    lines = t.lines + excluded.lines, units = t.units + excluded.units, returns = t.returns + excluded.returns,
    revenue_cents = t.revenue_cents + excluded.revenue_cents,
    royalties_cents = t.royalties_cents + excluded.royalties_cents,
    gross_royalties_cents = t.gross_royalties_cents + excluded.gross_royalties_cents;
  INSERT INTO report_book_months AS t
  SELECT l.user_id, date_trunc('month', f.day)::date, l.book_id, f.is_international, l.channel, count(*), sum(f.units),
         sum(f.returns), sum(f.revenue_cents), sum(f.royalties_cents), sum(f.gross_royalties_cents)
  FROM lines l, LATERAL report_line_figures(l) f
  WHERE f.counts
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 5
  ON CONFLICT (user_id, month, book_id, channel) DO UPDATE SET
    lines = t.lines + excluded.lines, units = t.units + excluded.units, returns = t.returns + excluded.returns,
    revenue_cents = t.revenue_cents + excluded.revenue_cents,
    royalties_cents = t.royalties_cents + excluded.royalties_cents,
    gross_royalties_cents = t.gross_royalties_cents + excluded.gross_royalties_cents;
  RETURN NULL;
END
$$;

CREATE FUNCTION report_rollups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_day_totals t SET
    lines = t.lines - g.lines, units = t.units - g.units, returns = t.returns - g.returns, revenue_cents = t.revenue_cents - g.revenue_cents,
    royalties_cents = t.royalties_cents - g.royalties_cents,
    gross_royalties_cents = t.gross_royalties_cents - g.gross_royalties_cents
  FROM (
    SELECT l.user_id, f.day, f.is_international, l.channel, count(*) AS lines, sum(f.units) AS units, sum(f.returns) AS returns,
           sum(f.revenue_cents) AS revenue_cents, sum(f.royalties_cents) AS royalties_cents,
           sum(f.gross_royalties_cents) AS gross_royalties_cents
    FROM lines l, LATERAL report_line_figures(l) f
    WHERE f.counts
    GROUP BY 1, 2, 3, 4
  ) g
  WHERE t.user_id = g.user_id AND t.day = g.day AND t.is_international = g.is_international AND t.channel = g.channel;
  UPDATE report_book_months t SET
    lines = t.lines - g.lines, units = t.units - g.units, returns = t.returns - g.returns, revenue_cents = t.revenue_cents - g.revenue_cents,
    royalties_cents = t.royalties_cents - g.royalties_cents,
    gross_royalties_cents = t.gross_royalties_cents - g.gross_royalties_cents
  FROM (
    SELECT l.user_id, date_trunc('month', f.day)::date AS month, l.book_id, l.channel, count(*) AS lines,
           sum(f.units) AS units,
           sum(f.returns) AS returns, sum(f.revenue_cents) AS revenue_cents, sum(f.royalties_cents) AS royalties_cents,
           sum(f.gross_royalties_cents) AS gross_royalties_cents
    FROM lines l, LATERAL report_line_figures(l) f
    WHERE f.counts
    GROUP BY 1, 2, 3, 4
  ) g
  WHERE t.user_id = g.user_id AND t.month = g.month AND t.book_id = g.book_id AND t.channel = g.channel;
  DELETE FROM report_day_totals t
  WHERE t.lines = 0 AND (t.user_id, t.day) IN (SELECT l.user_id, f.day FROM lines l, LATERAL report_line_figures(l) f WHERE f.counts);
  DELETE FROM report_book_months t
  WHERE t.lines = 0 AND (t.user_id, t.month) IN (
    SELECT l.user_id, date_trunc('month', f.day)::date FROM lines l, LATERAL report_line_figures(l) f WHERE f.counts
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_rollups_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_add();
CREATE TRIGGER orders_rollups_update_1_remove AFTER UPDATE ON orders REFERENCING OLD TABLE AS lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_remove();
CREATE TRIGGER orders_rollups_update_2_add AFTER UPDATE ON orders REFERENCING NEW TABLE AS lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_add();
CREATE TRIGGER orders_rollups_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS lines
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_remove();

-- Compared books read their own lines: a few books' range scans instead of the user's whole range.
CREATE INDEX orders_report_book_idx ON orders (book_id, order_date)
  INCLUDE (user_id, sale_status, quantity, selling_price, channel, royalty_per_unit, royalty_currency)
  WHERE counted AND sale_status IN ('shipped to customer', 'returned');

-- The newest line of each order id (the Your Orders list, the dashboard's five newest orders):
-- an index probe per line walked newest first, instead of sorting every line of the user.
CREATE INDEX orders_user_order_idx ON orders (user_id, order_id, order_date, id);
