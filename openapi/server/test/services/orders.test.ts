import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DEMO_ACCOUNT, seedDemo } from '../../src/seed/index.js';
import { isoTimestamp } from '../../src/services/orders.js';
import { bearer, buildTestApp, loginToken, registerActiveUser, type TestApp } from '../helpers/test-app.js';

type Order = { order_id: string; book_id: number; order_date: string; selling_price: number; quantity: number };
type Orders = { statusCode: number; results: Order[] };

describe('orders service (demo library)', () => {
  let t: TestApp;
  let demo: string;
  let demoId: number;
  let other: { accessToken: string };

  before(async () => {
    t = await buildTestApp();
    await seedDemo(t.app);
    demo = await loginToken(t.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    demoId = (await t.app.userRepository.findByEmail(DEMO_ACCOUNT.email))!.id;
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const get = (url: string, token = demo) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  const distinctOrderIds = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.count<string>('order_id').distinct().as('n'))
          .where('user_id', '=', demoId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const bookWithOrders = async () => {
    const books = (await get('/user/getuserbooks')).json<{
      localBooks: Array<{ id: number; hasOrders: boolean; hasSales: boolean }>;
    }>();
    const book = books.localBooks.find((b) => b.hasOrders && b.hasSales);
    assert.ok(book);
    return book;
  };

  describe('getbookorders', () => {
    it('pages the de-duplicated orders, newest first, at most 100', async () => {
      const first = (await get('/user/getbookorders?skip=0&take=100')).json<Orders>();
      assert.equal(first.statusCode, 0);
      assert.equal(first.results.length, 100);
      const dates = first.results.map((o) => Date.parse(o.order_date));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );

      const total = await distinctOrderIds();
      assert.ok(total < (await t.app.orderRepository.countByUser(demoId)), 'the demo data repeats order ids');
      assert.equal((first as Orders & { total: number }).total, total, 'the total counts order ids, not lines');
      const seen: string[] = [];
      for (let skip = 0; skip < total + 100; skip += 100) {
        seen.push(
          ...(await get(`/user/getbookorders?skip=${skip}&take=100`)).json<Orders>().results.map((o) => o.order_id),
        );
      }
      assert.equal(seen.length, total, 'every order id once');
      assert.equal(new Set(seen).size, total);

      const second = (await get('/user/getbookorders?skip=10&take=5')).json<Orders>();
      assert.deepEqual(
        second.results.map((o) => o.order_id),
        first.results.slice(10, 15).map((o) => o.order_id),
      );
      assert.equal((await get('/user/getbookorders?take=101')).statusCode, 400);
    });

    it('gives each order the currency of its book: USD for international books, ZAR for local ones', async () => {
      const books = (await get('/user/getuserbooks')).json<{
        localBooks: Array<{ id: number }>;
        internationalBooks: Array<{ id: number }>;
      }>();
      const international = new Set(books.internationalBooks.map((b) => b.id));
      const orders = (await get('/user/getbookorders?take=100')).json<{
        results: Array<Order & { currency: string }>;
      }>().results;
      assert.ok(orders.some((o) => o.currency === 'USD') && orders.some((o) => o.currency === 'ZAR'));
      for (const order of orders) assert.equal(order.currency, international.has(order.book_id) ? 'USD' : 'ZAR');
    });

    it('answers statusCode 11 with [] past the end and for a user without orders', async () => {
      assert.deepEqual((await get('/user/getbookorders?skip=100000&take=10')).json(), {
        statusCode: 11,
        results: [],
        total: await distinctOrderIds(),
      });
      assert.deepEqual((await get('/user/getbookorders', other.accessToken)).json(), {
        statusCode: 11,
        results: [],
        total: 0,
      });
    });
  });

  describe('getbookorders answer, byte for byte', () => {
    let token: string;
    let local: number;
    let international: number;

    before(async () => {
      const user = await registerActiveUser(t.app);
      token = user.accessToken;
      const book = (title: string, isInternational: boolean) => ({
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: isInternational,
        book_title: title,
        format_type: 'print' as const,
        misc: JSON.stringify({ status: 'approved', archived: false, isPaid: true, bookStage: 'published' }),
      });
      const [localBook, internationalBook] = await t.app.bookRepository.insertMany([
        book('Karoo Nights', false),
        book('Ocean Tales', true),
      ]);
      local = localBook!.id;
      international = internationalBook!.id;
      // Raw SQL: created_at is the database's own in real rows, microseconds included, which a
      // Date written through the driver could not carry.
      await sql`
        INSERT INTO orders (order_id, user_id, book_id, product_title, customer, sale_status, selling_price, quantity,
                            order_date, takealot_url, created_at)
        VALUES
          ('900001', ${user.id}, ${local}, 'Karoo Nights', 'Sipho Mokoena', 'shipped to customer', 1234.50, 2,
           '2026-03-10 22:30:00.5+00', 'https://www.takealot.com/karoo-nights/PLID1', '2026-03-11 06:00:00.123456+00'),
          ('900002', ${user.id}, ${international}, 'Ocean "Deep" Tales', NULL, 'returned', 12.00, 1,
           '2026-03-09 08:15:42.007+00', NULL, '2026-03-09 09:00:00+00'),
          ('TKL-77', ${user.id}, ${local}, 'Karoo Nights', 'Zoë Ndlovu', 'shipped to customer', 99.99, 1,
           '2026-03-01 10:00:00+00', NULL, '2026-03-01 10:05:00+00'),
          ('TKL-77', ${user.id}, ${local}, 'Karoo \\ Nights', 'Zoë Ndlovu', 'cancelled by customer', 99.99, 1,
           '2026-03-08 10:00:00+02', NULL, '2026-03-08 08:05:00.000001+00'),
          ('900004', ${user.id}, NULL, 'Gone Book', 'Lerato', 'shipped to customer', 0.10, 3,
           '2026-03-07 12:00:00+00', NULL, '2026-03-07 12:00:00.999999+00'),
          ('900005', ${user.id}, ${international}, 'Ocean Tales', 'Anna', 'shipped to customer', 1000000.00, 1,
           '2026-03-07 12:00:00+00', NULL, '2026-03-07 12:00:01+00')`.execute(t.app.db);
    });

    // The serializer compiled from portal.yaml's Order writes its required properties first.
    it('answers the page as it always has: fields, order, prices, dates and total', async () => {
      const response = await get('/user/getbookorders?skip=1&take=4', token);
      assert.equal(response.statusCode, 200);
      assert.equal(
        response.body,
        '{"statusCode":0,"results":[' +
          `{"order_id":"900002","product_title":"Ocean \\"Deep\\" Tales","book_id":${international},"customer":null,` +
          '"sale_status":"returned","selling_price":12,"currency":"USD","quantity":1,' +
          '"order_date":"2026-03-09T08:15:42.007Z","createdAt":"2026-03-09T09:00:00.000Z","takealot_url":null},' +
          `{"order_id":"TKL-77","product_title":"Karoo \\\\ Nights","book_id":${local},"customer":"Zoë Ndlovu",` +
          '"sale_status":"cancelled by customer","selling_price":99.99,"currency":"ZAR","quantity":1,' +
          '"order_date":"2026-03-08T08:00:00.000Z","createdAt":"2026-03-08T08:05:00.000Z","takealot_url":null},' +
          `{"order_id":"900005","product_title":"Ocean Tales","book_id":${international},"customer":"Anna",` +
          '"sale_status":"shipped to customer","selling_price":1000000,"currency":"USD","quantity":1,' +
          '"order_date":"2026-03-07T12:00:00.000Z","createdAt":"2026-03-07T12:00:01.000Z","takealot_url":null},' +
          '{"order_id":"900004","product_title":"Gone Book","book_id":null,"customer":"Lerato",' +
          '"sale_status":"shipped to customer","selling_price":0.1,"currency":"ZAR","quantity":3,' +
          '"order_date":"2026-03-07T12:00:00.000Z","createdAt":"2026-03-07T12:00:00.999Z","takealot_url":null}' +
          '],"total":5}',
      );
      const first = await get('/user/getbookorders?take=1', token);
      assert.equal(
        first.body,
        '{"statusCode":0,"results":[' +
          `{"order_id":"900001","product_title":"Karoo Nights","book_id":${local},"customer":"Sipho Mokoena",` +
          '"sale_status":"shipped to customer","selling_price":1234.5,"currency":"ZAR","quantity":2,' +
          '"order_date":"2026-03-10T22:30:00.500Z","createdAt":"2026-03-11T06:00:00.123Z",' +
          '"takealot_url":"https://www.takealot.com/karoo-nights/PLID1"}' +
          '],"total":5}',
      );
      assert.equal((await get('/user/getbookorders?skip=5', token)).body, '{"statusCode":11,"results":[],"total":5}');
    });

    it('answers the lines of one book and the summary of recent orders in the same form', async () => {
      assert.equal(
        (await get(`/user/getordersperbook/${local}`, token)).body,
        '{"statusCode":0,"results":[' +
          `{"order_id":"900001","product_title":"Karoo Nights","book_id":${local},"customer":"Sipho Mokoena",` +
          '"sale_status":"shipped to customer","selling_price":1234.5,"currency":"ZAR","quantity":2,' +
          '"order_date":"2026-03-10T22:30:00.500Z","createdAt":"2026-03-11T06:00:00.123Z",' +
          '"takealot_url":"https://www.takealot.com/karoo-nights/PLID1"},' +
          `{"order_id":"TKL-77","product_title":"Karoo \\\\ Nights","book_id":${local},"customer":"Zoë Ndlovu",` +
          '"sale_status":"cancelled by customer","selling_price":99.99,"currency":"ZAR","quantity":1,' +
          '"order_date":"2026-03-08T08:00:00.000Z","createdAt":"2026-03-08T08:05:00.000Z","takealot_url":null},' +
          `{"order_id":"TKL-77","product_title":"Karoo Nights","book_id":${local},"customer":"Zoë Ndlovu",` +
          '"sale_status":"shipped to customer","selling_price":99.99,"currency":"ZAR","quantity":1,' +
          '"order_date":"2026-03-01T10:00:00.000Z","createdAt":"2026-03-01T10:05:00.000Z","takealot_url":null}' +
          ']}',
      );
      const summary = (await get('/reports/summary', token)).json<{ recent_orders: unknown[] }>();
      const newest = (await get('/user/getbookorders?take=5', token)).json<{ results: unknown[] }>();
      assert.deepEqual(summary.recent_orders, newest.results);
    });
  });

  describe('getordersperbook', () => {
    it('answers every line of one book, repeated order ids included', async () => {
      const book = await bookWithOrders();
      const answer = (await get(`/user/getordersperbook/${book.id}`)).json<Orders>();
      assert.equal(answer.statusCode, 0);
      assert.ok(answer.results.length > 0 && answer.results.every((o) => o.book_id === book.id));
    });

    it("answers 11 for a book without orders and 404 for another user's or an unknown book", async () => {
      const books = (await get('/user/getuserbooks')).json<{ localBooks: Array<{ id: number; hasOrders: boolean }> }>();
      const quiet = books.localBooks.find((b) => !b.hasOrders)!;
      assert.deepEqual((await get(`/user/getordersperbook/${quiet.id}`)).json(), { statusCode: 11, results: [] });
      const book = await bookWithOrders();
      assert.equal((await get(`/user/getordersperbook/${book.id}`, other.accessToken)).statusCode, 404);
      assert.equal((await get('/user/getordersperbook/987654')).statusCode, 404);
    });
  });

  describe('sales', () => {
    it("answers one book's summary, zeros for a book without sales, 404 for another user", async () => {
      const book = await bookWithOrders();
      const sale = (await get(`/user/getsaleperbook/${book.id}`)).json<{
        statusCode: number;
        result: Record<string, unknown>;
      }>();
      assert.equal(sale.statusCode, 0);
      assert.equal(sale.result.currency, 'ZAR');
      assert.ok((sale.result.quantity as number) > 0 && (sale.result.total_revenue as number) > 0);

      const books = (await get('/user/getuserbooks')).json<{ localBooks: Array<{ id: number; hasSales: boolean }> }>();
      const quiet = books.localBooks.find((b) => !b.hasSales)!;
      const zero = (await get(`/user/getsaleperbook/${quiet.id}`)).json<{ result: Record<string, unknown> }>();
      assert.deepEqual(
        [
          zero.result.profit,
          zero.result.quantity,
          zero.result.returned,
          zero.result.total_royalties,
          zero.result.total_revenue,
          zero.result.total_cost,
        ],
        [0, 0, 0, 0, 0, 0],
      );
      assert.equal((await get(`/user/getsaleperbook/${book.id}`, other.accessToken)).statusCode, 404);
    });

    it('lists the sales of every book with sales, with currency', async () => {
      const all = (await get('/user/getallsale')).json<{
        statusCode: number;
        results: Array<{ currency: string; book_title: string }>;
      }>();
      assert.equal(all.statusCode, 0);
      assert.ok(all.results.length >= 5);
      assert.ok(all.results.some((s) => s.currency === 'USD') && all.results.some((s) => s.currency === 'ZAR'));
      assert.deepEqual((await get('/user/getallsale', other.accessToken)).json(), { statusCode: 0, results: [] });
    });
  });

  describe('getbookorders filters (the /orders screen)', () => {
    let token: string;
    const DAY = 86_400_000;
    const start = Date.parse('2026-01-01T10:00:00Z');

    before(async () => {
      const user = await registerActiveUser(t.app);
      token = user.accessToken;
      const line = (order_id: string, product_title: string, at: number, selling_price: string) => ({
        order_id,
        user_id: user.id,
        book_id: null,
        product_title,
        customer: 'Jane Reader',
        sale_status: 'shipped to customer',
        selling_price,
        quantity: 2,
        order_date: new Date(at),
      });
      await t.app.orderRepository.insertOrders([
        ...Array.from({ length: 30 }, (_, i) =>
          line(`alpha-${i}`, `Alpha Book ${i}`, start + i * DAY, `${100 + i}.00`),
        ),
        // A repeated order: only its newest line is listed, and only it is searched.
        line('dup-1', 'Old Title', start - 2 * DAY, '10.00'),
        line('dup-1', 'New Title', start - DAY, '10.00'),
        // 22:30 UTC on 10 March is 00:30 on 11 March in Johannesburg.
        line('late', 'Late Night', Date.parse('2026-03-10T22:30:00Z'), '1234.50'),
        line('percent', '100% Pure', start - 3 * DAY, '5.00'),
      ]);
    });

    const page = async (query: string) => {
      const response = await get(`/user/getbookorders?${query}`, token);
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json<Orders & { total: number }>();
      return { ...body, ids: body.results.map((o) => o.order_id) };
    };

    it('pages a search to its last page, with the total of every page', async () => {
      const pages = [
        await page('q=alpha&take=12'),
        await page('q=alpha&skip=12&take=12'),
        await page('q=ALPHA&skip=24&take=12'),
      ];
      assert.deepEqual(
        pages.map((p) => [p.statusCode, p.results.length, p.total]),
        [
          [0, 12, 30],
          [0, 12, 30],
          [0, 6, 30],
        ],
      );
      const ids = pages.flatMap((p) => p.ids);
      assert.deepEqual(
        ids,
        Array.from({ length: 30 }, (_, i) => `alpha-${29 - i}`),
        'newest first, each once',
      );
      assert.deepEqual(await page('q=alpha&skip=30&take=12'), { statusCode: 11, results: [], total: 30, ids: [] });
    });

    it('answers an empty result with statusCode 11 and total 0', async () => {
      assert.deepEqual(await page('q=no%20such%20order'), { statusCode: 11, results: [], total: 0, ids: [] });
      assert.deepEqual(await page('from=2030-01-01'), { statusCode: 11, results: [], total: 0, ids: [] });
    });

    it('searches the newest line of a repeated order only', async () => {
      assert.deepEqual((await page('q=new%20title')).ids, ['dup-1']);
      assert.deepEqual((await page('q=old%20title')).ids, []);
      const all = await page('take=100');
      assert.equal(all.total, 33);
      assert.equal(all.ids.filter((id) => id === 'dup-1').length, 1);
    });

    it('searches the customer, status, shown date and price, bare price and quantity', async () => {
      assert.equal((await page('q=jane%20reader')).total, 33);
      assert.equal((await page('q=shipped')).total, 33);
      assert.deepEqual((await page(`q=${encodeURIComponent('11-03-2026 00:30')}`)).ids, ['late']);
      assert.deepEqual((await page(`q=${encodeURIComponent('10-03-2026 22:30')}&tz=UTC`)).ids, ['late']);
      assert.deepEqual((await page(`q=${encodeURIComponent('R 1 234.50')}`)).ids, ['late']);
      assert.deepEqual((await page('q=1234.5')).ids, ['late']);
      assert.deepEqual((await page('q=129.00')).ids, ['alpha-29']);
      assert.equal((await page('q=2')).total, 33, 'every quantity is 2');
    });

    it('takes % and _ literally', async () => {
      assert.deepEqual((await page('q=%25')).ids, ['percent']);
      assert.deepEqual((await page('q=_')).ids, []);
    });

    it('filters whole days in the time zone, both ends included, with the search', async () => {
      assert.deepEqual((await page('from=2026-03-11&to=2026-03-11')).ids, ['late']);
      assert.deepEqual((await page('from=2026-03-10&to=2026-03-10')).ids, []);
      assert.deepEqual((await page('from=2026-03-10&to=2026-03-10&tz=UTC')).ids, ['late']);
      const january = await page('from=2026-01-05&to=2026-01-07');
      assert.deepEqual(january.ids, ['alpha-6', 'alpha-5', 'alpha-4']);
      assert.deepEqual((await page('q=alpha%20book%205&from=2026-01-05&to=2026-01-07')).ids, ['alpha-5']);
      assert.equal((await page('to=2025-12-31')).total, 2, 'the repeated order (once) and 100% Pure');
    });

    it('refuses impossible days, unknown zones and oversized values', async () => {
      for (const query of [
        'from=2026-02-30',
        'to=2026-13-01',
        'tz=Mars/Olympus',
        `q=${'x'.repeat(101)}`,
        'take=101',
        'from=1-1-2026',
      ]) {
        const response = await get(`/user/getbookorders?${query}`, token);
        assert.equal(response.statusCode, 400, query);
      }
    });
  });
});

describe('isoTimestamp', () => {
  /** The furthest a Date reaches either side of 1970. */
  const MAX_DATE_MS = 8.64e15;
  const SAMPLES = 200_000;

  it('writes what toISOString writes, across the whole range of a Date', () => {
    const edges = [
      0,
      -1,
      1,
      Date.UTC(2026, 2, 10, 22, 30, 0, 500),
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(999, 4, 6, 1, 2, 3, 456),
      Date.UTC(12_345, 0, 1),
      Date.UTC(-1, 11, 31, 23, 59, 59, 999),
      MAX_DATE_MS,
      -MAX_DATE_MS,
    ];
    for (const ms of edges) assert.equal(isoTimestamp(ms), new Date(ms).toISOString(), String(ms));
    // A fixed sequence (a linear congruential generator), so a failure can be repeated.
    let seed = 18;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < SAMPLES; i += 1) {
      // Half over any date a Date holds, half over recent years (the days seen again, kept).
      const ms =
        i % 2 === 0
          ? Math.round((next() * 2 - 1) * MAX_DATE_MS)
          : Date.UTC(2020, 0, 1) + Math.floor(next() * 10 * 365 * 86_400_000);
      assert.equal(isoTimestamp(ms), new Date(ms).toISOString(), String(ms));
    }
  });

  it('refuses what toISOString refuses, and cuts fractions as a Date does', () => {
    for (const ms of [MAX_DATE_MS + 1, -MAX_DATE_MS - 1, Number.NaN, Number.POSITIVE_INFINITY])
      assert.throws(() => isoTimestamp(ms), RangeError, String(ms));
    assert.equal(isoTimestamp(1.9), '1970-01-01T00:00:00.001Z');
    assert.equal(isoTimestamp(-0.5), new Date(-0.5).toISOString());
  });
});
