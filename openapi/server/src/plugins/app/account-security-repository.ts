import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    accountSecurityRepository: AccountSecurityRepository;
  }
}

/**
 * Two-factor sign-in and login notifications (migration 013): the sealed TOTP secrets on the
 * user's row, the last accepted step, the recovery codes. Values arrive sealed and hashed; this
 * layer never sees a secret or a code in clear. Every change is conditional on the state it
 * expects, so a race between two requests has exactly one winner.
 */
export interface AccountSecurityRepository {
  /** Stores a pending secret unless two-factor is already on; false then (or no such user). */
  savePendingSecret(userId: number, sealed: string): Promise<boolean>;
  /**
   * Makes the pending secret `pendingSealed` active (only while it is still the pending one and
   * two-factor is off), records `step` as used and replaces the recovery codes; false when the
   * state changed meanwhile. Run it in a unit of work: the codes and the switch go together.
   */
  enable(userId: number, pendingSealed: string, step: number, codeHashes: string[], at: Date): Promise<boolean>;
  /** Turns two-factor off: secrets, last step and every recovery code go. False when it was off. */
  disable(userId: number): Promise<boolean>;
  /** Records `step` as used, only when it is newer than the last one used; whether it was. */
  useStep(userId: number, step: number): Promise<boolean>;
  /** Spends an unused recovery code of the user; whether one was spent. */
  useRecoveryCode(userId: number, codeHash: string, at: Date): Promise<boolean>;
  /** Stores the login-notification choice; the updated row (undefined when no such user). */
  setLoginNotifications(userId: number, enabled: boolean): Promise<UserRow | undefined>;
}

export function createAccountSecurityRepository(db: Kysely<Database>): AccountSecurityRepository {
  return {
    async savePendingSecret(userId, sealed) {
      const result = await db
        .updateTable('users')
        .set({ totp_pending_secret: sealed })
        .where('id', '=', userId)
        .where('totp_secret', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async enable(userId, pendingSealed, step, codeHashes, at) {
      const switched = await db
        .updateTable('users')
        .set({ totp_secret: pendingSealed, totp_pending_secret: null, totp_last_step: step })
        .where('id', '=', userId)
        .where('totp_secret', 'is', null)
        .where('totp_pending_secret', '=', pendingSealed)
        .executeTakeFirst();
      if (switched.numUpdatedRows === 0n) return false;
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at })))
        .execute();
      return true;
    },

    async disable(userId) {
      const result = await db
        .updateTable('users')
        .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
        .where('id', '=', userId)
        .where('totp_secret', 'is not', null)
        .executeTakeFirst();
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      return result.numUpdatedRows > 0n;
    },

    async useStep(userId, step) {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where('totp_secret', 'is not', null)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async useRecoveryCode(userId, codeHash, at) {
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setLoginNotifications(userId, enabled) {
      return db
        .updateTable('users')
        .set({ login_notifications: enabled })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('accountSecurityRepository', createAccountSecurityRepository(app.db));
  },
  { name: 'account-security-repository', dependencies: ['db'] },
);
