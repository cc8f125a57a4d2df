-- /orders pages and filters on the server (issue 18): the de-duplication (DISTINCT ON order_id,
-- newest line first) of one user's orders reads this index in order instead of sorting them all.
CREATE INDEX orders_user_order_id_idx ON orders (user_id, order_id, order_date DESC, id DESC);
