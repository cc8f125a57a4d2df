import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_PRICE_CONFIG, estimateRoyalties } from '@pod/shared-contracts/pricing';
import { BOOK_MESSAGES } from '../../src/domain/bulk-row.js';
import { royaltyBody } from '../helpers/quote-body.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

type Line = { key: string; amount: number };
type Region = { currency: string; lines: Line[]; royalty: number; printCost: number; minimumPrice: number | null };

describe('wizard service: PUT /user/realtimeroyalty and the option loaders', () => {
  let t: TestApp;
  let token: string;

  before(async () => {
    t = await buildTestApp();
    ({ accessToken: token } = await registerActiveUser(t.app));
  });
  after(() => t.close());

  const estimate = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/user/realtimeroyalty', headers: bearer(token), payload });

  it('prices both regions from the database with the shared engine, lines adding up to the royalty', async () => {
    const response = await estimate(royaltyBody());
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{
      statusCode: number;
      localRoyalty: number;
      internationRoyalty: number;
      totalCost: number;
      breakdown: { local: Region; international: Region };
    }>();
    // 240 pages of paper type 1 (R0.18 / $0.013 a page) at NC size (1.17 x A5), cover types 1 and 7.
    const expected = estimateRoyalties(
      {
        format: 'print',
        pages: 240,
        heightMm: 234,
        widthMm: 156,
        local: { price: 249, paper: { unitCost: 0.18, maxPage: 800 }, cover: { unitCost: 14, maxPage: 1200 } },
        international: { price: 15.99, paper: { unitCost: 0.013, maxPage: 828 }, cover: { unitCost: 1, maxPage: 828 } },
      },
      DEFAULT_PRICE_CONFIG,
    );
    assert.equal(expected.statusCode, 0);
    assert.equal(body.statusCode, 0);
    assert.equal(body.localRoyalty, 83.68); // 216.52 - 43.30 - (25 + 50.54 + 14 = 89.54)
    assert.equal(body.localRoyalty, expected.local?.royalty);
    assert.equal(body.internationRoyalty, expected.international?.royalty);
    assert.equal(body.totalCost, 1150); // print processing R1000 + 15% VAT
    for (const region of [body.breakdown.local, body.breakdown.international]) {
      const sum = region.lines.reduce((total, line) => total + Math.round(line.amount * 100), 0);
      assert.equal(sum, Math.round(region.royalty * 100));
      assert.ok(region.minimumPrice !== null && region.minimumPrice < 249);
    }
    assert.deepEqual(
      body.breakdown.local.lines.map((l) => l.key),
      ['listPrice', 'vat', 'platformShare', 'printCost'],
    );
    assert.equal(body.breakdown.international.currency, 'USD');
  });

  it('offers a minimum price whose royalty is 0.00 or more, one cent less below 0', async () => {
    const first = (await estimate(royaltyBody({ is_international: false, international_price: null }))).json<{
      breakdown: { local: Region };
    }>();
    const minimum = first.breakdown.local.minimumPrice;
    assert.ok(minimum !== null);
    const at = (await estimate(royaltyBody({ is_international: false, local_price: minimum }))).json<{
      localRoyalty: number;
    }>();
    assert.ok(at.localRoyalty >= 0, `royalty at ${minimum}: ${at.localRoyalty}`);
    const below = (
      await estimate(royaltyBody({ is_international: false, local_price: (Math.round(minimum * 100) - 1) / 100 }))
    ).json<{ localRoyalty: number }>();
    assert.ok(below.localRoyalty < 0, `royalty at a cent less: ${below.localRoyalty}`);
  });

  it('prices an eBook internationally only: 70% after a 50% discount', async () => {
    const response = await estimate({
      no_of_pages: null,
      format: 'ebook',
      is_local: false,
      is_international: true,
      international_price: 9.99,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().internationRoyalty, 3.49);
    assert.equal(response.json().localRoyalty, null);
  });

  it('answers B12 with null figures when the pages exceed the paper type', async () => {
    // Local paper type 3 (gloss art) holds 400 pages.
    const response = await estimate(royaltyBody({ no_of_pages: 402, l_paper_type_id: 3 }));
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      statusCode: 'B12',
      description: BOOK_MESSAGES.pagesPaper,
      localRoyalty: null,
      internationRoyalty: null,
      totalCost: null,
      breakdown: null,
    });
  });

  it('answers 400 with the book-details message for what it cannot price, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ l_paper_type_id: 99 }, BOOK_MESSAGES.localPaper],
      [{ local_price: '' }, BOOK_MESSAGES.priceMissing],
      [{ no_of_pages: 17 }, BOOK_MESSAGES.pagesMin],
      [{ no_of_pages: 241 }, BOOK_MESSAGES.pagesOdd],
      [{ no_of_pages: 1202 }, BOOK_MESSAGES.pagesMax],
      [{ format: 'scroll' }, BOOK_MESSAGES.format],
      [{ is_local: false, is_international: false }, BOOK_MESSAGES.region],
    ];
    for (const [overrides, message] of cases) {
      const response = await estimate(royaltyBody(overrides));
      assert.equal(response.statusCode, 400, `${JSON.stringify(overrides)}: ${response.body}`);
      assert.equal(response.json().message, message);
    }
  });

  it('refuses figures from the browser and over-long prices in the schema', async () => {
    assert.equal((await estimate(royaltyBody({ localRoyalty: 1000 }))).statusCode, 400);
    assert.equal((await estimate(royaltyBody({ local_price: '123456789.00' }))).statusCode, 400);
    assert.equal((await estimate(royaltyBody({ local_price: '12.345' }))).statusCode, 400);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/user/realtimeroyalty', payload: royaltyBody() });
    assert.equal(response.statusCode, 401);
  });

  it('serves the standard sizes, BISAC genres and unit costs through GET /user/quoteinfo', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/quoteinfo', headers: bearer(token) });
    assert.equal(response.statusCode, 200, response.body);
    const results = response.json<{ results: Array<Record<string, unknown>> }>().results;
    const sizes = results.filter((r) => r.group === 'sizes');
    assert.equal(sizes.length, 31);
    for (const [height, width, template] of [
      [210, 148, 'A5'],
      [234, 156, 'NC'],
      [297, 210, 'A4'],
      [152, 102, null],
    ] as const) {
      assert.ok(
        sizes.some((s) => s.height === height && s.width === width && s.template === template),
        `${height}x${width}`,
      );
    }
    assert.ok(
      sizes.every(
        (s) => ['portrait', 'landscape', 'square'].includes(String(s.orientation)) && typeof s.isLocal === 'boolean',
      ),
    );
    const genres = results.filter((r) => r.group === 'genres');
    assert.ok(genres.length > 50);
    assert.ok(genres.every((g) => /^[A-Z]{3}\d{6}$/.test(String(g.bisac)) && String(g.SubjectHeading).includes(' / ')));
    const paper = results.find((r) => r.group === 'localPaperTypes' && r.id === 1);
    assert.deepEqual(paper, {
      id: 1,
      name: '80gsm Bond (B&W)',
      maxPage: 800,
      unitCost: 0.18,
      group: 'localPaperTypes',
    });
    assert.ok(results.some((r) => r.group === 'internationalBookTypes' && r.id === 7));
  });

  it('serves every engine constant through GET /user/pricinglist and the voice-over artists', async () => {
    const prices = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user/pricinglist', headers: bearer(token) })
    ).json();
    assert.deepEqual(prices.results[0], DEFAULT_PRICE_CONFIG);
    const artists = (
      await t.app.inject({ method: 'GET', url: '/api/v1/voiceover/getallvoiceoverartists', headers: bearer(token) })
    ).json();
    assert.equal(artists.results.length, 10);
  });
});
