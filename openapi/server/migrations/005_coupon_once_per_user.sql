-- A coupon is used once per user, whatever the context (credited to the balance on the dashboard
-- or deducted from a cart): 003 allowed one use per context, so a voucher raced into both.
--
-- Rows that already break the new rule (one user, one coupon, both contexts) must not make this
-- migration fail. The earliest use stays; the later ones move to coupon_redemption_duplicates,
-- kept for the finance team (the money they gave is in the ledger and is not taken back here:
-- it may already have been spent).
CREATE TABLE coupon_redemption_duplicates (
  id          integer       PRIMARY KEY,
  coupon_id   integer       NOT NULL,
  user_id     integer       NOT NULL,
  context     text          NOT NULL,
  amount      numeric(12,2) NOT NULL,
  created_at  timestamptz   NOT NULL,
  moved_at    timestamptz   NOT NULL DEFAULT now()
);

INSERT INTO coupon_redemption_duplicates (id, coupon_id, user_id, context, amount, created_at)
SELECT id, coupon_id, user_id, context, amount, created_at
FROM (
  SELECT r.*, row_number() OVER (PARTITION BY coupon_id, user_id ORDER BY created_at, id) AS use_number
  FROM coupon_redemptions r
) uses
WHERE use_number > 1;

DELETE FROM coupon_redemptions WHERE id IN (SELECT id FROM coupon_redemption_duplicates);

ALTER TABLE coupon_redemptions DROP CONSTRAINT coupon_redemptions_once;
ALTER TABLE coupon_redemptions ADD CONSTRAINT coupon_redemptions_once_per_user UNIQUE (coupon_id, user_id);
