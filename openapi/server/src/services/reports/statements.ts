import type { FastifyInstance } from 'fastify';
import {
  compareQuarters,
  formatDay,
  parseQuarter,
  payoutDateOf,
  quarterEnd,
  quarterName,
  quarterOf,
  quarterStart,
  sastDay,
  type Quarter,
} from '../../domain/report-periods.js';
import {
  PAYOUT_THRESHOLD_ZAR_CENTS,
  payoutHistory,
  usdThresholdCents,
  type PayoutHistory,
  type PayoutStatus,
} from '../../domain/royalty-payouts.js';
import { HttpProblem } from '../../errors.js';
import type { ReportRow } from '../../plugins/app/report-repository.js';
import type { components } from '@pod/shared-contracts/api/schema';
import { CURRENCIES, currencyOfRegion, figuresOf, regionOf, type Currency } from './figures.js';
import { toFilter } from './filters.js';

type StatementSummary = components['schemas']['StatementSummary'];
type StatementTotal = components['schemas']['StatementTotal'];
export type Statement = components['schemas']['Statement'];

export const STATEMENT_NOT_FOUND_MESSAGE = 'Statement not found';
const statementNotFound = () => new HttpProblem(404, STATEMENT_NOT_FOUND_MESSAGE);

const fees = (row: ReportRow) => Number(row.revenue_cents) - Number(row.gross_royalties_cents);

/** The user's payout history per currency, from the quarter of the first order to today's. */
export interface Ledger {
  first: Quarter;
  today: number;
  quarters: ReportRow[];
  history: Record<Currency, PayoutHistory>;
  thresholds: Record<Currency, number>;
}

/**
 * Every quarter's royalties (one SQL aggregation by quarter and region over all time) run through
 * the payout rule; undefined for a user without orders.
 */
export async function payoutLedger(app: FastifyInstance, userId: number): Promise<Ledger | undefined> {
  const today = sastDay(app.config.now());
  const thresholds = {
    ZAR: PAYOUT_THRESHOLD_ZAR_CENTS,
    USD: usdThresholdCents(app.config.payments.usdZarRate),
  };
  const firstOrder = await app.reportRepository.firstOrderDate(userId);
  const first = quarterOf(firstOrder ? Math.min(sastDay(firstOrder), today) : today);
  const quarters = firstOrder
    ? await app.reportRepository.aggregate(toFilter(userId, {}, {}, undefined), ['period', 'region'], 'quarter')
    : [];
  const history = Object.fromEntries(
    CURRENCIES.map((currency) => {
      const amounts = quarters
        .filter((row) => currencyOfRegion(row.is_international) === currency)
        .map((row) => ({
          quarter: quarterOf(Date.parse(row.period!) / 86_400_000),
          cents: Number(row.royalties_cents),
        }));
      return [currency, payoutHistory(first, today, amounts, thresholds[currency])];
    }),
  ) as Record<Currency, PayoutHistory>;
  return firstOrder ? { first, today, quarters, history, thresholds } : undefined;
}

function summaryOf(ledger: Ledger, quarter: Quarter, rows: readonly ReportRow[]): StatementSummary {
  const name = quarterName(quarter);
  const statusOf = (currency: Currency): PayoutStatus => ledger.history[currency].statuses.get(name) ?? 'open';
  const totals: StatementTotal[] = CURRENCIES.flatMap((currency) => {
    const own = rows.filter((row) => currencyOfRegion(row.is_international) === currency);
    if (own.length === 0) return [];
    const sum = (key: 'units' | 'returns' | 'revenue_cents' | 'royalties_cents') =>
      own.reduce((total, row) => total + Number(row[key]), 0);
    return [
      {
        currency,
        units: sum('units'),
        returns: sum('returns'),
        revenue_cents: sum('revenue_cents'),
        royalties_cents: sum('royalties_cents'),
        fees_cents: own.reduce((total, row) => total + fees(row), 0),
        status: statusOf(currency),
      },
    ];
  });
  return {
    period: name,
    start: formatDay(quarterStart(quarter)),
    end: formatDay(quarterEnd(quarter)),
    payout_date: formatDay(payoutDateOf(quarter)),
    status: totals[0]?.status ?? statusOf('ZAR'),
    totals,
  };
}

/** GET /reports/statements: one per quarter, newest first. */
export async function listStatements(app: FastifyInstance, userId: number): Promise<StatementSummary[]> {
  const ledger = await payoutLedger(app, userId);
  if (!ledger) return [];
  const statements: StatementSummary[] = [];
  for (let quarter = quarterOf(ledger.today); compareQuarters(quarter, ledger.first) >= 0;) {
    const start = formatDay(quarterStart(quarter));
    statements.push(
      summaryOf(
        ledger,
        quarter,
        ledger.quarters.filter((row) => row.period === start),
      ),
    );
    quarter =
      quarter.quarter === 1 ? { year: quarter.year - 1, quarter: 4 } : { ...quarter, quarter: quarter.quarter - 1 };
  }
  return statements;
}

/** GET /reports/statements/{period}: the quarter's lines per book, 404 outside the user's history. */
export async function statementOf(app: FastifyInstance, userId: number, period: string): Promise<Statement> {
  const quarter = parseQuarter(period);
  const ledger = await payoutLedger(app, userId);
  if (!quarter || !ledger) throw statementNotFound();
  if (compareQuarters(quarter, ledger.first) < 0 || compareQuarters(quarter, quarterOf(ledger.today)) > 0) {
    throw statementNotFound();
  }
  const range = { from: quarterStart(quarter), to: quarterEnd(quarter) };
  const rows = await app.reportRepository.aggregate(toFilter(userId, range, {}, undefined), ['book', 'region']);
  const lines = rows
    .map((row) => ({
      ...figuresOf(row),
      book_id: row.book_id!,
      book_title: row.book_title!,
      region: regionOf(row.is_international),
      fees_cents: fees(row),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency) * -1 || a.book_title.localeCompare(b.book_title));
  return { ...summaryOf(ledger, quarter, rows), lines };
}
