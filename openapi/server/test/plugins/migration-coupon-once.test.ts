import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { migrationsDir } from '../../src/paths.js';
import type { Database } from '../../src/plugins/external/db-schema.js';
import { openDatabase } from '../../src/plugins/external/db.js';
import { listMigrations, migrate } from '../../src/plugins/external/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

/** Migration 005 on a database that already holds a coupon used twice by one user (probe defect 2). */
describe('migration 005: one coupon use per user', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let before004: string;

  before(async () => {
    database = await createTestDatabase({ empty: true });
    db = await openDatabase(database.options);
    before004 = await mkdtemp(join(tmpdir(), 'pod-migrations-'));
    for (const file of (await listMigrations(migrationsDir)).filter((name) => Number(name.slice(0, 3)) <= 4)) {
      await copyFile(join(migrationsDir, file), join(before004, file));
    }
    await migrate(db, before004);
  });
  after(async () => {
    await db.destroy();
    await database.drop();
    await rm(before004, { recursive: true, force: true });
  });

  it('keeps the earliest use, moves the later ones aside, then refuses a second use in any context', async () => {
    const user = await db
      .insertInto('users')
      .values({ email: 'twice@example.test', password_hash: 'x', name_first: 'A', name_last: 'B' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const coupon = await db
      .insertInto('coupons')
      .values({ code: 'WELCOME50', type: 'value', amount: '50.00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const use = (context: 'balance' | 'cart', at: string) =>
      db
        .insertInto('coupon_redemptions')
        .values({ coupon_id: coupon.id, user_id: user.id, context, amount: '50.00', created_at: new Date(at) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await use('balance', '2026-01-01T10:00:00Z');
    const second = await use('cart', '2026-01-01T10:00:01Z');

    await migrate(db, migrationsDir);

    const kept = await db
      .selectFrom('coupon_redemptions')
      .select(['id', 'context'])
      .where('user_id', '=', user.id)
      .execute();
    assert.deepEqual(kept, [{ id: first.id, context: 'balance' }]);
    const moved = await sql<{
      id: number;
      context: string;
    }>`SELECT id, context FROM coupon_redemption_duplicates`.execute(db);
    assert.deepEqual(moved.rows, [{ id: second.id, context: 'cart' }]);
    await assert.rejects(use('cart', '2026-01-02T00:00:00Z'), (err: { code?: string }) => err.code === '23505');
  });
});
