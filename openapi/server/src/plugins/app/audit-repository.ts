import type { Kysely } from 'kysely';
import type { AdminAuditRow, Database } from '../external/db-schema.js';

export interface NewAuditEntry {
  actor: string;
  action: string;
  userId?: number | null;
  target?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

/** The admin console's trail (admin_audit, migration 012): written in the transaction of the action it records. */
export interface AuditRepository {
  record(entry: NewAuditEntry): Promise<AdminAuditRow>;
  /** Newest first, optionally of one user. */
  list(filter?: { userId?: number; limit?: number }): Promise<AdminAuditRow[]>;
}

export function createAuditRepository(db: Kysely<Database>): AuditRepository {
  return {
    async record({ actor, action, userId, target, details, at }) {
      return db
        .insertInto('admin_audit')
        .values({
          actor,
          action,
          user_id: userId ?? null,
          target: target ?? null,
          details: JSON.stringify(details ?? {}),
          created_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async list(filter = {}) {
      let query = db
        .selectFrom('admin_audit')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit ?? 50);
      if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
      return query.execute();
    },
  };
}
