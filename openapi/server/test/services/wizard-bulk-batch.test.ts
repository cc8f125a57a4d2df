import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BOOK_MESSAGES } from '../../src/domain/bulk-row.js';
import { memoizeReferenceData, type ReferenceDataRepository } from '../../src/plugins/app/reference-data-repository.js';
import { DUPLICATE_UPLOAD_MESSAGE } from '../../src/services/wizard/index.js';
import { bulkRow as row } from '../helpers/bulk-row.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

type Outcome = { outcome: string; message?: string; code?: string; result?: Record<string, unknown> };

describe('wizard service: bulk calculation in batches', () => {
  let t: TestApp;
  let user: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp();
    user = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const batch = (payload: object, token = user.accessToken) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/bulkcalculate/batch', headers: bearer(token), payload });
  const single = (payload: object, token = user.accessToken) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/bulkcalculate', headers: bearer(token), payload });
  const outcomes = (response: { json: () => unknown }) => (response.json() as { results: Outcome[] }).results;

  it('judges every row on its own: saved, invalid, duplicate of the library or of an earlier row', async () => {
    const owner = await registerActiveUser(t.app);
    assert.equal(
      (await single({ row: row({ book_title: 'Already Here' }), is_bulk: true }, owner.accessToken)).statusCode,
      200,
    );
    const rows = [
      row({ book_title: 'First Light' }),
      row({ book_title: null }),
      row({ book_title: ' already HERE ', is_international: false }),
      row({ book_title: 'Second Wind', genre: 'XYZ999' }),
      row({ book_title: 'first light ' }),
      row({
        book_title: 'Digital Dawn',
        format_type: 'ebook',
        international_price: 10,
        is_local: false,
        l_paper_type_id: null,
      }),
      row({ book_title: 'Cheap Copy', local_price: 50 }),
    ];
    const response = await batch({ rows, is_bulk: true }, owner.accessToken);
    assert.equal(response.statusCode, 200, response.body);
    const results = outcomes(response);
    assert.deepEqual(
      results.map((r) => [r.outcome, r.message ?? null, r.code ?? null]),
      [
        ['saved', null, null],
        ['invalid', 'Title not found', 'VALIDATION'],
        ['duplicate', DUPLICATE_UPLOAD_MESSAGE, 'DUPLICATE_UPLOAD'],
        ['invalid', BOOK_MESSAGES.genre, 'VALIDATION'],
        ['duplicate', DUPLICATE_UPLOAD_MESSAGE, 'DUPLICATE_UPLOAD'],
        ['saved', null, null],
        ['invalid', BOOK_MESSAGES.negativeRoyalty, 'VALIDATION'],
      ],
    );

    // The saved rows are in the library and the cart, with the ids the answer gives.
    const [first, , , , , ebook] = results;
    const books = await t.app.bookRepository.listByUser(owner.id);
    assert.deepEqual(books.map((b) => b.book_title).sort(), [
      'Already Here',
      'Already Here',
      'Digital Dawn',
      'First Light',
      'First Light',
    ]);
    const firstLocal = books.find((b) => b.id === first?.result?.localBookId);
    const firstInternational = books.find((b) => b.id === first?.result?.internationalBookId);
    assert.equal(firstLocal?.is_international, false);
    assert.equal(firstInternational?.is_international, true);
    assert.equal(firstLocal?.pair_id, firstInternational?.pair_id);
    assert.ok(books.every((b) => b.misc.status === 'quote' && b.misc.bookStage === 'getquote'));
    assert.equal(ebook?.result?.localBookId, null);
    const cart = await t.app.cartRepository.listByUser(owner.id);
    assert.equal(cart.length, 3, 'one cart item per saved row (and the earlier single upload)');
    const ebookItem = cart.find((item) => item.international_book_id === ebook?.result?.internationalBookId);
    assert.equal(ebookItem?.book_id, null);
    assert.deepEqual(
      cart.find((item) => item.book_id === first?.result?.localBookId)?.misc.map((s) => s.name),
      ['Print processing', 'ISBN creation'],
    );
  });

  it("gives each row the single call's figures, and only calculates when is_bulk is false", async () => {
    const rows = [
      row({ book_title: 'Same Figures' }),
      row({ book_title: 'same figures' }),
      row({ book_title: 'Audio Tale', format_type: 'audiobook', recording_needed: true, is_international: false }),
    ];
    const response = await batch({ rows, is_bulk: false });
    assert.equal(response.statusCode, 200, response.body);
    const results = outcomes(response);
    assert.deepEqual(
      results.map((r) => r.outcome),
      ['calculated', 'calculated', 'calculated'],
      'nothing is saved, so a repeated title is no duplicate',
    );
    for (const [index, source] of rows.entries()) {
      const alone = await single({ row: source, is_bulk: false });
      assert.equal(alone.statusCode, 200, alone.body);
      assert.deepEqual(results[index]?.result, alone.json());
    }
    assert.equal(await t.app.bookRepository.countByUser(user.id), 0);
    assert.equal((await t.app.cartRepository.listByUser(user.id)).length, 0);
  });

  it('refuses a body that breaks the schema whole, and saves nothing', async () => {
    const { width: _width, ...short } = row({ book_title: 'Short Row' });
    const cases = [
      { rows: [], is_bulk: true },
      { rows: Array.from({ length: 101 }, (_, i) => row({ book_title: `Row ${i}` })), is_bulk: true },
      { rows: [row({ book_title: 'Fine Row' }), short], is_bulk: true },
      { rows: [row({ book_title: 'Fine Row' })] },
    ];
    for (const payload of cases) {
      const response = await batch(payload);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().code, 'FST_ERR_VALIDATION');
    }
    assert.equal(await t.app.bookRepository.countByUser(user.id), 0);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/bulkcalculate/batch',
      payload: { rows: [row()], is_bulk: true },
    });
    assert.equal(anonymous.statusCode, 401);
  });

  it('saves a title once when two batches carrying it arrive together', async () => {
    const racer = await registerActiveUser(t.app);
    const rows = (tag: string) => [
      row({ book_title: 'Contested Title' }),
      row({ book_title: `Own Title ${tag}` }),
      row({ book_title: 'Also Contested', is_international: false }),
    ];
    const answers = await Promise.all(
      ['a', 'b'].map((tag) => batch({ rows: rows(tag), is_bulk: true }, racer.accessToken)),
    );
    const all = answers.map((answer) => {
      assert.equal(answer.statusCode, 200, answer.body);
      return outcomes(answer).map((r) => r.outcome);
    });
    assert.deepEqual(
      all.map((o) => o[1]),
      ['saved', 'saved'],
    );
    assert.deepEqual([all[0]?.[0], all[1]?.[0]].sort(), ['duplicate', 'saved']);
    assert.deepEqual([all[0]?.[2], all[1]?.[2]].sort(), ['duplicate', 'saved']);
    const titles = (await t.app.bookRepository.listByUser(racer.id)).map((b) => b.book_title).sort();
    assert.deepEqual(titles, [
      'Also Contested',
      'Contested Title',
      'Contested Title',
      'Own Title a',
      'Own Title a',
      'Own Title b',
      'Own Title b',
    ]);
    assert.equal((await t.app.cartRepository.listByUser(racer.id)).length, 4);
  });

  it('reads each piece of reference data once per batch', async () => {
    const calls: string[] = [];
    const base = t.app.referenceDataRepository;
    const counting: ReferenceDataRepository = {
      ...base,
      findOption: (group, id) => (calls.push(`option ${group} ${id}`), base.findOption(group, id)),
      findGenre: (text) => (calls.push(`genre ${text}`), base.findGenre(text)),
      priceConfig: () => (calls.push('prices'), base.priceConfig()),
    };
    const memo = memoizeReferenceData(counting);
    const first = await memo.findOption('localPaperTypes', 1);
    assert.equal(await memo.findOption('localPaperTypes', 1), first);
    await memo.findOption('localBookTypes', 1);
    await memo.findGenre('FIC000000');
    await memo.findGenre(' fic000000 ');
    await memo.priceConfig();
    await memo.priceConfig();
    assert.deepEqual(calls, ['option localPaperTypes 1', 'option localBookTypes 1', 'genre FIC000000', 'prices']);
  });
});
