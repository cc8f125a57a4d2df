import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BOOK_MESSAGES } from '../../src/domain/bulk-row.js';
import { roundMoney } from '@pod/shared-contracts/money';
import { DUPLICATE_UPLOAD_MESSAGE } from '../../src/services/wizard/index.js';
import { bulkRow as row } from '../helpers/bulk-row.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

describe('wizard service: bulk calculation', () => {
  let t: TestApp;
  let user: { accessToken: string; id: number };
  let other: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp();
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const bulk = (payload: object, token = user.accessToken) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/bulkcalculate', headers: bearer(token), payload });

  it('calculates without saving when is_bulk is false', async () => {
    const response = await bulk({ row: row(), is_bulk: false });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    // 234 x 156 mm (NC) pays paper at 1.17 x the A5 rate. Local: 25 + 200 x 0.18 x 1.17 + 14 =
    // 81.12; net 249 / 1.15 = 216.52, less the 20% platform share 43.30 and printing: 92.10.
    // International: 2.50 + 200 x 0.013 x 1.17 + 1 = 6.54; 70% of 15.99 = 11.19, less printing: 4.65.
    assert.equal(body.localRoyalty, 92.1);
    assert.equal(body.internationRoyalty, 4.65);
    assert.equal(body.totalCost, roundMoney((1000 + 250) * 1.15));
    assert.equal(body.localBookId, null);
    assert.equal(await t.app.bookRepository.countByUser(user.id), 0);
  });

  it('saves the row as a quote with a cart item when is_bulk is true', async () => {
    const response = await bulk({ row: row(), is_bulk: true });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.status, 'quote');
    assert.equal(body.isbn, null);
    assert.ok(body.localBookId && body.internationalBookId);
    const books = await t.app.bookRepository.listByUser(user.id);
    assert.equal(books.length, 2);
    assert.ok(books.every((b) => b.misc.status === 'quote' && b.misc.bookStage === 'getquote'));
    const [item] = await t.app.cartRepository.listByUser(user.id);
    assert.equal(item?.book_id, body.localBookId);
    assert.equal(item?.international_book_id, body.internationalBookId);
    assert.deepEqual(
      item?.misc.map((s) => s.name),
      ['Print processing', 'ISBN creation'],
    );
  });

  it('answers 409 DUPLICATE_UPLOAD for a title already uploaded in that region (any case)', async () => {
    const response = await bulk({
      row: row({ book_title: ' STARS over limpopo ', is_international: false }),
      is_bulk: true,
    });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), {
      statusCode: 409,
      error: 'Conflict',
      message: DUPLICATE_UPLOAD_MESSAGE,
      code: 'DUPLICATE_UPLOAD',
    });
    assert.equal(
      (await bulk({ row: row(), is_bulk: true }, other.accessToken)).statusCode,
      200,
      'another user may use the title',
    );
  });

  it('saves one of two identical rows sent together', async () => {
    const answers = await Promise.all([1, 2].map(() => bulk({ row: row({ book_title: 'Twin Rows' }), is_bulk: true })));
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409]);
  });

  it('answers 400 Title not found, and the book-details messages', async () => {
    const missing = await bulk({ row: row({ book_title: null }), is_bulk: true });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'Title not found');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ l_paper_type_id: 99 }, BOOK_MESSAGES.localPaper],
      [{ l_cover_type_id: 3, no_of_pages: 200 }, BOOK_MESSAGES.pagesPaper],
      [{ genre: 'XYZ999' }, BOOK_MESSAGES.genre],
      [{ local_price: 50 }, BOOK_MESSAGES.negativeRoyalty],
    ];
    for (const [overrides, message] of cases) {
      const response = await bulk({ row: row({ book_title: 'Another Title', ...overrides }), is_bulk: true });
      assert.equal(response.statusCode, 400, message);
      assert.deepEqual([response.json().message, response.json().code], [message, 'VALIDATION']);
    }
  });

  it('rejects a row missing one of the 32 columns (portal.yaml)', async () => {
    const { width: _width, ...short } = row();
    const response = await bulk({ row: short, is_bulk: true });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().code, 'FST_ERR_VALIDATION');
  });

  it('rejects a row with a column beyond the 32 (refused, not silently dropped)', async () => {
    const response = await bulk({ row: { ...row(), colour: 'blue' }, is_bulk: true });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().code, 'FST_ERR_VALIDATION');
  });

  it('prices an eBook row: international only, 35% of the price', async () => {
    const response = await bulk({
      row: row({
        book_title: 'Digital Dawn',
        format_type: 'ebook',
        international_price: 10,
        is_local: false,
        l_paper_type_id: null,
      }),
      is_bulk: false,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().internationRoyalty, 3.5);
    assert.equal(response.json().localRoyalty, null);
  });
});
