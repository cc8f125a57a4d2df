import { useQuery } from '@tanstack/react-query';
import { QueryState, queryKeys } from '@pod/shared-contracts';
import { SalesChart } from '../../lib/chart';
import { centsIn, count, royaltiesCharts, unitsChart, returnsChart } from '../../lib/report-charts';
import { getBookSalesReport } from './api/get-book-sales-report';
import type { Region } from './book-model';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last 12 months, this one included: from the first of the month 11 months ago to today. */
export function lastTwelveMonths(today: Date): { from: string; to: string } {
  return { from: isoDay(new Date(today.getFullYear(), today.getMonth() - 11, 1)), to: isoDay(today) };
}

/**
 * The sales tab's chart: the book's units, returns and royalties per month over the last 12
 * months (the reports' chart and tables, for this book alone).
 */
export function BookSalesChart({
  id,
  region,
  today = () => new Date(),
}: {
  id: number;
  region: Region;
  today?: () => Date;
}) {
  const range = lastTwelveMonths(today());
  const query = useQuery({
    queryKey: queryKeys.reports('sales', { book: id, region, ...range }),
    queryFn: () => getBookSalesReport(id, region, range),
  });
  return (
    <QueryState query={query} loadingLabel="Loading the sales chart">
      {(report) => (
        <>
          <SalesChart
            title="Units sold per month, last 12 months"
            data={unitsChart(report)}
            kind="bar"
            format={count}
          />
          <SalesChart title="Returns per month, last 12 months" data={returnsChart(report)} kind="bar" format={count} />
          {royaltiesCharts(report).map(({ currency, data }) => (
            <SalesChart
              key={currency}
              title={`Royalties per month, last 12 months (${currency === 'USD' ? 'USD' : 'R'})`}
              data={data}
              format={centsIn(currency)}
            />
          ))}
        </>
      )}
    </QueryState>
  );
}
