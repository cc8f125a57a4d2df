-- How many orders (distinct order ids) each user has, kept as the lines are written (issue 18).
-- GET /user/getbookorders answers this total with every page; counting it per request
-- (count(DISTINCT order_id) over every line of the user) took PostgreSQL ~5 ms of CPU at 10,000
-- orders, five times the page itself, growing with the orders. Kept by the triggers below in
-- the transaction that writes the lines, as the report rollups of 017 are, so every writer (the
-- feed import, the seed, the admin console, plain SQL) keeps it.

-- Writers wait until the backfill below is committed with its triggers: a line written between
-- the backfill's read and the triggers' creation would be counted by neither.
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;

-- One row per order id of a user, with how many lines carry it. The row is what concurrent
-- writers agree on: the second writer of a new order id waits in ON CONFLICT for the first to
-- commit, then finds the row and does not count the order again.
CREATE TABLE order_id_lines (
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id text    NOT NULL,
  -- At 0 (the last line removed) the row goes, and with it the order from the user's count.
  lines    bigint  NOT NULL CHECK (lines >= 0),
  PRIMARY KEY (user_id, order_id)
);

-- The rows of order_id_lines per user: the total of the unfiltered order list.
CREATE TABLE user_order_counts (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  orders  bigint  NOT NULL CHECK (orders >= 0)
);

INSERT INTO order_id_lines (user_id, order_id, lines)
SELECT user_id, order_id, count(*) FROM orders GROUP BY 1, 2;

INSERT INTO user_order_counts (user_id, orders)
SELECT user_id, count(*) FROM order_id_lines GROUP BY 1;

-- Applies a change of lines per (user, order id): delta > 0 lines added, < 0 removed. The three
-- triggers below reduce their statement's lines to these deltas, so an update that keeps every
-- line's user and order id (a deleted book setting book_id to null) changes nothing here.
CREATE FUNCTION order_id_lines_apply(user_ids integer[], order_ids text[], deltas bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Added: an order id is new when its row holds only the lines this statement added.
  WITH added AS (
    SELECT d.user_id, d.order_id, d.delta FROM unnest(user_ids, order_ids, deltas) AS d (user_id, order_id, delta)
    WHERE d.delta > 0
  ), kept AS (
    INSERT INTO order_id_lines AS t (user_id, order_id, lines)
    SELECT user_id, order_id, delta FROM added ORDER BY 1, 2
    ON CONFLICT (user_id, order_id) DO UPDATE SET lines = t.lines + excluded.lines
    RETURNING t.user_id, t.order_id, t.lines
  )
  INSERT INTO user_order_counts AS u (user_id, orders)
  SELECT k.user_id, count(*) FROM kept k JOIN added a USING (user_id, order_id)
  WHERE k.lines = a.delta
  GROUP BY 1
  ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET orders = u.orders + excluded.orders;

  -- Removed: rows left without a line go, and their orders leave the count. Never inserts, so a
  -- user's cascade cannot bring rows back.
  UPDATE order_id_lines t SET lines = t.lines + d.delta
  FROM unnest(user_ids, order_ids, deltas) AS d (user_id, order_id, delta)
  WHERE d.delta < 0 AND t.user_id = d.user_id AND t.order_id = d.order_id;
  WITH gone AS (
    DELETE FROM order_id_lines t
    USING unnest(user_ids, order_ids, deltas) AS d (user_id, order_id, delta)
    WHERE d.delta < 0 AND t.user_id = d.user_id AND t.order_id = d.order_id AND t.lines = 0
    RETURNING t.user_id
  )
  UPDATE user_order_counts u SET orders = u.orders - g.orders
  FROM (SELECT user_id, count(*) AS orders FROM gone GROUP BY 1) g
  WHERE u.user_id = g.user_id;
END
$$;

-- Statement-level, over the statement's lines: a feed import of thousands of lines is one
-- grouped upsert, not one per line.
CREATE FUNCTION order_id_lines_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_id_lines_apply(array_agg(g.user_id), array_agg(g.order_id), array_agg(g.lines))
  FROM (SELECT user_id, order_id, count(*) AS lines FROM new_lines GROUP BY 1, 2) g;
  RETURN NULL;
END
$$;

CREATE FUNCTION order_id_lines_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_id_lines_apply(array_agg(g.user_id), array_agg(g.order_id), array_agg(-g.lines))
  FROM (SELECT user_id, order_id, count(*) AS lines FROM old_lines GROUP BY 1, 2) g;
  RETURN NULL;
END
$$;

-- Per (user, order id): the lines after the update less the lines before it.
CREATE FUNCTION order_id_lines_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_id_lines_apply(array_agg(g.user_id), array_agg(g.order_id), array_agg(g.delta))
  FROM (
    SELECT coalesce(n.user_id, o.user_id) AS user_id, coalesce(n.order_id, o.order_id) AS order_id,
           coalesce(n.lines, 0) - coalesce(o.lines, 0) AS delta
    FROM (SELECT user_id, order_id, count(*) AS lines FROM new_lines GROUP BY 1, 2) n
    FULL JOIN (SELECT user_id, order_id, count(*) AS lines FROM old_lines GROUP BY 1, 2) o
      ON o.user_id = n.user_id AND o.order_id = n.order_id
  ) g
  WHERE g.delta <> 0;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_order_ids_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_id_lines_insert();
CREATE TRIGGER orders_order_ids_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_id_lines_update();
CREATE TRIGGER orders_order_ids_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION order_id_lines_delete();
