-- Small key/value store for server-generated settings, e.g. the JWT secret
-- created on first start when JWT_SECRET is not set (so restarts keep sessions valid).
CREATE TABLE app_settings (
  key         text        PRIMARY KEY,
  value       text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
