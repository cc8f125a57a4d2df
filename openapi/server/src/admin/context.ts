import type { Kysely } from 'kysely';
import { createAuditRepository } from '../plugins/app/audit-repository.js';
import { createUnitOfWork, type TransactionalRepositories } from '../plugins/app/unit-of-work.js';
import { createUserRepository } from '../plugins/app/user-repository.js';
import type { Database, UserRow } from '../plugins/external/db-schema.js';
import type { WebPush } from '../push/index.js';

/** A refusal of the console, printed as `error: <message>` with exit code 1. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

/** What every console action needs: the database (through repositories), the clock and who acts. */
export interface AdminContext {
  db: Kysely<Database>;
  /** The admin's name, recorded with every action (`--as`, else ADMIN_NAME, else the OS user). */
  actor: string;
  now: () => Date;
  /** Web push for `push test` (null or absent: push is off). */
  push?: WebPush | null;
}

/** The audit row an action asks for: what it did, on whom, with which details (never secrets). */
export interface AuditNote {
  action: string;
  userId?: number | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

/** Repositories outside a transaction, for the console's reads that are not audited (the trail itself). */
export function adminRepositories(db: Kysely<Database>) {
  return { users: createUserRepository(db), audit: createAuditRepository(db) };
}

/**
 * Runs one console action in a transaction and writes its audit row in the same transaction, so
 * an action is recorded exactly when it took effect. `work` answers the result and its note.
 */
export async function audited<T>(
  context: AdminContext,
  work: (repos: TransactionalRepositories) => Promise<{ result: T; note: AuditNote }>,
): Promise<T> {
  return createUnitOfWork(context.db).run(async (repos) => {
    const { result, note } = await work(repos);
    await repos.audit.record({
      actor: context.actor,
      action: note.action,
      userId: note.userId ?? null,
      target: note.target ?? null,
      details: note.details ?? {},
      at: context.now(),
    });
    return result;
  });
}

/** A user named by id (digits) or e-mail address; AdminError when there is none. */
export async function findUser(repos: Pick<TransactionalRepositories, 'users'>, who: string): Promise<UserRow> {
  const trimmed = who.trim();
  const user = /^\d+$/.test(trimmed)
    ? Number(trimmed) <= 2_147_483_647
      ? await repos.users.findById(Number(trimmed))
      : undefined
    : await repos.users.findByEmail(trimmed);
  if (!user) throw new AdminError(`No user ${JSON.stringify(trimmed)} (give an id or an e-mail address)`);
  return user;
}

/** A positive whole id, or AdminError naming what it is. */
export function idArgument(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AdminError(`${what} must be a positive whole number, got ${JSON.stringify(value ?? '')}`);
  }
  return id;
}
