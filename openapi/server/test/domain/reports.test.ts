import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvField, toCsv } from '../../src/domain/csv.js';
import { formatDay, parseDate, periodsOf, quarterOf, sastDay } from '../../src/domain/report-periods.js';
import { payoutHistory, usdThresholdCents } from '../../src/domain/royalty-payouts.js';

const day = (text: string) => parseDate(text)!;

describe('report periods (SAST)', () => {
  it('refuses impossible dates and years before 100', () => {
    assert.equal(parseDate('2026-02-29'), undefined);
    assert.equal(parseDate('2028-02-29'), day('2028-02-29'));
    assert.equal(parseDate('0050-01-01'), undefined);
  });

  it('puts 22:00 UTC on the next SAST day', () => {
    assert.equal(formatDay(sastDay(new Date('2026-12-31T21:59:59Z'))), '2026-12-31');
    assert.equal(formatDay(sastDay(new Date('2026-12-31T22:00:00Z'))), '2027-01-01');
  });

  it('lists ISO weeks across a year end (Monday 28 December 2026 to Sunday 3 January 2027)', () => {
    const weeks = periodsOf(day('2026-12-30'), day('2027-01-05'), 'week').map((p) => [
      formatDay(p.start),
      formatDay(p.end),
    ]);
    assert.deepEqual(weeks, [
      ['2026-12-28', '2027-01-03'],
      ['2027-01-04', '2027-01-10'],
    ]);
    assert.deepEqual(quarterOf(day('2026-09-30')), { year: 2026, quarter: 3 });
  });
});

describe('payout rule', () => {
  const q = (year: number, quarter: number) => ({ year, quarter });

  it('carries amounts not above the threshold forward and pays them with a later quarter', () => {
    const history = payoutHistory(
      q(2025, 1),
      day('2026-02-10'),
      [
        { quarter: q(2025, 1), cents: 6_000 },
        { quarter: q(2025, 2), cents: 4_000 },
        { quarter: q(2025, 3), cents: 10_001 },
        { quarter: q(2025, 4), cents: 500 },
      ],
      10_000,
    );
    assert.deepEqual(Object.fromEntries(history.statuses), {
      '2025-Q1': 'carried_forward', // 30 June 2025: R60 is not above R100
      '2025-Q2': 'carried_forward', // 30 September: R60 + R40 = R100, not above it
      '2025-Q3': 'paid', // 31 December: R100 + R100.01
      '2025-Q4': 'pending', // its payout is 31 March 2026
      '2026-Q1': 'open',
    });
    assert.deepEqual(history.next, { date: day('2026-03-31'), cents: 500, periods: ['2025-Q4'] });
  });

  it('rounds the USD threshold up to the cent', () => {
    assert.equal(usdThresholdCents(18.5), 541);
  });
});

describe('CSV', () => {
  it('quotes fields with a comma, quote, CR or LF, doubles quotes, guards formulas, keeps raw amounts', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField('cr\r'), '"cr\r"');
    assert.equal(csvField('=1+1'), "'=1+1");
    assert.equal(csvField('-2'), "'-2");
    assert.equal(csvField({ raw: '-5.00' }), '-5.00');
    assert.equal(csvField(null), '');
    assert.equal(csvField(7), '7');
    assert.equal(toCsv(['a', 'b'], [['Zoë', 1]]), '\uFEFFa,b\r\nZoë,1\r\n');
  });
});
