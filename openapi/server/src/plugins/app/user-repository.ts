import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';
import { formatCents, toCents } from '@pod/shared-contracts/money';

declare module 'fastify' {
  interface FastifyInstance {
    userRepository: UserRepository;
  }
}

export interface NewUser {
  email: string;
  passwordHash: string;
  nameFirst: string;
  nameLast: string;
  phoneMain?: string | null;
  balance?: number;
  /** The ledger type that explains a starting balance (default 'opening balance'). */
  balanceEntryType?: 'welcome credit' | 'opening balance';
  userStatus?: number;
  initialLogin?: number;
}

/** Raised when the e-mail is already registered (case-insensitively), whoever won the race. */
export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`E-mail already registered: ${email}`);
    this.name = 'EmailTakenError';
  }
}

export interface UserRepository {
  findById(id: number): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** Inserts the user and, when the balance is above 0, its ledger entry, in one statement. */
  create(user: NewUser): Promise<UserRow>;
  /** Replaces the password hash; false when the user does not exist. */
  updatePasswordHash(id: number, passwordHash: string): Promise<boolean>;
  /** Sets user_status 1, but only from 0 (never downgrades a user awaiting re-signing, status 2). */
  activate(id: number): Promise<void>;
  /** false when the user does not exist. */
  setInitialLogin(id: number, initialLogin: number): Promise<boolean>;
  /**
   * Locks the user's row until the transaction ends (SELECT ... FOR UPDATE) and answers the
   * balance in cents; undefined when the user does not exist. Every balance change of the
   * checkout starts here, so parallel payments of one user run one after the other.
   */
  lockBalance(id: number): Promise<number | undefined>;
  /** The user's row, locked until the transaction ends (SELECT ... FOR UPDATE). */
  findForUpdate(id: number): Promise<UserRow | undefined>;
  /** Replaces users.misc (publisher and bank details). */
  updateMisc(id: number, misc: Record<string, unknown>): Promise<void>;
  /** Adds `deltaCents` (negative to debit) and answers the new balance in cents; the CHECK refuses < 0. */
  adjustBalance(id: number, deltaCents: number): Promise<number>;
}

const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's unique_violation (23505), from pg and PGlite alike. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}

export function createUserRepository(db: Kysely<Database>): UserRepository {
  return {
    async findById(id) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email) {
      // Matches the expression index users_email_lower_key.
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst();
    },

    async create(user) {
      const balance = formatCents(toCents(user.balance ?? 0));
      try {
        // One statement (data-modifying CTEs), so the balance and its explanation land together.
        return await db
          .with('created', (qb) =>
            qb
              .insertInto('users')
              .values({
                email: user.email.trim(),
                password_hash: user.passwordHash,
                name_first: user.nameFirst,
                name_last: user.nameLast,
                phone_main: user.phoneMain ?? null,
                balance,
                user_status: user.userStatus ?? 0,
                initial_login: user.initialLogin ?? 0,
              })
              .returningAll(),
          )
          .with('entry', (qb) =>
            qb
              .insertInto('ledger_entries')
              .columns([
                'user_id',
                'type',
                'amount_before_fees',
                'fee',
                'amount_after_fees',
                'balance_after',
                'created_at',
              ])
              .expression((eb) =>
                eb
                  .selectFrom('created')
                  .select([
                    'created.id',
                    sql<string>`${user.balanceEntryType ?? 'opening balance'}::text`.as('type'),
                    'created.balance',
                    sql<string>`0::numeric`.as('fee'),
                    'created.balance as after',
                    'created.balance as balance_after',
                    'created.created_at',
                  ])
                  .where('created.balance', '>', '0'),
              ),
          )
          .selectFrom('created')
          .selectAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        if (isUniqueViolation(err)) throw new EmailTakenError(user.email);
        throw err;
      }
    },

    async updatePasswordHash(id, passwordHash) {
      const result = await db
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async activate(id) {
      await db.updateTable('users').set({ user_status: 1 }).where('id', '=', id).where('user_status', '=', 0).execute();
    },

    async setInitialLogin(id, initialLogin) {
      const result = await db
        .updateTable('users')
        .set({ initial_login: initialLogin })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async lockBalance(id) {
      const row = await db.selectFrom('users').select('balance').where('id', '=', id).forUpdate().executeTakeFirst();
      return row === undefined ? undefined : toCents(row.balance);
    },

    async findForUpdate(id) {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async updateMisc(id, misc) {
      await db
        .updateTable('users')
        .set({ misc: JSON.stringify(misc) })
        .where('id', '=', id)
        .execute();
    },

    async adjustBalance(id, deltaCents) {
      const row = await db
        .updateTable('users')
        .set((eb) => ({ balance: eb('balance', '+', formatCents(deltaCents)) }))
        .where('id', '=', id)
        .returning('balance')
        .executeTakeFirstOrThrow();
      return toCents(row.balance);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('userRepository', createUserRepository(app.db));
  },
  { name: 'user-repository', dependencies: ['db'] },
);
