import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REPORT_MESSAGES } from '../../src/services/reports/filters.js';
import { reportClock, seedReportFixture, type ReportFixture } from '../helpers/report-fixture.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';
import type { components } from '@pod/shared-contracts/api/schema';

type SalesReport = components['schemas']['SalesReport'];
type Summary = components['schemas']['ReportsSummary'];

const zar = (units: number, returns: number, revenue: number, royalties: number) => ({
  currency: 'ZAR',
  units,
  returns,
  revenue_cents: revenue,
  royalties_cents: royalties,
});
const usd = (units: number, returns: number, revenue: number, royalties: number) => ({
  ...zar(units, returns, revenue, royalties),
  currency: 'USD',
});

describe('reports: sales and summary (figures computed by hand, see helpers/report-fixture.ts)', () => {
  let t: TestApp;
  let f: ReportFixture;

  before(async () => {
    t = await buildTestApp({ config: { now: reportClock().now } });
    f = await seedReportFixture(t.app);
  });
  after(() => t.close());

  const get = (url: string, token = f.token) => t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });
  const report = async (query: string) => {
    const response = await get(`/reports/sales?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<SalesReport>();
  };

  it('puts 00:30 SAST on 1 March (22:30 UTC, 28 February) in March, and nets the return off the royalties', async () => {
    const sales = await report('from=2026-02-01&to=2026-03-31&granularity=month');
    assert.equal(sales.time_zone, 'Africa/Johannesburg');
    assert.deepEqual(sales.periods, [
      // February: order 1002 only (23:30 SAST on the 28th). R200 a copy, R30 royalty.
      { start: '2026-02-01', end: '2026-02-28', totals: [zar(1, 0, 20_000, 3_000)] },
      // March: order 1001 (2 copies, its repeated line once), 1003 returned, 1005 in USD; 1004 cancelled.
      {
        start: '2026-03-01',
        end: '2026-03-31',
        totals: [zar(2, 1, 40_000, 3_000), usd(3, 0, 4_500, 750)],
      },
    ]);
    assert.deepEqual(sales.totals, [zar(3, 1, 60_000, 6_000), usd(3, 0, 4_500, 750)], 'never summed across currencies');
    assert.deepEqual(sales.regions, [
      { ...zar(3, 1, 60_000, 6_000), region: 'local' },
      { ...usd(3, 0, 4_500, 750), region: 'international' },
    ]);
  });

  it('answers ISO weeks from Monday and days in SAST, zero-filled', async () => {
    // Sunday 1 March 2026 belongs to the week of Monday 23 February.
    const weeks = await report('from=2026-02-23&to=2026-03-08&granularity=week');
    assert.deepEqual(
      weeks.periods.map((p) => [p.start, p.end, p.totals]),
      [
        ['2026-02-23', '2026-03-01', [zar(3, 0, 60_000, 9_000)]],
        ['2026-03-02', '2026-03-08', []],
      ],
    );
    const days = await report('from=2026-02-28&to=2026-03-01&granularity=day');
    assert.deepEqual(
      days.periods.map((p) => [p.start, p.totals[0]?.units]),
      [
        ['2026-02-28', 1],
        ['2026-03-01', 2],
      ],
    );
    // A range of one SAST day includes its 00:30 and excludes the 23:30 before.
    const one = await report('from=2026-03-01&to=2026-03-01&granularity=day');
    assert.deepEqual(one.totals, [zar(2, 0, 40_000, 6_000)]);
  });

  it('compares books (best seller first, or as named) and splits by channel; filters narrow every figure', async () => {
    const sales = await report('from=2026-01-01&to=2026-06-30');
    assert.deepEqual(
      sales.books.map((b) => [b.book_id, b.currency, b.total.units, b.points.length]),
      [
        [f.local, 'ZAR', 3, 6],
        [f.international, 'USD', 3, 6],
      ],
      'same units: the higher royalties first',
    );
    assert.deepEqual(sales.books[0]!.points[2], zar(2, 1, 40_000, 3_000), 'March of the local book');
    assert.deepEqual(
      sales.channels,
      [
        { ...usd(3, 0, 4_500, 750), channel: 'amazon', region: 'international' },
        { ...zar(3, 1, 60_000, 6_000), channel: 'takealot', region: 'local' },
      ],
      'highest units first, then by name',
    );

    const amazon = await report('from=2026-01-01&to=2026-06-30&channel=amazon');
    assert.deepEqual(amazon.totals, [usd(3, 0, 4_500, 750)]);
    const local = await report('from=2026-01-01&to=2026-06-30&region=local');
    assert.deepEqual(local.totals, [zar(3, 1, 60_000, 6_000)]);
    const named = await report(`from=2026-01-01&to=2026-06-30&bookIds=${f.international},${f.local}`);
    assert.deepEqual(
      named.books.map((b) => b.book_id),
      [f.international, f.local],
      'in the order named',
    );
    const one = await report(`from=2026-01-01&to=2026-06-30&bookIds=${f.international}`);
    assert.deepEqual(one.totals, [usd(3, 0, 4_500, 750)]);
    const empty = await report(`from=2026-05-01&to=2026-05-31&bookIds=${f.quote}`);
    assert.deepEqual([empty.totals, empty.books[0]!.total], [[], zar(0, 0, 0, 0)]);
  });

  it("answers 404 for another user's book or an unknown id in bookIds (ids cannot be probed)", async () => {
    for (const ids of [`${f.local},${f.foreign}`, '2147483000', '9999999999']) {
      const response = await get(`/reports/sales?from=2026-01-01&to=2026-06-30&bookIds=${ids}`);
      assert.equal(response.statusCode, 404, ids);
      assert.equal(response.json<{ message: string }>().message, 'Book not found');
    }
    const exported = await get(`/reports/export/orders?bookIds=${f.foreign}`);
    assert.equal(exported.statusCode, 404);
  });

  it('refuses invalid input with a clear 400', async () => {
    const cases: Array<[string, string | RegExp]> = [
      ['from=2026-02-30&to=2026-03-01', REPORT_MESSAGES.invalidFrom],
      ['from=2026-03-01&to=2026-13-01', REPORT_MESSAGES.invalidTo],
      ['from=2026-03-02&to=2026-03-01', REPORT_MESSAGES.toBeforeFrom],
      ['from=2023-01-01&to=2026-01-02', REPORT_MESSAGES.rangeTooLong],
      ['from=2026-01-01&to=2026-02-01&bookIds=1,2,3,4,5,6,7,8,9,10,11', REPORT_MESSAGES.tooManyBooks],
      [`from=2026-01-01&to=2026-02-01&bookIds=${f.local},${f.local}`, REPORT_MESSAGES.repeatedBook],
      ['from=2026-01-01&to=2026-02-01&granularity=year', /granularity must be equal to one of the allowed values/],
      ['to=2026-02-01', /must have required property 'from'/],
      ['from=01/01/2026&to=2026-02-01', /from must match pattern/],
      ['from=2026-01-01&to=2026-02-01&bookIds=1;2', /bookIds must match pattern/],
      ['from=2026-01-01&to=2026-02-01&region=europe', /region must be equal to one of the allowed values/],
      ['from=2026-01-01&to=2026-02-01&channel=Take%20alot', /channel must match pattern/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/reports/sales?${query}`);
      assert.equal(response.statusCode, 400, query);
      const body = response.json<{ message: string }>();
      if (typeof message === 'string') assert.equal(body.message, message, query);
      else assert.match(body.message, message, query);
    }
    // Exactly 1096 days is allowed (three years with a leap day).
    assert.equal((await get('/reports/sales?from=2024-01-01&to=2027-01-01')).statusCode, 200);
    const noRange = await get('/reports/export/sales');
    assert.equal(noRange.json<{ message: string }>().message, REPORT_MESSAGES.missingRange);
  });

  it('summarises the dashboard: this and last month, the next payout, books in progress, recent orders', async () => {
    const response = await get('/reports/summary');
    assert.equal(response.statusCode, 200, response.body);
    const summary = response.json<Summary>();
    assert.equal(summary.month, '2026-11');
    assert.deepEqual(summary.royalties_this_month, [{ currency: 'ZAR', amount_cents: 6_000 }]);
    assert.deepEqual(summary.royalties_last_month, []);
    assert.equal(summary.units_this_month, 2);
    // Q1's R60 was below R100 at its 30 June payout and Q2 had nothing: both carried into the
    // 31 December payout with Q3 (empty). Q1's USD 7.50 was paid in June; USD has nothing since.
    assert.deepEqual(summary.next_payout, {
      date: '2026-12-31',
      periods: ['2026-Q1', '2026-Q2', '2026-Q3'],
      amounts: [
        { currency: 'ZAR', amount_cents: 6_000, threshold_cents: 10_000, will_be_paid: false },
        { currency: 'USD', amount_cents: 0, threshold_cents: 541, will_be_paid: false },
      ],
    });
    assert.deepEqual(
      summary.books_in_progress.map((b) => [b.book_id, b.stage, b.status]),
      [[f.quote, 'getquote', 'quote']],
    );
    assert.deepEqual(
      summary.recent_orders.map((o) => o.order_id),
      ['1007', '1006', '1004', '1003', '1005'],
      'newest first, whatever their status',
    );
  });

  it('shows a new user empty figures, no statements and a payout with nothing in it', async () => {
    const { accessToken } = await registerActiveUser(t.app);
    const summary = (await get('/reports/summary', accessToken)).json<Summary>();
    assert.deepEqual(summary.next_payout, { date: '2026-12-31', periods: [], amounts: [] });
    assert.deepEqual([summary.royalties_this_month, summary.units_this_month, summary.recent_orders], [[], 0, []]);
    const statements = await get('/reports/statements', accessToken);
    assert.deepEqual(statements.json(), { statements: [] });
    const sales = (
      await get('/reports/sales?from=2026-11-01&to=2026-11-30&granularity=week', accessToken)
    ).json<SalesReport>();
    assert.deepEqual([sales.totals, sales.books, sales.periods.length], [[], [], 6]); // 1 November 2026 is a Sunday: the first week starts on 26 October
    assert.equal((await t.app.inject({ url: '/api/v1/reports/summary' })).statusCode, 401);
  });
});
