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
  /** Names and phone (the details modal); the updated row, undefined when the user does not exist. */
  updateDetails(
    id: number,
    details: { name_first: string; name_last: string; phone_main: string | null },
  ): Promise<UserRow | undefined>;
  /** Stores an update request for admin review (user_confirmation 1); false when the user does not exist. */
  submitChangeRequest(id: number, pending: Record<string, unknown>): Promise<boolean>;
  /** Users with an update request waiting for review (user_confirmation 1), oldest account first. */
  listPendingRequests(): Promise<UserRow[]>;
  /**
   * An admin approved the request: the changes are applied, the request stays in pending_changes
   * for the user's review (admin_confirmation 1, user_confirmation 0); `userStatus` when it changes.
   */
  applyApprovedChanges(
    id: number,
    changes: { name_first: string; name_last: string; phone_main: string | null; misc: Record<string, unknown> },
    userStatus?: number,
  ): Promise<void>;
  /** An admin denied the request: pending_changes null, user_confirmation 0. */
  dropChangeRequest(id: number): Promise<void>;
  /** The user accepted the applied changes (only while admin_confirmation is 1); false otherwise. */
  acceptAppliedChanges(id: number): Promise<boolean>;
  /** Sets user_status to `to` only while it is `from`; whether it changed. */
  moveStatus(id: number, from: number, to: number): Promise<boolean>;
  /** Replaces the e-mail address; throws EmailTakenError when another account has it. */
  changeEmail(id: number, email: string): Promise<void>;
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

    async updateDetails(id, details) {
      return db.updateTable('users').set(details).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async submitChangeRequest(id, pending) {
      const result = await db
        .updateTable('users')
        .set({ pending_changes: JSON.stringify(pending), user_confirmation: 1 })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listPendingRequests() {
      return db
        .selectFrom('users')
        .selectAll()
        .where('user_confirmation', '=', 1)
        .where('pending_changes', 'is not', null)
        .orderBy('id')
        .execute();
    },

    async applyApprovedChanges(id, changes, userStatus) {
      await db
        .updateTable('users')
        .set({
          name_first: changes.name_first,
          name_last: changes.name_last,
          phone_main: changes.phone_main,
          misc: JSON.stringify(changes.misc),
          user_confirmation: 0,
          admin_confirmation: 1,
          ...(userStatus !== undefined && { user_status: userStatus }),
        })
        .where('id', '=', id)
        .execute();
    },

    async dropChangeRequest(id) {
      await db.updateTable('users').set({ pending_changes: null, user_confirmation: 0 }).where('id', '=', id).execute();
    },

    async acceptAppliedChanges(id) {
      const result = await db
        .updateTable('users')
        // A newer request submitted meanwhile (user_confirmation 1) stays for its own review.
        .set({
          admin_confirmation: 0,
          pending_changes: sql<string | null>`CASE WHEN user_confirmation = 1 THEN pending_changes ELSE NULL END`,
        })
        .where('id', '=', id)
        .where('admin_confirmation', '=', 1)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async moveStatus(id, from, to) {
      const result = await db
        .updateTable('users')
        .set({ user_status: to })
        .where('id', '=', id)
        .where('user_status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async changeEmail(id, email) {
      try {
        await db.updateTable('users').set({ email: email.trim() }).where('id', '=', id).execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw new EmailTakenError(email);
        throw err;
      }
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('userRepository', createUserRepository(app.db));
  },
  { name: 'user-repository', dependencies: ['db'] },
);
