import type { Kysely } from 'kysely';
import type { Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';
import { createAccountSecurityRepository, type AccountSecurityRepository } from './account-security-repository.js';
import { createAuditRepository, type AuditRepository } from './audit-repository.js';
import { createBookRepository, type BookRepository } from './book-repository.js';
import { createChatRepository, type ChatRepository } from './chat-repository.js';
import { createCartRepository, type CartRepository } from './cart-repository.js';
import { createContractRepository, type ContractRepository } from './contract-repository.js';
import { createCouponRepository, type CouponRepository } from './coupon-repository.js';
import { createJobRepository, type JobRepository } from './job-repository.js';
import { createOrderRepository, type OrderRepository } from './order-repository.js';
import {
  createPaymentNotificationRepository,
  type PaymentNotificationRepository,
} from './payment-notification-repository.js';
import { createPaymentRepository, type PaymentRepository } from './payment-repository.js';
import { createRefreshTokenRepository, type RefreshTokenRepository } from './refresh-token-repository.js';
import { createUploadRepository, type UploadRepository } from './upload-repository.js';
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
  books: BookRepository;
  orders: OrderRepository;
  coupons: CouponRepository;
  cart: CartRepository;
  contracts: ContractRepository;
  payments: PaymentRepository;
  /** Enqueued jobs commit (or not) with the work that asked for them. */
  jobs: JobRepository;
  paymentNotifications: PaymentNotificationRepository;
  /** Chunked uploads; `lock` holds the row until the transaction ends. */
  uploads: UploadRepository;
  chat: ChatRepository;
  /** The admin console's trail: recorded in the transaction of the action. */
  audit: AuditRepository;
  /** Two-factor secrets and recovery codes (switched on together). */
  accountSecurity: AccountSecurityRepository;
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
          books: createBookRepository(tx),
          orders: createOrderRepository(tx),
          coupons: createCouponRepository(tx),
          cart: createCartRepository(tx),
          contracts: createContractRepository(tx),
          payments: createPaymentRepository(tx),
          jobs: createJobRepository(tx),
          paymentNotifications: createPaymentNotificationRepository(tx),
          uploads: createUploadRepository(tx),
          chat: createChatRepository(tx),
          audit: createAuditRepository(tx),
          accountSecurity: createAccountSecurityRepository(tx),
        }),
      );
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('unitOfWork', createUnitOfWork(app.db));
  },
  { name: 'unit-of-work', dependencies: ['db'] },
);
