import { sql, type Kysely } from 'kysely';
import type { Database } from '../../plugins/external/db-schema.js';

export type SandboxProvider = 'payfast' | 'card' | 'paypal';

/** One stored sandbox session: what it is, where it stands, what its pages show. */
export interface SandboxSession<State> {
  id: string;
  status: string;
  state: State;
}

/**
 * The sandboxes' sessions in the database (migration 019), shared by every API instance: a
 * checkout started on one instance is paid, validated or captured on any other. Every change that
 * two requests could race on is one statement (an insert that keeps the first, an update from an
 * expected status), never a read then a write.
 */
export interface SandboxSessions {
  /** Stores a new session; false when (provider, kind, id) already exists (the first one stays). */
  create<State extends object>(
    provider: SandboxProvider,
    kind: string,
    session: SandboxSession<State>,
  ): Promise<boolean>;
  get<State>(provider: SandboxProvider, kind: string, id: string): Promise<SandboxSession<State> | undefined>;
  /**
   * Moves a session from status `from` to `to`, merging `patch` into its state; answers the session
   * after the move, or undefined when it does not exist or is no longer at `from` (another
   * request, maybe on another instance, moved it first).
   */
  advance<State>(
    provider: SandboxProvider,
    kind: string,
    id: string,
    move: { from: string; to: string; patch?: Partial<State> },
  ): Promise<SandboxSession<State> | undefined>;
  /** A provider-side number, unique across instances and restarts (pf_payment_id, a charge id). */
  nextNumber(): Promise<string>;
}

/**
 * How long a sandbox session is kept. Far beyond any payment's life (PayFast retries an ITN for
 * hours, a buyer's page is open minutes), so nothing in use is ever removed; without it the
 * table of a long-running development server would only grow.
 */
export const SANDBOX_SESSION_RETENTION_DAYS = 30;

export function createSandboxSessions(db: Kysely<Database>, now: () => Date): SandboxSessions {
  return {
    async create(provider, kind, session) {
      const at = now();
      // Each new session clears those past the retention (payment_sandbox_sessions_created_idx).
      await db
        .deleteFrom('payment_sandbox_sessions')
        .where('created_at', '<', new Date(at.getTime() - SANDBOX_SESSION_RETENTION_DAYS * 86_400_000))
        .execute();
      const result = await db
        .insertInto('payment_sandbox_sessions')
        .values({
          provider,
          kind,
          id: session.id,
          status: session.status,
          state: JSON.stringify(session.state),
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.columns(['provider', 'kind', 'id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async get<State>(provider: SandboxProvider, kind: string, id: string) {
      const row = await db
        .selectFrom('payment_sandbox_sessions')
        .select(['id', 'status', 'state'])
        .where('provider', '=', provider)
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { id: row.id, status: row.status, state: row.state as State };
    },

    async advance<State>(
      provider: SandboxProvider,
      kind: string,
      id: string,
      move: { from: string; to: string; patch?: Partial<State> },
    ) {
      const row = await db
        .updateTable('payment_sandbox_sessions')
        .set({
          status: move.to,
          state: sql`state || ${JSON.stringify(move.patch ?? {})}::jsonb`,
          updated_at: now(),
        })
        .where('provider', '=', provider)
        .where('kind', '=', kind)
        .where('id', '=', id)
        .where('status', '=', move.from)
        .returning(['id', 'status', 'state'])
        .executeTakeFirst();
      return row && { id: row.id, status: row.status, state: row.state as State };
    },

    async nextNumber() {
      const result = await sql<{ n: string }>`SELECT nextval('payment_sandbox_numbers')::text AS n`.execute(db);
      return result.rows[0]!.n;
    },
  };
}
