import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_ACCOUNT, seedDemo } from '../../src/seed/index.js';
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
