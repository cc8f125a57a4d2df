import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ARCHIVE_FAILED_MESSAGE,
  ARCHIVED_DESCRIPTION,
  CONTRACT_NOT_FOUND_MESSAGE,
  DELETE_FAILED_MESSAGE,
  DELETED_DESCRIPTION,
} from '../../src/services/books.js';
import { DEMO_ACCOUNT, DEMO_ORDER_LINES, seedDemo } from '../../src/seed/index.js';
import { bearer, buildTestApp, loginToken, registerActiveUser, type TestApp } from '../helpers/test-app.js';

type BookView = {
  id: number;
  book_title: string;
  format_type: string;
  is_international: boolean;
  misc: string;
  files: Array<{
    filename: string;
    title: string;
    kind: string;
    contract: boolean;
    url: string;
    size: number | null;
    contentType: string;
  }>;
  hasSales: boolean;
  hasOrders: boolean;
};
type Books = { statusCode: number; localBooks: BookView[]; internationalBooks: BookView[] };
const miscOf = (book: BookView) => JSON.parse(book.misc) as Record<string, unknown>;

describe('books service (demo library)', () => {
  let t: TestApp;
  let demo: string;
  let demoId: number;
  let other: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp();
    await seedDemo(t.app);
    demo = await loginToken(t.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    demoId = (await t.app.userRepository.findByEmail(DEMO_ACCOUNT.email))!.id;
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const call = (method: 'GET' | 'DELETE' | 'POST', url: string, token = demo, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload && { payload }) });
  const library = async (token = demo) => (await call('GET', '/user/getuserbooks', token)).json<Books>();
  const find = async (title: string, international = false) => {
    const books = await library();
    const book = (international ? books.internationalBooks : books.localBooks).find((b) => b.book_title === title);
    assert.ok(book, `${title} (${international ? 'international' : 'local'})`);
    return book;
  };

  describe('seed', () => {
    it('is idempotent and seeds a believable library', async () => {
      assert.deepEqual(await seedDemo(t.app), {
        accountCreated: false,
        libraryCreated: false,
        couponsCreated: 0,
        filesCreated: 0,
      });
      assert.equal(await t.app.orderRepository.countByUser(demoId), DEMO_ORDER_LINES);
      const books = await library();
      const all = [...books.localBooks, ...books.internationalBooks];
      assert.ok(books.localBooks.length >= 6 && books.internationalBooks.length >= 6);
      const miscs = all.map(miscOf);
      for (const status of ['quote', 'pending', 'denied', 'approved'])
        assert.ok(
          miscs.some((m) => m.status === status),
          status,
        );
      for (const stage of ['getquote', 'signedcontract', 'published'])
        assert.ok(
          miscs.some((m) => m.bookStage === stage),
          stage,
        );
      assert.ok(miscs.some((m) => m.archived === true) && miscs.some((m) => m.isPaid === true));
      for (const format of ['print', 'ebook', 'audiobook'])
        assert.ok(
          all.some((b) => b.format_type === format),
          format,
        );
      assert.ok(
        all.some((b) => b.files.some((f) => f.title === 'Thumbnail')) &&
          all.some((b) => !b.files.some((f) => f.title === 'Thumbnail')),
      );
      assert.ok(all.some((b) => b.hasSales && b.hasOrders));
      assert.ok(
        all.every((b) => b.files.every((f) => f.url.startsWith('/api/v1/files/') && f.size === null)),
        'the list carries links, no contents and no sizes',
      );
      assert.ok(
        all.every((b) => b.files.every((f) => !('fileBuffer' in f))) && all.every((b) => !('contractInfo' in b)),
        'nothing is base64 in JSON any more',
      );
      const orders = await t.app.db
        .selectFrom('orders')
        .select(['order_id', 'sale_status', 'takealot_url', 'channel'])
        .where('user_id', '=', demoId)
        .execute();
      assert.ok(new Set(orders.map((o) => o.order_id)).size < orders.length, 'some order ids repeat');
      assert.ok(
        orders.some((o) => o.sale_status === 'shipped to customer') &&
          orders.some((o) => o.sale_status !== 'shipped to customer'),
      );
      // Since the reports (migration 016) lines sell through several channels; Takealot's carry its link.
      assert.ok(
        orders.every(
          (o) => (o.channel === 'takealot') === (o.takealot_url?.startsWith('https://www.takealot.com/') ?? false),
        ),
      );
      assert.ok(new Set(orders.map((o) => o.channel)).size >= 3, 'several channels');
    });
  });

  it("lists only the caller's books; a new account has none", async () => {
    assert.deepEqual(await library(other.accessToken), { statusCode: 0, localBooks: [], internationalBooks: [] });
  });

  it('links the two records of one upload through misc match ids', async () => {
    const local = await find("The Baobab's Secret");
    const international = await find("The Baobab's Secret", true);
    assert.equal(miscOf(local).internationalBookMatch, international.id);
    assert.equal(miscOf(international).localBookMatch, local.id);
  });

  describe('viewusersbookinfo', () => {
    it('answers the book with every file as a signed link with its size and type, and no contents', async () => {
      const book = await find("The Baobab's Secret");
      const response = await call('GET', `/user/viewusersbookinfo/${book.id}/0`);
      assert.equal(response.statusCode, 200, response.body);
      const { result } = response.json<{ result: BookView }>();
      assert.equal('contractInfo' in result, false);
      assert.deepEqual(
        result.files.map(({ filename, title, kind, contract, contentType }) => ({
          filename,
          title,
          kind,
          contract,
          contentType,
        })),
        [
          {
            filename: 'the-baobab-s-secret-cover.pdf',
            title: 'Cover',
            kind: 'cover',
            contract: false,
            contentType: 'application/pdf',
          },
          {
            filename: 'the-baobab-s-secret.pdf',
            title: 'Book',
            kind: 'book',
            contract: false,
            contentType: 'application/pdf',
          },
          {
            filename: `thumbnail-${book.id}.svg`,
            title: 'Thumbnail',
            kind: 'thumbnail',
            contract: false,
            contentType: 'image/svg+xml',
          },
          {
            filename: `contract-${book.id}.pdf`,
            title: 'Contract',
            kind: 'contract',
            contract: true,
            contentType: 'application/pdf',
          },
        ],
      );
      for (const file of result.files) {
        assert.match(file.url, /^\/api\/v1\/files\/[\w.-]+$/);
        // The demo contract is rendered on demand: its size is not known before.
        if (file.kind === 'contract') assert.equal(file.size, null);
        else assert.ok(file.size !== null && file.size > 0, file.filename);
      }
      const contract = await t.app.inject({ method: 'GET', url: result.files.find((f) => f.contract)!.url });
      assert.equal(contract.rawPayload.subarray(0, 5).toString(), '%PDF-');
      const thumbnail = await t.app.inject({
        method: 'GET',
        url: result.files.find((f) => f.kind === 'thumbnail')!.url,
      });
      assert.ok(thumbnail.body.startsWith('<svg'));
    });

    it('lists no contract for a quote', async () => {
      const book = await find('Rivers of Gold');
      const { result } = (await call('GET', `/user/viewusersbookinfo/${book.id}/0`)).json<{ result: BookView }>();
      assert.deepEqual(result.files, []);
    });

    it("answers 404 for a region mismatch, an unknown id and another user's book alike", async () => {
      const book = await find("The Baobab's Secret");
      for (const [url, token] of [
        [`/user/viewusersbookinfo/${book.id}/1`, demo],
        ['/user/viewusersbookinfo/999999/0', demo],
        [`/user/viewusersbookinfo/${book.id}/0`, other.accessToken],
      ] as const) {
        const response = await call('GET', url, token);
        assert.equal(response.statusCode, 404, url);
        assert.equal(response.json().message, 'Book not found');
      }
    });

    it('answers 400 FST_ERR_VALIDATION for an id past the int4 range (portal.yaml bounds it)', async () => {
      const response = await call('GET', '/user/viewusersbookinfo/99999999999/0', demo);
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().code, 'FST_ERR_VALIDATION');
    });
  });

  describe('archive and delete', () => {
    it('refuses to archive a paid book and to delete a book that is not archived', async () => {
      const paid = await find('Sunrise over Soweto');
      const archive = await call('DELETE', `/user/archivebook/${paid.id}/0`);
      assert.equal(archive.statusCode, 409);
      assert.equal(archive.json().message, ARCHIVE_FAILED_MESSAGE);
      const quote = await find('Rivers of Gold');
      const remove = await call('DELETE', `/user/deletebook/${quote.id}/0`);
      assert.equal(remove.statusCode, 409);
      assert.equal(remove.json().message, DELETE_FAILED_MESSAGE);
    });

    it("answers 404 for another user's book or the wrong region flag", async () => {
      const quote = await find('Rivers of Gold');
      assert.equal((await call('DELETE', `/user/archivebook/${quote.id}/0`, other.accessToken)).statusCode, 404);
      assert.equal((await call('DELETE', `/user/archivebook/${quote.id}/1`)).statusCode, 404);
      assert.equal((await call('DELETE', `/user/deletebook/${quote.id}/0`, other.accessToken)).statusCode, 404);
      assert.equal(miscOf(await find('Rivers of Gold')).archived, false, 'nothing changed');
    });

    it('archives a quote once, then deletes it and takes it out of the cart', async () => {
      const local = await find('Rivers of Gold');
      const international = await find('Rivers of Gold', true);
      const cartHas = async (id: number) =>
        (await t.app.cartRepository.listByUser(demoId)).some(
          (item) => item.book_id === id || item.international_book_id === id,
        );
      assert.ok(await cartHas(local.id));

      const archived = await call('DELETE', `/user/archivebook/${local.id}/0`);
      assert.deepEqual(archived.json(), { statusCode: 0, description: ARCHIVED_DESCRIPTION });
      assert.equal(miscOf(await find('Rivers of Gold')).archived, true);
      assert.equal(await cartHas(local.id), false, 'archiving takes the book out of the cart');
      assert.ok(await cartHas(international.id), 'the other region stays');
      assert.equal((await call('DELETE', `/user/archivebook/${local.id}/0`)).statusCode, 409, 'only once');

      assert.deepEqual((await call('DELETE', `/user/archivebook/${international.id}/1`)).json().statusCode, 0);
      const deleted = await call('DELETE', `/user/deletebook/${international.id}/1`);
      assert.deepEqual(deleted.json(), { statusCode: 0, description: DELETED_DESCRIPTION });
      assert.equal(await cartHas(international.id), false);
      assert.equal(
        (await t.app.cartRepository.listByUser(demoId)).some(
          (i) => i.book_id === null && i.international_book_id === null,
        ),
        false,
      );
      assert.equal((await call('GET', `/user/viewusersbookinfo/${international.id}/1`)).statusCode, 404);
      assert.equal((await call('DELETE', `/user/deletebook/${international.id}/1`)).statusCode, 404);
    });

    it('deletes a book that is still in a cart item and removes it from there', async () => {
      const growing = await find('Growing Up Ubuntu');
      const item = (await t.app.cartRepository.listByUser(demoId)).find((i) => i.book_id === growing.id);
      assert.ok(item, 'in the cart');
      await t.app.db
        .updateTable('books')
        .set({ misc: JSON.stringify({ ...miscOf(growing), archived: true }) })
        .where('id', '=', growing.id)
        .execute();
      assert.equal((await call('DELETE', `/user/deletebook/${growing.id}/0`)).statusCode, 200);
      assert.equal(
        (await t.app.cartRepository.listByUser(demoId)).some((i) => i.id === item.id),
        false,
      );
    });
  });

  describe('viewsignedcontract', () => {
    it('answers the signed contract as a PDF', async () => {
      const local = await find("The Baobab's Secret");
      const international = await find("The Baobab's Secret", true);
      const response = await call('POST', '/user/viewsignedcontract', demo, {
        local_bookId: local.id,
        international_bookId: international.id,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/pdf/);
      assert.equal(response.rawPayload.subarray(0, 4).toString(), '%PDF');
      const only = await call('POST', '/user/viewsignedcontract', demo, {
        local_bookId: null,
        international_bookId: international.id,
      });
      assert.equal(only.rawPayload.subarray(0, 4).toString(), '%PDF');
    });

    it("answers 404 for a quote (no contract) and for another user's book, 400 without ids", async () => {
      const quote = await find('Old Recipes, New Tables');
      const none = await call('POST', '/user/viewsignedcontract', demo, {
        local_bookId: quote.id,
        international_bookId: null,
      });
      assert.equal(none.statusCode, 404);
      assert.equal(none.json().message, CONTRACT_NOT_FOUND_MESSAGE);
      const signed = await find('Sunrise over Soweto');
      const foreign = await call('POST', '/user/viewsignedcontract', other.accessToken, {
        local_bookId: signed.id,
        international_bookId: null,
      });
      assert.equal(foreign.statusCode, 404);
      assert.equal(
        (await call('POST', '/user/viewsignedcontract', demo, { local_bookId: null, international_bookId: 0 }))
          .statusCode,
        400,
      );
    });
  });
});
