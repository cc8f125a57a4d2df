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

/** The last migration before the kept order counts. */
const BEFORE_COUNTS = 21;

/** Migration 022 on a database that already holds order lines: the counts start from them. */
describe('migration 022: order ids counted per user', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let earlier: string;

  before(async () => {
    database = await createTestDatabase({ empty: true });
    db = await openDatabase(database.options);
    earlier = await mkdtemp(join(tmpdir(), 'pod-migrations-'));
    for (const file of (await listMigrations(migrationsDir)).filter(
      (name) => Number(name.slice(0, 3)) <= BEFORE_COUNTS,
    )) {
      await copyFile(join(migrationsDir, file), join(earlier, file));
    }
    await migrate(db, earlier);
  });
  after(async () => {
    await db.destroy();
    await database.drop();
    await rm(earlier, { recursive: true, force: true });
  });

  it("counts each user's distinct order ids of the lines already there, then keeps counting", async () => {
    const user = (email: string) =>
      db
        .insertInto('users')
        .values({ email, password_hash: 'x', name_first: 'A', name_last: 'B' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [first, second, none] = [
      await user('first@example.test'),
      await user('second@example.test'),
      await user('none@example.test'),
    ];
    const line = (userId: number, orderId: string) => ({
      order_id: orderId,
      user_id: userId,
      book_id: null,
      product_title: 'Karoo Nights',
      customer: null,
      sale_status: 'shipped to customer',
      selling_price: 100,
      order_date: new Date('2026-03-01T10:00:00Z'),
      takealot_url: null,
    });
    await db
      .insertInto('orders')
      .values([line(first.id, '1'), line(first.id, '1'), line(first.id, '2'), line(second.id, '1')])
      .execute();

    await migrate(db, migrationsDir);

    const counts = async () =>
      (
        await sql<{ user_id: number; orders: string }>`
          SELECT user_id, orders FROM user_order_counts ORDER BY user_id`.execute(db)
      ).rows.map((row) => [row.user_id, Number(row.orders)]);
    assert.deepEqual(await counts(), [
      [first.id, 2],
      [second.id, 1],
    ]);
    const lines = await sql<{ user_id: number; order_id: string; lines: string }>`
      SELECT user_id, order_id, lines FROM order_id_lines ORDER BY user_id, order_id`.execute(db);
    assert.deepEqual(
      lines.rows.map((row) => [row.user_id, row.order_id, Number(row.lines)]),
      [
        [first.id, '1', 2],
        [first.id, '2', 1],
        [second.id, '1', 1],
      ],
    );

    await db
      .insertInto('orders')
      .values([line(first.id, '2'), line(first.id, '3'), line(none.id, '9')])
      .execute();
    assert.deepEqual(await counts(), [
      [first.id, 3],
      [second.id, 1],
      [none.id, 1],
    ]);
  });
});
