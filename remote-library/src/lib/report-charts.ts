import { formatCents, formatDay, type Currency, type SalesReport } from '@pod/shared-contracts';
import type { ChartData } from './chart';

type Granularity = SalesReport['granularity'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period's label from its first day: `14-05-2026`, `Week of 11-05-2026`, `May 2026`. */
export function periodLabel(start: string, granularity: Granularity): string {
  if (granularity === 'month') {
    const [year, month] = start.split('-');
    return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
  }
  return granularity === 'week' ? `Week of ${formatDay(start)}` : formatDay(start);
}

function periods(report: SalesReport): string[] {
  return report.periods.map((period) => periodLabel(period.start, report.granularity));
}

const REGION_LABELS = { local: 'Local', international: 'International' } as const;

/**
 * Each book's name in a chart: its title, and its region too when the report holds the same
 * title twice (a book published in both regions), so no two lines, legend entries or table
 * columns read the same.
 */
function bookNames(report: SalesReport): Map<number, string> {
  const counts = new Map<string, number>();
  for (const book of report.books) counts.set(book.book_title, (counts.get(book.book_title) ?? 0) + 1);
  return new Map(
    report.books.map((book) => [
      book.book_id,
      (counts.get(book.book_title) ?? 0) > 1 ? `${book.book_title} (${REGION_LABELS[book.region]})` : book.book_title,
    ]),
  );
}

/** Copies sold per period, one series per book compared. */
export function unitsChart(report: SalesReport): ChartData {
  const names = bookNames(report);
  return {
    periods: periods(report),
    series: report.books.map((book) => ({
      key: String(book.book_id),
      name: names.get(book.book_id) ?? book.book_title,
      values: book.points.map((point) => point.units),
    })),
  };
}

/** Copies returned per period, one series per book compared. */
export function returnsChart(report: SalesReport): ChartData {
  const names = bookNames(report);
  return {
    periods: periods(report),
    series: report.books.map((book) => ({
      key: String(book.book_id),
      name: names.get(book.book_id) ?? book.book_title,
      values: book.points.map((point) => point.returns),
    })),
  };
}

/**
 * Net royalties per period in cents, one chart per currency (rand and dollars are never drawn
 * on one scale nor added): only the books in that currency.
 */
export function royaltiesCharts(report: SalesReport): { currency: Currency; data: ChartData }[] {
  const currencies = (['ZAR', 'USD'] as const).filter((currency) =>
    report.books.some((book) => book.currency === currency),
  );
  return currencies.map((currency) => ({
    currency,
    data: {
      periods: periods(report),
      series: report.books
        .filter((book) => book.currency === currency)
        .map((book) => ({
          key: String(book.book_id),
          name: book.book_title,
          values: book.points.map((point) => point.royalties_cents),
        })),
    },
  }));
}

/** Units and returns per channel over the whole range (bars, one group per channel and region). */
export function channelChart(report: SalesReport): ChartData {
  return {
    periods: report.channels.map((channel) => `${channel.channel} (${REGION_LABELS[channel.region]})`),
    series: [
      { key: 'units', name: 'Units sold', values: report.channels.map((channel) => channel.units) },
      { key: 'returns', name: 'Returns', values: report.channels.map((channel) => channel.returns) },
    ],
  };
}

/** Units and returns per region over the whole range. */
export function regionChart(report: SalesReport): ChartData {
  return {
    periods: report.regions.map((region) => REGION_LABELS[region.region]),
    series: [
      { key: 'units', name: 'Units sold', values: report.regions.map((region) => region.units) },
      { key: 'returns', name: 'Returns', values: report.regions.map((region) => region.returns) },
    ],
  };
}

/** Money in cents of `currency` as the portal shows it ('R 12.50', 'USD 3.00'). */
export const centsIn = (currency: Currency) => (cents: number) => formatCents(cents, currency);

/** A count as text. */
export const count = (value: number) => String(Math.round(value));
