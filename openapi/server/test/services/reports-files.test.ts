import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pdfText } from '../helpers/contract-body.js';
import { reportClock, seedReportFixture, type ReportFixture } from '../helpers/report-fixture.js';
import { bearer, buildTestApp, type TestApp } from '../helpers/test-app.js';
import type { components } from '@pod/shared-contracts/api/schema';

type Statement = components['schemas']['Statement'];
type StatementList = components['schemas']['StatementList'];

const BOM = '\uFEFF';

/** RFC 4180 records of a CSV body (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(body: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  return records;
}

describe('reports: statements (JSON, PDF, CSV) and CSV exports', () => {
  let t: TestApp;
  let f: ReportFixture;

  before(async () => {
    t = await buildTestApp({ config: { now: reportClock().now } });
    f = await seedReportFixture(t.app);
  });
  after(() => t.close());

  const get = (url: string) => t.app.inject({ url: `/api/v1${url}`, headers: bearer(f.token) });

  it('lists one statement per quarter since the first order, newest first, with payout statuses', async () => {
    const { statements } = (await get('/reports/statements')).json<StatementList>();
    assert.deepEqual(
      statements.map((s) => [s.period, s.start, s.end, s.payout_date, s.status, s.totals.map((x) => x.status)]),
      [
        ['2026-Q4', '2026-10-01', '2026-12-31', '2027-03-31', 'open', ['open']],
        ['2026-Q3', '2026-07-01', '2026-09-30', '2026-12-31', 'pending', []],
        ['2026-Q2', '2026-04-01', '2026-06-30', '2026-09-30', 'carried_forward', []],
        // R60 is not above R100: carried forward; USD 7.50 is above R100 at 18.5 (USD 5.41): paid.
        ['2026-Q1', '2026-01-01', '2026-03-31', '2026-06-30', 'carried_forward', ['carried_forward', 'paid']],
      ],
    );
  });

  it('answers a statement with its lines, fees and totals per currency; 404 outside the history', async () => {
    const response = await get('/reports/statements/2026-Q1');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['cache-control'], 'no-store', 'personal figures: the API default, never cached');
    const statement = response.json<Statement>();
    assert.deepEqual(statement.lines, [
      // Fees: revenue - royalty x copies sold (R600 - 3 x R30; USD 45 - 3 x USD 2.50).
      {
        currency: 'ZAR',
        units: 3,
        returns: 1,
        revenue_cents: 60_000,
        royalties_cents: 6_000,
        fees_cents: 51_000,
        book_id: f.local,
        book_title: 'Kalahari Letters',
        region: 'local',
      },
      {
        currency: 'USD',
        units: 3,
        returns: 0,
        revenue_cents: 4_500,
        royalties_cents: 750,
        fees_cents: 3_750,
        book_id: f.international,
        book_title: 'Kalahari Letters',
        region: 'international',
      },
    ]);
    for (const period of ['2025-Q4', '2027-Q1']) {
      const missing = await get(`/reports/statements/${period}`);
      assert.equal(missing.statusCode, 404, period);
      assert.equal(missing.json<{ message: string }>().message, 'Statement not found');
    }
    assert.equal((await get('/reports/statements/2026-Q5')).statusCode, 400);
    assert.equal((await get('/reports/statements/2026-Q1?format=xml')).statusCode, 400);
  });

  it('renders the statement as a PDF whose text holds the figures', async () => {
    const response = await get('/reports/statements/2026-Q1?format=pdf');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="statement-2026-Q1.pdf"');
    const { text, pages } = await pdfText(response.rawPayload);
    assert.equal(pages, 1);
    for (const expected of [
      'ROYALTY STATEMENT 2026-Q1',
      '2026-01-01 to 2026-03-31',
      'Payout date: 2026-06-30',
      'Kalahari Letters',
      'R 600.00',
      'R 510.00',
      'R 60.00',
      'USD 7.50',
      'below R100, carried forward',
    ]) {
      assert.ok(text.includes(expected), `${expected} in: ${text}`);
    }
  });

  it('exports the statement as CSV: BOM, header, a line per book and a total per currency', async () => {
    const response = await get('/reports/statements/2026-Q1?format=csv');
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="statement-2026-Q1.csv"');
    assert.ok(response.body.startsWith(BOM));
    const [header, ...rows] = parseCsv(response.body.slice(1));
    assert.deepEqual(header, [
      'period',
      'book_id',
      'book_title',
      'region',
      'units',
      'returns',
      'revenue',
      'fees',
      'royalties',
      'currency',
      'status',
    ]);
    assert.deepEqual(
      rows.map((r) => [r[2], r[6], r[7], r[8], r[9], r[10]]),
      [
        ['Kalahari Letters', '600.00', '510.00', '60.00', 'ZAR', ''],
        ['Kalahari Letters', '45.00', '37.50', '7.50', 'USD', ''],
        ['Total', '600.00', '510.00', '60.00', 'ZAR', 'carried_forward'],
        ['Total', '45.00', '37.50', '7.50', 'USD', 'paid'],
      ],
    );
  });

  it('exports orders as RFC 4180 CSV: quoting, doubled quotes, line breaks, formula guard, currency column', async () => {
    const response = await get('/reports/export/orders?from=2026-03-01&to=2026-11-30');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="orders-2026-03-01-to-2026-11-30.csv"');
    const body = response.body;
    assert.ok(body.startsWith(BOM), 'UTF-8 byte-order mark');
    assert.ok(body.endsWith('\r\n') && !/[^\r]\n/.test(body.replace('Smith, ""Jo""\r\nPty', '')), 'CRLF line ends');
    assert.ok(body.includes(`"Smith, ""Jo""\r\nPty"`), 'a field with a comma, quotes and a line break is quoted');
    const [header, ...rows] = parseCsv(body.slice(1));
    assert.deepEqual(header, [
      'order_id',
      'order_date',
      'book_id',
      'product_title',
      'region',
      'channel',
      'customer',
      'sale_status',
      'quantity',
      'unit_price',
      'amount',
      'currency',
    ]);
    // 1001 (00:30 SAST on 1 March) is in; 1002 (23:30 SAST on 28 February) is not; the other user's never.
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['1007', '1006', '1004', '1003', '1005', '1001'],
    );
    const [guarded, , cancelled, , international] = rows;
    assert.deepEqual(guarded!.slice(1, 4), ['2026-11-20T10:00:00.000Z', String(f.local), "'=cmd|calc"]);
    assert.equal(guarded![6], 'Smith, "Jo"\r\nPty');
    assert.deepEqual(cancelled!.slice(7), ['cancelled by customer', '5', '200.00', '1000.00', 'ZAR']);
    assert.deepEqual(international!.slice(4, 6), ['international', 'amazon']);
    assert.deepEqual(international!.slice(9), ['15.00', '45.00', 'USD']);

    const searched = parseCsv((await get('/reports/export/orders?q=CANCELLED')).body.slice(1));
    assert.deepEqual(
      searched.slice(1).map((r) => r[0]),
      ['1004'],
    );
    const literal = parseCsv((await get('/reports/export/orders?q=%25')).body.slice(1));
    assert.equal(literal.length, 1, "'%' is searched as text, not as a wildcard");
  });

  it('exports sales per period, book and channel, and the ledger with a currency column', async () => {
    const sales = await get('/reports/export/sales?from=2026-02-01&to=2026-03-31&granularity=month');
    assert.equal(sales.headers['content-disposition'], 'attachment; filename="sales-2026-02-01-to-2026-03-31.csv"');
    assert.deepEqual(parseCsv(sales.body.slice(1)), [
      [
        'period_start',
        'period_end',
        'book_id',
        'book_title',
        'region',
        'channel',
        'units',
        'returns',
        'revenue',
        'royalties',
        'currency',
      ],
      [
        '2026-02-01',
        '2026-02-28',
        String(f.local),
        'Kalahari Letters',
        'local',
        'takealot',
        '1',
        '0',
        '200.00',
        '30.00',
        'ZAR',
      ],
      [
        '2026-03-01',
        '2026-03-31',
        String(f.local),
        'Kalahari Letters',
        'local',
        'takealot',
        '2',
        '1',
        '400.00',
        '30.00',
        'ZAR',
      ],
      [
        '2026-03-01',
        '2026-03-31',
        String(f.international),
        'Kalahari Letters',
        'international',
        'amazon',
        '3',
        '0',
        '45.00',
        '7.50',
        'USD',
      ],
    ]);

    const ledger = await get('/reports/export/transactions');
    assert.equal(ledger.statusCode, 200);
    assert.equal(ledger.headers['content-disposition'], 'attachment; filename="transactions-all-to-2026-11-27.csv"');
    const [header, ...rows] = parseCsv(ledger.body.slice(1));
    assert.deepEqual(header, [
      'created_at',
      'type',
      'reference',
      'amount_before_fees',
      'fee',
      'amount_after_fees',
      'balance_after',
      'status',
      'currency',
    ]);
    assert.ok(rows.every((r) => r.length === 9 && r[8] === 'ZAR' && /^\d{4}-\d{2}-\d{2}T.*Z$/.test(r[0]!)));
  });
});
