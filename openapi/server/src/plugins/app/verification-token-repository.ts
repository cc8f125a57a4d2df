import type { Insertable, Kysely } from 'kysely';
import type { Database, VerificationTokenRow, VerificationTokensTable } from '../external/db-schema.js';
import { definePlugin } from '../define-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    verificationTokenRepository: VerificationTokenRepository;
  }
}

export type NewVerificationToken = Insertable<VerificationTokensTable>;

export interface VerificationTokenRepository {
  insert(token: NewVerificationToken): Promise<void>;
  /** Newest first; used by tests now and by the verification endpoint in the next issue. */
  listForUser(userId: number, purpose: VerificationTokenRow['purpose']): Promise<VerificationTokenRow[]>;
}

export function createVerificationTokenRepository(db: Kysely<Database>): VerificationTokenRepository {
  return {
    async insert(token) {
      await db.insertInto('verification_tokens').values(token).execute();
    },

    async listForUser(userId, purpose) {
      return db
        .selectFrom('verification_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .execute();
    },
  };
}

export default definePlugin(
  async (app) => {
    app.decorate('verificationTokenRepository', createVerificationTokenRepository(app.db));
  },
  { name: 'verification-token-repository', dependencies: ['db'] },
);
