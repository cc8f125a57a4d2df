import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { NewOrderRow } from '../../src/plugins/external/db-schema.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

/** How long the first of two racing transactions holds its new line before it ends. */
const RACE_HOLD_MS = 150;
/** How long after the first the second starts writing the same order id. */
const RACE_START_MS = 30;

/**
 * The total of GET /user/getbookorders (orders = distinct order ids) is kept beside the lines by
 * migration 022's triggers instead of being counted per request: whatever writes, moves or
 * removes lines, it must stay the count of the user's distinct order ids. Meant for PostgreSQL
 * too (the two racing writers are real parallel transactions there):
 * `DATABASE_URL=postgres://... node --import tsx --test <this file>`.
 */
describe('getbookorders total, kept with the lines', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const author = async () => {
    const user = await registerActiveUser(t.app);
    const [book] = await t.app.bookRepository.insertMany([
      {
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: false,
        book_title: 'Karoo Nights',
        format_type: 'print' as const,
        misc: JSON.stringify({ status: 'approved', archived: false, isPaid: true, bookStage: 'published' }),
      },
    ]);
    // Lines of a book count in the reports once per (book, order id), and a second such line
    // written at the same time fails (migration 017); lines without a book (deleted) meet
    // nothing but this count.
    const line = (orderId: string, day: number, bookId: number | null = book!.id): NewOrderRow => ({
      order_id: orderId,
      user_id: user.id,
      book_id: bookId,
      product_title: 'Karoo Nights',
      customer: 'Sipho Mokoena',
      sale_status: 'shipped to customer',
      selling_price: 200,
      quantity: 1,
      order_date: new Date(Date.UTC(2026, 2, day, 10)),
      takealot_url: null,
    });
    /** The total the API answers, unfiltered and filtered, and the count of the lines themselves. */
    const totals = async () => {
      const total = async (query: string) => {
        const response = await t.app.inject({
          url: `/api/v1/user/getbookorders?${query}`,
          headers: bearer(user.accessToken),
        });
        assert.equal(response.statusCode, 200, response.body);
        return response.json<{ total: number }>().total;
      };
      const counted = await sql<{ n: string }>`
        SELECT count(DISTINCT order_id) AS n FROM orders WHERE user_id = ${user.id}`.execute(t.app.db);
      return {
        kept: await total('take=1'),
        // Filtered totals are counted over the page's own scan: the reference for the kept one.
        filtered: await total('take=1&from=2000-01-01'),
        counted: Number(counted.rows[0]!.n),
      };
    };
    const same = async (expected: number, message: string) =>
      assert.deepEqual(await totals(), { kept: expected, filtered: expected, counted: expected }, message);
    return { user, book: book!, line, same };
  };

  it('counts an order id once, whether its lines come in one write or several', async () => {
    const { line, same } = await author();
    await same(0, 'no orders yet');
    await t.app.orderRepository.insertOrders([line('A1', 1), line('A1', 2), line('A2', 3)]);
    await same(2, 'a repeated order id in one batch');
    await t.app.orderRepository.insertOrders([line('A2', 4), line('A3', 5)]);
    await same(3, 'an order id seen before, and a new one');
  });

  it('follows lines removed, moved to another order id, or left without their book', async () => {
    const { user, book, line, same } = await author();
    await t.app.orderRepository.insertOrders([line('B1', 1), line('B1', 2), line('B2', 3), line('B3', 4)]);
    await same(3, 'three orders');
    await sql`DELETE FROM orders WHERE id = (SELECT min(id) FROM orders WHERE user_id = ${user.id} AND order_id = 'B1')`.execute(
      t.app.db,
    );
    await same(3, 'one of two lines of B1 removed: B1 stays');
    await sql`DELETE FROM orders WHERE user_id = ${user.id} AND order_id IN ('B1', 'B2')`.execute(t.app.db);
    await same(1, 'the last lines of B1 and B2 removed');
    // Deleting the book sets book_id to null on its lines: an update that moves nothing.
    await sql`DELETE FROM books WHERE id = ${book.id}`.execute(t.app.db);
    await same(1, 'lines left without their book');
    await t.app.orderRepository.insertOrders([line('B4', 5, null), line('B4', 6, null)]);
    await same(2, 'B3 and B4');
    await sql`UPDATE orders SET order_id = 'B3' WHERE id = (SELECT min(id) FROM orders WHERE user_id = ${user.id} AND order_id = 'B4')`.execute(
      t.app.db,
    );
    await same(2, 'a line of B4 moved to B3: both still there');
    await sql`UPDATE orders SET order_id = 'B5' WHERE user_id = ${user.id} AND order_id = 'B4'`.execute(t.app.db);
    await same(2, 'the last line of B4 renamed B5');
    await sql`UPDATE orders SET order_id = 'B3' WHERE user_id = ${user.id}`.execute(t.app.db);
    await same(1, 'every line moved to B3');
  });

  it('moves an order from one user to another', async () => {
    const first = await author();
    const second = await author();
    await t.app.orderRepository.insertOrders([first.line('C1', 1), first.line('C2', 2), second.line('C2', 3)]);
    await sql`UPDATE orders SET user_id = ${second.user.id} WHERE user_id = ${first.user.id}`.execute(t.app.db);
    await first.same(0, 'the first user has none left');
    await second.same(2, 'C1, and C2 once');
  });

  it('counts a new order id once when two transactions write it at the same time', async () => {
    const { line, same } = await author();
    const write = async (orderId: string, startAfterMs: number, outcome: 'commit' | 'rollback') => {
      await sleep(startAfterMs);
      await t.app.db
        .transaction()
        .execute(async (tx) => {
          await tx
            .insertInto('orders')
            .values(line(orderId, 1, null))
            .execute();
          // Held open: the other writer of the same new order id meets it uncommitted.
          await sleep(RACE_HOLD_MS);
          if (outcome === 'rollback') throw new Error('rolled back on purpose');
        })
        .catch((err: Error) => {
          if (err.message !== 'rolled back on purpose') throw err;
        });
    };
    await Promise.all([write('D1', 0, 'commit'), write('D1', RACE_START_MS, 'commit')]);
    await same(1, 'two lines of D1 written at once: one order');
    await Promise.all([write('D2', 0, 'rollback'), write('D2', RACE_START_MS, 'commit')]);
    await same(2, 'the first writer of D2 rolled back: the second one counts it');
  });

  it("goes with the user's lines when the user is deleted", async () => {
    const { user, line, same } = await author();
    await t.app.orderRepository.insertOrders([line('E1', 1), line('E2', 2)]);
    await same(2, 'two orders');
    await sql`DELETE FROM users WHERE id = ${user.id}`.execute(t.app.db);
    const left = await sql<{ n: string }>`
      SELECT (SELECT count(*) FROM order_id_lines WHERE user_id = ${user.id})
           + (SELECT count(*) FROM user_order_counts WHERE user_id = ${user.id}) AS n`.execute(t.app.db);
    assert.equal(Number(left.rows[0]!.n), 0);
  });
});
