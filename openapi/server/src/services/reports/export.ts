import type { FastifyInstance } from 'fastify';
import { formatCents, toCents } from '@pod/shared-contracts/money';
import { toCsv, type CsvCell } from '../../domain/csv.js';
import { formatDay, nextPeriod, parseDate, sastDay, type Granularity } from '../../domain/report-periods.js';
import { HttpProblem } from '../../errors.js';
import { LEDGER_EXPORT_COLUMNS } from '../../plugins/app/report-repository.js';
import { currencyOfRegion, regionOf } from './figures.js';
import {
  dayRange,
  openRange,
  ownedBooks,
  parseBookIds,
  REPORT_MESSAGES,
  toFilter,
  type DayRange,
  type ReportQuery,
} from './filters.js';

export type ExportKind = 'orders' | 'sales' | 'transactions';

/** The most lines one export holds; more asks for a shorter range rather than a huge answer. */
export const MAX_EXPORT_LINES = 100_000;

export interface CsvFile {
  filename: string;
  body: string;
}

/** An amount column: decimal with two places, never guarded as a formula ('-5.00'). */
const amount = (cents: number): CsvCell => ({ raw: formatCents(cents) });
const instant = (date: Date): CsvCell => ({ raw: date.toISOString() });
const date = (text: string): CsvCell => ({ raw: text });

function limited<T>(rows: T[]): T[] {
  if (rows.length > MAX_EXPORT_LINES) throw new HttpProblem(400, REPORT_MESSAGES.tooManyLines, 'VALIDATION');
  return rows;
}

/** `<kind>-<from or all>-to-<to or today>.csv`: sortable, and says what the file holds. */
function filename(kind: ExportKind, range: Partial<DayRange>, today: number): string {
  const from = range.from === undefined ? 'all' : formatDay(range.from);
  return `${kind}-${from}-to-${formatDay(range.to ?? today)}.csv`;
}

/**
 * GET /reports/export/{kind}: the CSV of a screen's data with the screen's filters. Decisions
 * (columns, formats, filename, the line limit): portal.yaml.
 */
export async function exportCsv(
  app: FastifyInstance,
  userId: number,
  kind: ExportKind,
  query: ReportQuery & { q?: string | undefined },
): Promise<CsvFile> {
  const today = sastDay(app.config.now());
  const bookIds = parseBookIds(query.bookIds);
  if (bookIds) await ownedBooks(app, userId, bookIds);
  const repository = app.reportRepository;

  if (kind === 'sales') {
    if (query.from === undefined || query.to === undefined) {
      throw new HttpProblem(400, REPORT_MESSAGES.missingRange, 'VALIDATION');
    }
    const range = dayRange(query.from, query.to);
    const granularity: Granularity = query.granularity ?? 'month';
    const rows = await repository.aggregate(
      toFilter(userId, range, query, bookIds),
      ['period', 'book', 'channel', 'region'],
      granularity,
    );
    const body = toCsv(
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
      limited(rows).map((row) => {
        const start = parseDate(row.period!)!;
        return [
          date(row.period!),
          date(formatDay(nextPeriod(start, granularity) - 1)),
          row.book_id,
          row.book_title,
          regionOf(row.is_international),
          row.channel,
          Number(row.units),
          Number(row.returns),
          amount(Number(row.revenue_cents)),
          amount(Number(row.royalties_cents)),
          currencyOfRegion(row.is_international),
        ];
      }),
    );
    return { filename: filename(kind, range, today), body };
  }

  const range = openRange(query.from, query.to);
  const filter = toFilter(userId, range, query, bookIds);
  if (kind === 'orders') {
    const rows = limited(await repository.orderLines(filter, query.q, MAX_EXPORT_LINES + 1));
    const body = toCsv(
      [
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
      ],
      rows.map((row) => {
        const price = toCents(row.selling_price);
        const international = row.is_international ?? false;
        return [
          row.order_id,
          instant(row.order_date),
          row.book_id,
          row.product_title,
          regionOf(international),
          row.channel,
          row.customer,
          row.sale_status,
          row.quantity,
          amount(price),
          amount(price * row.quantity),
          currencyOfRegion(international),
        ];
      }),
    );
    return { filename: filename(kind, range, today), body };
  }

  const rows = limited(await repository.ledgerLines(filter, MAX_EXPORT_LINES + 1));
  const body = toCsv(
    [...LEDGER_EXPORT_COLUMNS, 'currency'],
    rows.map((row) => [
      instant(row.created_at),
      row.type,
      row.reference,
      amount(toCents(row.amount_before_fees)),
      amount(toCents(row.fee)),
      amount(toCents(row.amount_after_fees)),
      amount(toCents(row.balance_after)),
      row.status,
      'ZAR',
    ]),
  );
  return { filename: filename(kind, range, today), body };
}
