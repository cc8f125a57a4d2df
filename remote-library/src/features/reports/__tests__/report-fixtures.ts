import type { SalesReport, StatementSummary } from '@pod/shared-contracts';

const figures = (currency: 'ZAR' | 'USD', units: number, returns: number, royalties: number) => ({
  currency,
  units,
  returns,
  revenue_cents: units * 10000,
  royalties_cents: royalties,
});

/** Two books over two months: one local (R), one international (USD). */
export const REPORT: SalesReport = {
  from: '2026-04-01',
  to: '2026-05-14',
  granularity: 'month',
  time_zone: 'Africa/Johannesburg',
  periods: [
    { start: '2026-04-01', end: '2026-04-30', totals: [figures('ZAR', 5, 1, 4000)] },
    { start: '2026-05-01', end: '2026-05-31', totals: [figures('ZAR', 2, 0, 2500), figures('USD', 3, 0, 900)] },
  ],
  books: [
    {
      book_id: 12,
      book_title: 'River Song',
      region: 'local',
      currency: 'ZAR',
      total: figures('ZAR', 7, 1, 6500),
      points: [figures('ZAR', 5, 1, 4000), figures('ZAR', 2, 0, 2500)],
    },
    {
      book_id: 40,
      book_title: 'Dry Season',
      region: 'international',
      currency: 'USD',
      total: figures('USD', 3, 0, 900),
      points: [figures('USD', 0, 0, 0), figures('USD', 3, 0, 900)],
    },
  ],
  channels: [
    { ...figures('ZAR', 7, 1, 6500), channel: 'takealot', region: 'local' },
    { ...figures('USD', 3, 0, 900), channel: 'amazon', region: 'international' },
  ],
  regions: [
    { ...figures('ZAR', 7, 1, 6500), region: 'local' },
    { ...figures('USD', 3, 0, 900), region: 'international' },
  ],
  totals: [figures('ZAR', 7, 1, 6500), figures('USD', 3, 0, 900)],
};

export const STATEMENTS: StatementSummary[] = [
  {
    period: '2026-Q1',
    start: '2026-01-01',
    end: '2026-03-31',
    payout_date: '2026-06-30',
    status: 'pending',
    totals: [{ ...figures('ZAR', 4, 0, 15000), fees_cents: 25000, status: 'pending' }],
  },
];
