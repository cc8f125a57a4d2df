import type { Insertable, Kysely } from 'kysely';
import type { Database, VerificationTokenRow, VerificationTokensTable } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    verificationTokenRepository: VerificationTokenRepository;
  }
}

export type NewVerificationToken = Insertable<VerificationTokensTable>;
export type LinkPurpose = VerificationTokenRow['purpose'];

/** Identifies one e-mailed link: whose, what for, and the SHA-256 of its token. */
export interface LinkKey {
  userId: number;
  purpose: LinkPurpose;
  tokenHash: string;
}

/** One-time tokens of e-mailed links (verification, password reset), stored as hashes only. */
export interface VerificationTokenRepository {
  insert(token: NewVerificationToken): Promise<void>;
  /** Newest first. */
  listForUser(userId: number, purpose: LinkPurpose): Promise<VerificationTokenRow[]>;
  /** The token if it is unused and unexpired at `now`; nothing is written. */
  findUsable(key: LinkKey, now: Date): Promise<VerificationTokenRow | undefined>;
  /**
   * Marks the token used if it is unused and unexpired at `now`, in one conditional UPDATE (of two
   * concurrent uses only one wins). Returns it, or undefined when it was not usable.
   */
  consume(key: LinkKey, now: Date): Promise<VerificationTokenRow | undefined>;
  /** Deletes the user's not yet used tokens of `purpose` (a newer link replaces them); returns how many. */
  discardUnused(userId: number, purpose: LinkPurpose): Promise<number>;
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

    async findUsable({ userId, purpose, tokenHash }, now) {
      return db
        .selectFrom('verification_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async consume({ userId, purpose, tokenHash }, now) {
      return db
        .updateTable('verification_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    async discardUnused(userId, purpose) {
      const result = await db
        .deleteFrom('verification_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('verificationTokenRepository', createVerificationTokenRepository(app.db));
  },
  { name: 'verification-token-repository', dependencies: ['db'] },
);
