import type { Insertable, Kysely } from 'kysely';
import type { Database, RefreshTokensTable, RefreshTokenRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    refreshTokenRepository: RefreshTokenRepository;
  }
}

export type NewRefreshToken = Insertable<RefreshTokensTable>;

export interface RefreshTokenRepository {
  insert(token: NewRefreshToken): Promise<void>;
  findById(id: string): Promise<RefreshTokenRow | undefined>;
  /**
   * Atomically marks `id` used and stores its successor. Returns the successor, or undefined when
   * `id` is unknown, already used, revoked or expired at `now` (nothing is written then).
   */
  rotate(
    id: string,
    now: Date,
    successor: (current: RefreshTokenRow) => NewRefreshToken,
  ): Promise<RefreshTokenRow | undefined>;
  /** Revokes every still-active token of a family; returns how many were revoked. */
  revokeFamily(familyId: string, reason: string, now: Date): Promise<number>;
  /** Revokes every still-active token of every family of a user (password change or reset). */
  revokeAllForUser(userId: number, reason: string, now: Date): Promise<number>;
}

export function createRefreshTokenRepository(db: Kysely<Database>): RefreshTokenRepository {
  return {
    async insert(token) {
      await db.insertInto('refresh_tokens').values(token).execute();
    },

    async findById(id) {
      return db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async rotate(id, now, successor) {
      return db.transaction().execute(async (tx) => {
        // The conditional UPDATE is the lock: of two concurrent rotations only one gets the row.
        const current = await tx
          .updateTable('refresh_tokens')
          .set({ used_at: now })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .where('family_expires_at', '>', now)
          .returningAll()
          .executeTakeFirst();
        if (!current) return undefined;
        return tx.insertInto('refresh_tokens').values(successor(current)).returningAll().executeTakeFirstOrThrow();
      });
    },

    async revokeFamily(familyId, reason, now) {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now, revoke_reason: reason })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async revokeAllForUser(userId, reason, now) {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now, revoke_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('refreshTokenRepository', createRefreshTokenRepository(app.db));
  },
  { name: 'refresh-token-repository', dependencies: ['db'] },
);
