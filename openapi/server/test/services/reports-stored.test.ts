import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { NewOrderRow } from '../../src/plugins/external/db-schema.js';
import { reportBook, reportClock } from '../helpers/report-fixture.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';
import type { components } from '@pod/shared-contracts/api/schema';

type SalesReport = components['schemas']['SalesReport'];

const PUBLISHED = { status: 'approved', bookStage: 'published', isPaid: true };

/**
 * What the reports read is stored when a line is written (migration 017): which line of a
 * repeated order counts, the royalty per copy of the sale, and the rollups kept beside the lines.
 */
describe('reports: figures stored with the order lines', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { now: reportClock().now } });
  });
  after(() => t.close());

  const author = async () => {
    const user = await registerActiveUser(t.app);
    const [book] = await t.app.bookRepository.insertMany([reportBook(user.id, 'Karoo Nights', false, PUBLISHED)]);
    const line = (orderId: string, date: string, quantity: number, status = 'shipped to customer'): NewOrderRow => ({
      order_id: orderId,
      user_id: user.id,
      book_id: book!.id,
      product_title: 'Karoo Nights',
      customer: 'Sipho Mokoena',
      sale_status: status,
      selling_price: 200,
      quantity,
      order_date: new Date(date),
      takealot_url: null,
    });
    const report = async (query: string) => {
      const response = await t.app.inject({ url: `/api/v1/reports/sales?${query}`, headers: bearer(user.accessToken) });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<SalesReport>();
    };
    return { user, book: book!, line, report };
  };
  const zar = (units: number, returns: number, revenue: number, royalties: number) => [
    { currency: 'ZAR', units, returns, revenue_cents: revenue, royalties_cents: royalties },
  ];

  it('counts a line the feed sends again, in a later import, once (the first one)', async () => {
    const { line, report } = await author();
    await t.app.orderRepository.insertOrders([line('5001', '2026-09-10T10:00:00Z', 2)]);
    // The feed sends order 5001 again next day, now as returned: still the first line that counts.
    await t.app.orderRepository.insertOrders([
      line('5001', '2026-09-10T10:00:00Z', 2, 'returned'),
      line('5002', '2026-09-12T10:00:00Z', 1),
      line('5002', '2026-09-12T10:00:00Z', 1),
    ]);
    const month = await report('from=2026-09-01&to=2026-09-30&granularity=month');
    // R200 a copy, R30 royalty: 3 copies, no return.
    assert.deepEqual(month.totals, zar(3, 0, 60_000, 9_000));
    // A range with partial months at both ends reads the lines there, not only the rollups.
    const partial = await report('from=2026-09-11&to=2026-10-05&granularity=week');
    assert.deepEqual(partial.totals, zar(1, 0, 20_000, 3_000));
    assert.deepEqual(
      partial.books.map((b) => [b.book_title, b.total]),
      [['Karoo Nights', zar(1, 0, 20_000, 3_000)[0]]],
    );
  });

  it("keeps an earlier month's royalties when the book's royalty changes after the sale", async () => {
    const { book, line, report } = await author();
    await t.app.orderRepository.insertOrders([
      line('6001', '2026-10-05T10:00:00Z', 2),
      line('6002', '2026-10-20T10:00:00Z', 1, 'returned'),
    ]);
    const october = 'from=2026-10-01&to=2026-10-31&granularity=month';
    const before = await report(october);
    assert.deepEqual(before.totals, zar(2, 1, 40_000, 3_000), 'R30 x (2 - 1)');

    await t.app.db.updateTable('books').set({ local_royalty: 45 }).where('id', '=', book.id).execute();
    await t.app.orderRepository.insertOrders([line('6003', '2026-11-03T10:00:00Z', 1)]);

    assert.deepEqual((await report(october)).totals, before.totals, 'October as it was');
    const both = await report('from=2026-10-01&to=2026-11-30&granularity=month');
    assert.deepEqual(
      both.periods.map((p) => [p.start, p.totals]),
      [
        ['2026-10-01', zar(2, 1, 40_000, 3_000)],
        ['2026-11-01', zar(1, 0, 20_000, 4_500)],
      ],
    );
    const stored = await t.app.db
      .selectFrom('orders')
      .select(['order_id', 'royalty_per_unit', 'royalty_currency'])
      .where('book_id', '=', book.id)
      .orderBy('order_id')
      .execute();
    assert.deepEqual(
      stored.map((row) => [row.order_id, Number(row.royalty_per_unit), row.royalty_currency]),
      [
        ['6001', 30, 'ZAR'],
        ['6002', 30, 'ZAR'],
        ['6003', 45, 'ZAR'],
      ],
    );
  });

  it('drops a deleted book from every figure, rollups included', async () => {
    const { user, book, line, report } = await author();
    await t.app.orderRepository.insertOrders([line('7001', '2026-08-05T10:00:00Z', 2)]);
    const august = 'from=2026-08-01&to=2026-08-31&granularity=day';
    assert.deepEqual((await report(august)).totals, zar(2, 0, 40_000, 6_000));
    await t.app.db.deleteFrom('books').where('id', '=', book.id).where('user_id', '=', user.id).execute();
    const after = await report(august);
    assert.deepEqual([after.totals, after.books, after.channels], [[], [], []]);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from report_day_totals
      where user_id = ${user.id} and (units <> 0 or returns <> 0 or revenue_cents <> 0 or royalties_cents <> 0)`.execute(
      t.app.db,
    );
    assert.equal(rows[0]!.n, '0');
  });
});
