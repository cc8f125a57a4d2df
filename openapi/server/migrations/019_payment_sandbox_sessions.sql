-- The payment sandboxes' sessions (src/payments/sandbox/): a PayFast payment shown and the ITNs
-- it sent, a card charge, a PayPal order. They lived in one process's memory, so behind a load
-- balancer a checkout started on one API instance was unknown to the instance that received the
-- buyer's Pay or the merchant's validation, and a restart forgot them all. Here every instance
-- sees the same sessions.
--
-- One table for the three providers: (provider, kind, id) names a session ('payfast', 'payment',
-- <uuid>), ('payfast', 'itn', <sha-256 of the ITN's validate string>), ('card', 'charge',
-- <tx_ref>), ('paypal', 'order', <order id>). `status` is what concurrent requests race on: a
-- decision is one conditional UPDATE (status = the expected one), so a Pay clicked twice, on two
-- instances, pays once. `state` holds what the pages and answers show.
CREATE TABLE payment_sandbox_sessions (
  provider    text        NOT NULL CHECK (provider IN ('payfast', 'card', 'paypal')),
  kind        text        NOT NULL,
  id          text        NOT NULL,
  status      text        NOT NULL,
  state       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (provider, kind, id)
);

CREATE INDEX payment_sandbox_sessions_created_idx ON payment_sandbox_sessions (created_at);

-- Provider-side numbers (pf_payment_id, a card charge's id) unique across instances and restarts.
CREATE SEQUENCE payment_sandbox_numbers START WITH 1000000;
