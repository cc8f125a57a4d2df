-- Front-end load and error counts of the federated remotes (issue 19, POST
-- /monitoring/remote-events): one counter per environment, remote, version, channel, route
-- pattern, kind and hour (UTC), added to with INSERT ... ON CONFLICT DO UPDATE SET count = count +
-- excluded.count, so any number of API instances count into the same rows. No client address,
-- user or message is stored: the report call carries none. The canary guard and
-- `report remotes` sum these rows; rows older than 30 days are purged by the reporting path.
CREATE TABLE remote_event_counts (
  environment  text        NOT NULL,
  remote       text        NOT NULL CHECK (remote IN ('remote_account', 'remote_library', 'remote_checkout', 'remote_wizard')),
  version      text        NOT NULL,
  channel      text        NOT NULL CHECK (channel IN ('stable', 'canary', 'pinned')),
  route        text        NOT NULL,
  kind         text        NOT NULL CHECK (kind IN ('load', 'load-failure', 'render-error')),
  hour         timestamptz NOT NULL,
  count        bigint      NOT NULL CHECK (count > 0),
  PRIMARY KEY (environment, remote, version, channel, route, kind, hour)
);

-- The report's range and the purge of old hours.
CREATE INDEX remote_event_counts_hour_idx ON remote_event_counts (hour);

-- The canary guard (src/jobs/canary-guard.ts) is one chain of jobs per environment: each run
-- enqueues the next. At most one of them may wait at a time, whatever number of instances arm
-- it at start, so it runs once per interval across all of them (the claim's FOR UPDATE SKIP
-- LOCKED gives each run to one worker). A guard job has one attempt, so it never goes back to
-- 'queued' (only a new insert does, with ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX jobs_canary_guard_once_idx ON jobs ((payload ->> 'environment'))
  WHERE type = 'canary-guard' AND status = 'queued';
