-- Attempt limits (login, registration, password-reset requests) shared by every API instance.
-- One row per key (e.g. 'login-account:<sha256 of the e-mail>'): a fixed window that starts with
-- the key's first attempt and ends at resets_at. The counter is reserved atomically by one
-- INSERT ... ON CONFLICT DO UPDATE ... WHERE count < max, so parallel requests never overshoot.
CREATE TABLE attempt_counters (
  key        text        PRIMARY KEY,
  count      integer     NOT NULL CHECK (count >= 0),
  resets_at  timestamptz NOT NULL
);

-- Expired windows are purged in small batches by resets_at.
CREATE INDEX attempt_counters_resets_at_idx ON attempt_counters (resets_at);
