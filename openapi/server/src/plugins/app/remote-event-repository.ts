import { sql, type Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { RemoteEventCount } from '../../domain/remote-events.js';
import type { Database } from '../external/db-schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    remoteEventRepository: RemoteEventRepository;
  }
}

/** The counts of one remote version (and channel) over a range of hours. */
export interface RemoteEventTotals {
  loads: number;
  loadFailures: number;
  renderErrors: number;
}

/** One line of the report: a remote's version on one channel, with its counts. */
export interface RemoteVersionTotals extends RemoteEventTotals {
  remote: string;
  version: string;
  channel: string;
}

/** The front-end event counters (migration 021): POST /monitoring/remote-events, the canary guard, `report remotes`. */
export interface RemoteEventRepository {
  /**
   * Adds each event's count to its counter of `hour`, in one statement (counters that do not
   * exist yet are created). The events must be folded (foldEvents): one statement may not touch a
   * row twice.
   */
  add(environment: string, hour: Date, events: readonly RemoteEventCount[]): Promise<void>;
  /** The counts of one version on one channel in the hours from `since` (inclusive). */
  totals(
    filter: { environment: string; remote: string; version: string; channel: string },
    since: Date,
  ): Promise<RemoteEventTotals>;
  /** Every remote version and channel with counts in the hours from `since`, by remote, then newest first. */
  versions(environment: string, since: Date): Promise<RemoteVersionTotals[]>;
  /** Deletes up to `limit` counters of hours before `before`; answers how many. */
  purgeBefore(before: Date, limit: number): Promise<number>;
}

interface SumRow {
  loads: string;
  load_failures: string;
  render_errors: string;
}

/** The three sums, as text (bigint arrives as text or BigInt depending on the driver). */
const SUMS = sql<string>`
  coalesce(sum(count) FILTER (WHERE kind = 'load'), 0)::text AS loads,
  coalesce(sum(count) FILTER (WHERE kind = 'load-failure'), 0)::text AS load_failures,
  coalesce(sum(count) FILTER (WHERE kind = 'render-error'), 0)::text AS render_errors`;

const totalsOf = (row: SumRow | undefined): RemoteEventTotals => ({
  loads: Number(row?.loads ?? 0),
  loadFailures: Number(row?.load_failures ?? 0),
  renderErrors: Number(row?.render_errors ?? 0),
});

export function createRemoteEventRepository(db: Kysely<Database>): RemoteEventRepository {
  return {
    async add(environment, hour, events) {
      if (events.length === 0) return;
      await db
        .insertInto('remote_event_counts')
        .values(
          events.map((event) => ({
            environment,
            remote: event.remote,
            version: event.version,
            channel: event.channel,
            route: event.route,
            kind: event.kind,
            hour,
            count: event.count,
          })),
        )
        // Atomic per row: parallel reports, on any instance, all add up.
        .onConflict((conflict) =>
          conflict
            .columns(['environment', 'remote', 'version', 'channel', 'route', 'kind', 'hour'])
            .doUpdateSet({ count: sql`remote_event_counts.count + excluded.count` }),
        )
        .execute();
    },

    async totals({ environment, remote, version, channel }, since) {
      const { rows } = await sql<SumRow>`
        SELECT ${SUMS}
        FROM remote_event_counts
        WHERE environment = ${environment} AND remote = ${remote} AND version = ${version}
          AND channel = ${channel} AND hour >= ${since}`.execute(db);
      return totalsOf(rows[0]);
    },

    async versions(environment, since) {
      const { rows } = await sql<SumRow & { remote: string; version: string; channel: string; last_hour: Date }>`
        SELECT remote, version, channel, max(hour) AS last_hour, ${SUMS}
        FROM remote_event_counts
        WHERE environment = ${environment} AND hour >= ${since}
        GROUP BY remote, version, channel
        ORDER BY remote, last_hour DESC, version DESC, channel`.execute(db);
      return rows.map((row) => ({ remote: row.remote, version: row.version, channel: row.channel, ...totalsOf(row) }));
    },

    async purgeBefore(before, limit) {
      const result = await sql`
        DELETE FROM remote_event_counts
        WHERE ctid IN (SELECT ctid FROM remote_event_counts WHERE hour < ${before} LIMIT ${limit})`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('remoteEventRepository', createRemoteEventRepository(app.db));
  },
  { name: 'remote-event-repository', dependencies: ['db'] },
);
