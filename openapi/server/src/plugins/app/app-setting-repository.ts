import type { Kysely } from 'kysely';
import type { Database } from '../external/db-schema.js';

/** Server-generated settings (app_settings). Used by plugins/external/auth before the app plugins load. */
export interface AppSettingRepository {
  /** Returns the stored value, storing `create()` first if the key is new; safe under concurrent starts. */
  getOrCreate(key: string, create: () => string): Promise<string>;
}

export function createAppSettingRepository(db: Kysely<Database>): AppSettingRepository {
  return {
    async getOrCreate(key, create) {
      await db
        .insertInto('app_settings')
        .values({ key, value: create() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
