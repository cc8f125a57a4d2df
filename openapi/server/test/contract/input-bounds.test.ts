import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { BOOK_MESSAGES } from '../../src/domain/bulk-row.js';
import { bulkRow } from '../helpers/bulk-row.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

/**
 * Defect 5 of the probe: unbounded values reached PostgreSQL (a NUL in text, integers past int4)
 * and answered 500, or were stored as absurd amounts (an audiobook of 600,000,000 pages in the
 * cart for R10,350,002,012.50). portal.yaml now bounds every request value, so these are 400s
 * from validation (FST_ERR_VALIDATION) that never reach SQL.
 */

describe('request values are bounded by portal.yaml', () => {
  let t: TestApp;
  let user: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp();
    // A route outside portal.yaml that lets a database data error through, for the safety net.
    t.app.get('/test/data-error', async () => {
      await sql`select ${'a\u0000b'}::text as value`.execute(t.app.db);
      return { ok: true };
    });
    user = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.accessToken), ...(payload && { payload }) });

  const assertSchemaRefusal = (response: { statusCode: number; body: string }, pattern: RegExp) => {
    assert.equal(response.statusCode, 400, response.body);
    const body = JSON.parse(response.body) as { code: string; message: string };
    assert.equal(body.code, 'FST_ERR_VALIDATION');
    assert.match(body.message, pattern);
  };

  it('refuses a NUL character in a coupon code, a payment reference and a title', async () => {
    assertSchemaRefusal(
      await call('POST', '/user/addcoupon', { coupon_code: 'WELCOME\u000050' }),
      /coupon_code must match pattern/,
    );
    assertSchemaRefusal(
      await call('POST', '/user/checkoutpayment', {
        book_ids: [],
        international_book_ids: [],
        reference: 'BAL-\u00001',
      }),
      /reference must match pattern/,
    );
    assertSchemaRefusal(
      await call('POST', '/user/bulkcalculate', { row: bulkRow({ book_title: 'Stars\u0000' }), is_bulk: true }),
      /book_title must match pattern/,
    );
  });

  it('refuses integers past the int4 range in the query and the path', async () => {
    assertSchemaRefusal(
      await call('GET', '/user/getbookorders?skip=99999999999999999999'),
      /skip must be <= 2147483647/,
    );
    assertSchemaRefusal(await call('GET', '/user/cart?coupon_id=2147483648'), /coupon_id must be <= 2147483647/);
    assertSchemaRefusal(await call('GET', '/user/getordersperbook/2147483648'), /id must be <= 2147483647/);
    assertSchemaRefusal(
      await call('POST', '/user/checkoutpayment', {
        book_ids: [2147483648],
        international_book_ids: [],
        reference: 'BAL-1',
      }),
      /book_ids\/0 must be <= 2147483647/,
    );
  });

  it('refuses an audiobook of 600,000,000 pages, and saves nothing', async () => {
    const audiobook = { format_type: 'audiobook', recording_needed: true, is_international: false };
    assertSchemaRefusal(
      await call('POST', '/user/bulkcalculate', {
        row: bulkRow({ ...audiobook, no_of_pages: 600_000_000 }),
        is_bulk: true,
      }),
      /no_of_pages must be <= /,
    );
    // As text the number passes the schema; the server's page rule refuses it (the specification's
    // 1200 limit covers every non-eBook format, audiobooks included).
    const text = await call('POST', '/user/bulkcalculate', {
      row: bulkRow({ ...audiobook, no_of_pages: '600000000' }),
      is_bulk: true,
    });
    assert.equal(text.statusCode, 400, text.body);
    assert.deepEqual([text.json().code, text.json().message], ['VALIDATION', BOOK_MESSAGES.pagesMax]);
    const ebook = await call('POST', '/user/bulkcalculate', {
      row: bulkRow({ format_type: 'ebook', is_local: false, no_of_pages: '600000000' }),
      is_bulk: true,
    });
    assert.equal(ebook.statusCode, 400, ebook.body);
    assert.deepEqual([ebook.json().code, ebook.json().message], ['VALIDATION', BOOK_MESSAGES.pagesInvalid]);
    assert.equal((await t.app.cartRepository.listByUser(user.id)).length, 0);
  });

  it('turns a database data error that slips through into a 400 Problem, not a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/data-error' });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().code, 'INVALID_VALUE');
    assert.equal(response.json().error, 'Bad Request');
  });
});
