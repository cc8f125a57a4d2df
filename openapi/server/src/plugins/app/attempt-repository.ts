import { sql, type Kysely } from 'kysely';
import type { Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    attemptRepository: AttemptRepository;
  }
}

/** The outcome of one reservation: granted or not, and when the key's current window ends. */
export interface AttemptReservation {
  granted: boolean;
  resetsAt: Date;
}

export interface AttemptRepository {
  /**
   * Counts one attempt for `key` unless its window already holds `max`, in one statement: of any
   * number of parallel callers exactly `max` per window are granted. A window starts with the
   * key's first attempt (or the first after the previous window ended) and lasts `windowSeconds`.
   */
  reserve(key: string, max: number, windowSeconds: number, now: Date): Promise<AttemptReservation>;
  /** Gives one granted attempt back (a success, or a second limit refused it); only in that same window. */
  release(key: string, resetsAt: Date): Promise<void>;
  /** Ends the key's window at once (its owner proved who she is some other way). */
  forget(key: string): Promise<void>;
  /** Forgets up to `limit` keys whose window ended; answers how many. */
  purgeExpired(now: Date, limit: number): Promise<number>;
}

interface CounterRow {
  count: number;
  resets_at: Date;
}

export function createAttemptRepository(db: Kysely<Database>): AttemptRepository {
  return {
    async reserve(key, max, windowSeconds, now) {
      const fresh = new Date(now.getTime() + windowSeconds * 1000);
      // ON CONFLICT DO UPDATE locks the row and re-evaluates the WHERE against the newest version,
      // so concurrent reservations queue on the row instead of all reading the same count.
      const { rows } = await sql<CounterRow>`
        INSERT INTO attempt_counters AS c (key, count, resets_at)
        VALUES (${key}, 1, ${fresh})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.resets_at <= ${now} THEN 1 ELSE c.count + 1 END,
          resets_at = CASE WHEN c.resets_at <= ${now} THEN EXCLUDED.resets_at ELSE c.resets_at END
        WHERE c.resets_at <= ${now} OR c.count < ${max}
        RETURNING count, resets_at`.execute(db);
      if (rows[0]) return { granted: true, resetsAt: new Date(rows[0].resets_at) };

      const current = await db
        .selectFrom('attempt_counters')
        .select('resets_at')
        .where('key', '=', key)
        .executeTakeFirst();
      // Purged between the two statements: refuse this once; the next attempt starts a window.
      return { granted: false, resetsAt: current ? new Date(current.resets_at) : fresh };
    },

    async release(key, resetsAt) {
      await db
        .updateTable('attempt_counters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('resets_at', '=', resetsAt)
        .where('count', '>', 0)
        .execute();
    },

    async forget(key) {
      await db.deleteFrom('attempt_counters').where('key', '=', key).execute();
    },

    async purgeExpired(now, limit) {
      const result = await db
        .deleteFrom('attempt_counters')
        .where('key', 'in', (eb) =>
          eb.selectFrom('attempt_counters').select('key').where('resets_at', '<=', now).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('attemptRepository', createAttemptRepository(app.db));
  },
  { name: 'attempt-repository', dependencies: ['db'] },
);
