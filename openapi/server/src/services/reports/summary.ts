import type { FastifyInstance } from 'fastify';
import {
  formatDay,
  monthName,
  periodStart,
  previousMonthStart,
  quarterEnd,
  quarterOf,
  sastDay,
} from '../../domain/report-periods.js';
import { PAYOUT_THRESHOLD_ZAR_CENTS, usdThresholdCents } from '../../domain/royalty-payouts.js';
import { toOrderView } from '../orders.js';
import type { SuccessBody } from '../types.js';
import { CURRENCIES, figuresOf, regionOf, totalsByCurrency } from './figures.js';
import { toFilter } from './filters.js';
import { payoutLedger } from './statements.js';

type Summary = SuccessBody<'getReportsSummary'>;

/** How many uploads in progress the dashboard lists. */
const IN_PROGRESS_LIMIT = 20;
const RECENT_ORDERS = 5;

/** GET /reports/summary: the dashboard's card. Decisions: portal.yaml. */
export async function reportsSummary(app: FastifyInstance, userId: number): Promise<Summary> {
  const today = sastDay(app.config.now());
  const thisMonth = periodStart(today, 'month');
  const lastMonth = previousMonthStart(today);
  const [months, ledger, books, orders] = await Promise.all([
    app.reportRepository.aggregate(
      toFilter(userId, { from: lastMonth, to: today }, {}, undefined),
      ['period', 'region'],
      'month',
    ),
    payoutLedger(app, userId),
    app.bookRepository.listByUser(userId),
    app.orderRepository.newestByUser(userId, RECENT_ORDERS),
  ]);

  const royaltiesOf = (month: number) =>
    totalsByCurrency(months.filter((row) => row.period === formatDay(month)).map(figuresOf)).map((figures) => ({
      currency: figures.currency,
      amount_cents: figures.royalties_cents,
    }));

  const thresholds = { ZAR: PAYOUT_THRESHOLD_ZAR_CENTS, USD: usdThresholdCents(app.config.payments.usdZarRate) };
  const next = ledger
    ? {
        date: formatDay(ledger.history.ZAR.next.date),
        periods: [...new Set(CURRENCIES.flatMap((currency) => ledger.history[currency].next.periods))].sort(),
        amounts: CURRENCIES.filter((currency) => ledger.history[currency].next.periods.length > 0).map((currency) => {
          const cents = ledger.history[currency].next.cents;
          return {
            currency,
            amount_cents: cents,
            threshold_cents: thresholds[currency],
            will_be_paid: cents > thresholds[currency],
          };
        }),
      }
    : { date: formatDay(quarterEnd(quarterOf(today))), periods: [], amounts: [] };

  // One entry per upload: its local record, or the international one of an international-only upload.
  const inProgress = books
    .filter((book) => !book.misc.archived && (book.misc.bookStage ?? 'getquote') !== 'published')
    .filter(
      (book, _, all) =>
        !book.is_international || !all.some((other) => !other.is_international && other.pair_id === book.pair_id),
    )
    .slice(0, IN_PROGRESS_LIMIT)
    .map((book) => ({
      book_id: book.id,
      international_book_id: book.is_international
        ? null
        : (books.find((other) => other.is_international && other.pair_id === book.pair_id)?.id ?? null),
      book_title: book.book_title,
      format_type: book.format_type,
      region: regionOf(book.is_international),
      stage: book.misc.bookStage ?? 'getquote',
      status: book.misc.status ?? 'quote',
      created_at: book.created_at.toISOString(),
    }));

  return {
    month: monthName(today),
    royalties_this_month: royaltiesOf(thisMonth),
    royalties_last_month: royaltiesOf(lastMonth),
    units_this_month: months
      .filter((row) => row.period === formatDay(thisMonth))
      .reduce((units, row) => units + Number(row.units), 0),
    next_payout: next,
    books_in_progress: inProgress,
    recent_orders: orders.map(toOrderView),
  };
}
