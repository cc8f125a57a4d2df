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
      assert.deepEqual((await get('/user/getbookorders?skip=100000&take=10')).json(), { statusCode: 11, results: [] });
      assert.deepEqual((await get('/user/getbookorders', other.accessToken)).json(), { statusCode: 11, results: [] });
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
});
