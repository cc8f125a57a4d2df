import type { FastifyInstance } from 'fastify';
import { formatDay, periodsOf, REPORT_TIME_ZONE, type Granularity } from '../../domain/report-periods.js';
import type { ReportRow } from '../../plugins/app/report-repository.js';
import type { SuccessBody } from '../types.js';
import { add, currencyOfRegion, figuresOf, regionOf, totalsByCurrency, zero, type Figures } from './figures.js';
import { dayRange, MAX_COMPARED_BOOKS, ownedBooks, parseBookIds, toFilter, type ReportQuery } from './filters.js';

type SalesReport = SuccessBody<'getSalesReport'>;
type BookSeries = SalesReport['books'][number];

/** Books ranked for the comparison: units, then royalties, then the older id. */
const byBestSeller = (a: ReportRow, b: ReportRow) =>
  Number(b.units) - Number(a.units) ||
  Number(b.royalties_cents) - Number(a.royalties_cents) ||
  (a.book_id ?? 0) - (b.book_id ?? 0);

/**
 * GET /reports/sales: four aggregations in SQL (period x region for the chart, book for the
 * ranking, period x book for the compared books, channel x region for the split), assembled
 * into dense, zero-filled periods. Decisions: portal.yaml.
 */
export async function salesReport(
  app: FastifyInstance,
  userId: number,
  query: ReportQuery & { from: string; to: string },
): Promise<SalesReport> {
  const granularity: Granularity = query.granularity ?? 'month';
  const range = dayRange(query.from, query.to);
  const requested = parseBookIds(query.bookIds);
  const named = requested ? await ownedBooks(app, userId, requested) : undefined;
  const filter = toFilter(userId, range, query, requested);
  const repository = app.reportRepository;

  const [byPeriod, byBook, byChannel] = await Promise.all([
    repository.aggregate(filter, ['period', 'region'], granularity),
    repository.aggregate(filter, ['book', 'region']),
    repository.aggregate(filter, ['channel', 'region']),
  ]);

  const periods = periodsOf(range.from, range.to, granularity);
  const indexOf = new Map(periods.map((period, i) => [formatDay(period.start), i]));

  // The compared books: those named, in the order named, or the best sellers of the range.
  const compared = named
    ? named.map((book) => ({ id: book.id, title: book.book_title, isInternational: book.is_international }))
    : [...byBook]
        .sort(byBestSeller)
        .slice(0, MAX_COMPARED_BOOKS)
        .map((row) => ({ id: row.book_id!, title: row.book_title!, isInternational: row.is_international }));
  const comparedIds = compared.map((book) => book.id);
  const perBook =
    comparedIds.length === 0
      ? []
      : await repository.aggregate({ ...filter, bookIds: comparedIds }, ['period', 'book', 'region'], granularity);

  const books: BookSeries[] = compared.map((book) => {
    const currency = currencyOfRegion(book.isInternational);
    const points = periods.map(() => zero(currency));
    for (const row of perBook) {
      const i = row.book_id === book.id ? indexOf.get(row.period!) : undefined;
      if (i !== undefined) points[i] = figuresOf(row);
    }
    return {
      book_id: book.id,
      book_title: book.title,
      region: regionOf(book.isInternational),
      currency,
      total: points.reduce<Figures>((sum, point) => add(sum, point), zero(currency)),
      points,
    };
  });

  const periodFigures = periods.map(() => [] as Figures[]);
  for (const row of byPeriod) {
    const i = indexOf.get(row.period!);
    if (i !== undefined) periodFigures[i]!.push(figuresOf(row));
  }

  return {
    from: formatDay(range.from),
    to: formatDay(range.to),
    granularity,
    time_zone: REPORT_TIME_ZONE,
    periods: periods.map((period, i) => ({
      start: formatDay(period.start),
      end: formatDay(period.end),
      totals: totalsByCurrency(periodFigures[i]!),
    })),
    books,
    channels: byChannel
      .map((row) => ({ ...figuresOf(row), channel: row.channel!, region: regionOf(row.is_international) }))
      .sort((a, b) => b.units - a.units || a.channel.localeCompare(b.channel) || a.region.localeCompare(b.region)),
    regions: totalsByCurrency(byPeriod.map(figuresOf)).map((figures) => ({
      ...figures,
      region: figures.currency === 'USD' ? ('international' as const) : ('local' as const),
    })),
    totals: totalsByCurrency(byPeriod.map(figuresOf)),
  };
}
