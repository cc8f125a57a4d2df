import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    idempotencyRepository: IdempotencyRepository;
  }
}

export interface NewClaim {
  scope: string;
  key: string;
  userId: number | null;
  fingerprint: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

/** The answer kept for a key. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: Uint8Array;
}

/** Idempotency-Key claims and their kept answers (migration 014; src/idempotency.ts). */
export interface IdempotencyRepository {
  /**
   * Claims (scope, key) for one request: the id of the new claim, or undefined when the key is
   * taken. A row past its expiry, or a claim whose request never finished within its lease, is
   * removed first and so can be claimed again.
   */
  claim(claim: NewClaim): Promise<number | undefined>;
  /** The row holding (scope, key), if any. */
  find(scope: string, key: string): Promise<IdempotencyKeyRow | undefined>;
  /** Keeps the answer of claim `id`; false when the claim is gone (taken over or expired). */
  complete(id: number, answer: StoredAnswer, at: Date): Promise<boolean>;
  /** Gives claim `id` up (a 5xx, an answer that cannot be kept): the key may be used again. */
  release(id: number): Promise<void>;
  /** Deletes up to `limit` rows expired at `now`; answers how many. */
  purgeExpired(now: Date, limit: number): Promise<number>;
}

export function createIdempotencyRepository(db: Kysely<Database>): IdempotencyRepository {
  return {
    async claim({ scope, key, userId, fingerprint, now, lockedUntil, expiresAt }) {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where((eb) =>
          eb.or([eb('expires_at', '<=', now), eb.and([eb('status_code', 'is', null), eb('locked_until', '<=', now)])]),
        )
        .execute();
      // DO NOTHING: of any number of parallel first requests exactly one inserts; the others
      // see no row returned and read the winner's.
      const row = await db
        .insertInto('idempotency_keys')
        .values({
          scope,
          key,
          user_id: userId,
          fingerprint,
          created_at: now,
          locked_until: lockedUntil,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async find(scope, key) {
      return db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async complete(id, { statusCode, contentType, body }, at) {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, content_type: contentType, body, completed_at: at })
        .where('id', '=', id)
        .where('status_code', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async release(id) {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).where('status_code', 'is', null).execute();
    },

    async purgeExpired(now, limit) {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('id', 'in', (eb) =>
          eb.selectFrom('idempotency_keys').select('id').where('expires_at', '<=', now).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('idempotencyRepository', createIdempotencyRepository(app.db));
  },
  { name: 'idempotency-repository', dependencies: ['db'] },
);
