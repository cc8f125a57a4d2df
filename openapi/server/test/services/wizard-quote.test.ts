import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BOOK_MESSAGES } from '../../src/domain/bulk-row.js';
import { ISBN_IN_USE_MESSAGE } from '../../src/services/wizard/index.js';
import { freshIsbn, quoteBody } from '../helpers/quote-body.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

type Misc = { status: string; bookStage: string; options: Record<string, unknown> };

describe('wizard service: POST /user/getquote', () => {
  let t: TestApp;
  let user: { accessToken: string; id: number };
  let other: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp();
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const quote = (payload: object, token = user.accessToken) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/getquote', headers: bearer(token), payload });

  it('stores a local and an international record (quote, getquote) and the cart item for the caller alone', async () => {
    const before = await t.app.bookRepository.countByUser(other.id);
    const response = await quote(quoteBody({ isbn: '978-0-306-40615-7'.replace(/-/g, '') }));
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.statusCode, 0);
    assert.equal(body.localRoyalty, 83.68); // 249 / 1.15 = 216.52, less 20% (43.30) and 25 + 240 x 0.18 x 1.17 + 14 = 89.54
    assert.equal(body.internationRoyalty, 4.04); // 70% of 15.99 = 11.19, less 2.50 + 240 x 0.013 x 1.17 + 1 = 7.15
    assert.equal(body.totalCost, 1150);
    assert.equal(body.bookID, body.localBookId);

    const local = await t.app.bookRepository.findOwned(user.id, body.localBookId, false);
    const international = await t.app.bookRepository.findOwned(user.id, body.internationalBookId, true);
    assert.ok(local && international);
    assert.equal(local.pair_id, international.pair_id);
    const misc = local.misc as unknown as Misc;
    assert.equal(misc.status, 'quote');
    assert.equal(misc.bookStage, 'getquote');
    assert.equal(misc.options.height, 234);
    assert.equal(local.isbn, '9780306406157');
    assert.equal(Number(local.local_royalty), 83.68);
    assert.equal(await t.app.bookRepository.findOwned(other.id, body.localBookId), undefined);
    assert.equal(await t.app.bookRepository.countByUser(other.id), before);
    const cart = await t.app.cartRepository.listByUser(user.id);
    assert.ok(
      cart.some((item) => item.book_id === body.localBookId && item.international_book_id === body.internationalBookId),
    );
  });

  it('answers 409 with the spec message when another user has the ISBN, and stores nothing', async () => {
    const isbn = freshIsbn();
    assert.equal((await quote(quoteBody({ isbn }), other.accessToken)).statusCode, 200);
    const count = await t.app.bookRepository.countByUser(user.id);
    const response = await quote(quoteBody({ isbn }));
    assert.equal(response.statusCode, 409, response.body);
    assert.equal(response.json().message, ISBN_IN_USE_MESSAGE);
    assert.equal(response.json().code, 'ISBN_EXISTS');
    assert.equal(await t.app.bookRepository.countByUser(user.id), count);
  });

  it('lets only one of two simultaneous quotes claim an ISBN', async () => {
    const isbn = freshIsbn();
    const answers = await Promise.all([quote(quoteBody({ isbn })), quote(quoteBody({ isbn }), other.accessToken)]);
    assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 409]);
  });

  it('stores an eBook internationally only and needs no ISBN when registration is requested', async () => {
    const response = await quote(
      quoteBody({
        format_type: 'ebook',
        no_of_pages: null,
        is_local: true,
        is_international: false,
        local_price: null,
        international_price: 9.99,
        isbn: '',
        isbn_is_required: true,
        height: null,
        width: null,
      }),
    );
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.localBookId, null);
    assert.equal(body.internationRoyalty, 3.49);
    // eBook upload fee and ISBN creation; conversion is added with the cover requirements.
    assert.equal(body.totalCost, Math.round((299 + 250) * 1.15 * 100) / 100);
  });

  it('answers 400 with the spec message for every refused field and stores no quote', async () => {
    const count = await t.app.bookRepository.countByUser(user.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ book_title: '' }, BOOK_MESSAGES.titleRequired],
      [{ book_title: 'Ab' }, BOOK_MESSAGES.titleShort],
      [{ book_title: 'x'.repeat(50) }, BOOK_MESSAGES.titleLong],
      [{ format_type: 'scroll' }, BOOK_MESSAGES.format],
      [{ is_local: false, is_international: false }, BOOK_MESSAGES.region],
      [{ genre: 9999 }, BOOK_MESSAGES.genre],
      [{ genre: null }, BOOK_MESSAGES.genre],
      [{ isbn: '' }, BOOK_MESSAGES.isbnMissing],
      [{ isbn: '9780306406158' }, BOOK_MESSAGES.isbnInvalid],
      [{ no_of_pages: null }, BOOK_MESSAGES.pagesMissing],
      [{ no_of_pages: 16 }, BOOK_MESSAGES.pagesMin],
      [{ no_of_pages: '40.5' }, BOOK_MESSAGES.pagesHalf],
      [{ no_of_pages: 241 }, BOOK_MESSAGES.pagesOdd],
      [{ no_of_pages: 1202 }, BOOK_MESSAGES.pagesMax],
      [{ no_of_pages: 402, l_paper_type_id: 3 }, BOOK_MESSAGES.pagesPaper],
      [{ no_of_pages: 98, l_cover_type_id: 3 }, BOOK_MESSAGES.pagesPaper],
      [{ format_type: 'audiobook', no_of_pages: 1202 }, BOOK_MESSAGES.pagesMax],
      [{ format_type: 'ebook', no_of_pages: '10001', is_local: false }, BOOK_MESSAGES.pagesInvalid],
      [{ local_price: '' }, BOOK_MESSAGES.priceMissing],
      [{ local_price: 0 }, BOOK_MESSAGES.priceInvalid],
      [{ local_price: 50 }, BOOK_MESSAGES.negativeRoyalty],
      [{ l_paper_type_id: 99 }, BOOK_MESSAGES.localPaper],
      [{ i_cover_type_id: 99 }, BOOK_MESSAGES.internationalCover],
      [{ height: null }, BOOK_MESSAGES.size],
      [{ finish: 'Satin' }, 'Please select a cover finish for your book'],
      [
        { format_type: 'audiobook', voiceover_id: 99, recording_needed: true },
        'Please select a voice-over artist for your book',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await quote(quoteBody(overrides));
      assert.equal(response.statusCode, 400, `${JSON.stringify(overrides)}: ${response.body}`);
      assert.equal(response.json().message, message, JSON.stringify(overrides));
    }
    assert.equal(await t.app.bookRepository.countByUser(user.id), count);
  });

  it('refuses control characters, unbounded values and browser figures in the schema (400, never 500)', async () => {
    for (const overrides of [
      { book_title: 'Stars\u0000over' },
      { book_title: 'Stars\nover Limpopo' },
      { book_title: 'x'.repeat(201) },
      { local_price: '123456789' },
      { local_price: 1e9 },
      { no_of_pages: 20000 },
      { isbn: '97803064061570' },
      { height: 1001 },
      { localRoyalty: 999 },
    ]) {
      const response = await quote(quoteBody(overrides));
      assert.equal(response.statusCode, 400, `${JSON.stringify(overrides)}: ${response.body}`);
    }
  });
});
