import type { Kysely } from 'kysely';
import type { Database } from '../external/db-schema.js';
import { definePlugin } from '../define-plugin.js';
import { createRefreshTokenRepository, type RefreshTokenRepository } from './refresh-token-repository.js';
import { createUserRepository, type UserRepository } from './user-repository.js';
import {
  createVerificationTokenRepository,
  type VerificationTokenRepository,
} from './verification-token-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    unitOfWork: UnitOfWork;
  }
}

/** The repositories, bound to one transaction. */
export interface TransactionalRepositories {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  verificationTokens: VerificationTokenRepository;
}

/**
 * Runs several repository calls atomically (e.g. consume a reset link, store the new password and
 * revoke the sessions: all or nothing), so services never touch the database themselves.
 */
export interface UnitOfWork {
  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (repositories: TransactionalRepositories) => Promise<T>): Promise<T>;
}

export function createUnitOfWork(db: Kysely<Database>): UnitOfWork {
  return {
    run(work) {
      return db.transaction().execute((tx) =>
        work({
          users: createUserRepository(tx),
          refreshTokens: createRefreshTokenRepository(tx),
          verificationTokens: createVerificationTokenRepository(tx),
        }),
      );
    },
  };
}

export default definePlugin(
  async (app) => {
    app.decorate('unitOfWork', createUnitOfWork(app.db));
  },
  { name: 'unit-of-work', dependencies: ['db'] },
);
