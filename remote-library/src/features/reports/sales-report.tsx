import { useQuery } from '@tanstack/react-query';
import { Card, formatCents, QueryState, queryKeys, type SalesReport } from '@pod/shared-contracts';
import { SalesChart } from '../../lib/chart';
import {
  centsIn,
  channelChart,
  count,
  regionChart,
  returnsChart,
  royaltiesCharts,
  unitsChart,
} from '../../lib/report-charts';
import { getSalesReport } from './api/get-sales-report';
import type { ReportQuery } from './report-query';
import styles from './reports.module.css';

const CURRENCY_NAMES = { ZAR: 'R', USD: 'USD' } as const;

function Totals({ report }: { report: SalesReport }) {
  return (
    <ul className={styles.totals} aria-label="Totals of the range">
      {report.totals.map((total) => (
        <li key={total.currency}>
          <strong>{total.currency === 'USD' ? 'International (USD)' : 'Local (R)'}</strong>: {total.units} sold,{' '}
          {total.returns} returned, revenue {formatCents(total.revenue_cents, total.currency)}, royalties{' '}
          {formatCents(total.royalties_cents, total.currency)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The sales report of the filters: totals per currency, then units, returns and royalties per
 * period (royalties one chart per currency), then the channel and region split; every chart
 * with its table. `query` null (an incomplete custom range) asks for nothing.
 */
export function SalesReportView({ query }: { query: ReportQuery | null }) {
  const report = useQuery({
    queryKey: queryKeys.reports('sales', { ...query }),
    queryFn: () => getSalesReport(query!),
    enabled: query !== null,
  });
  if (query === null) return null;
  return (
    <QueryState
      query={report}
      loadingLabel="Loading the sales report"
      isEmpty={(data) => data.totals.length === 0}
      empty={<p className={styles.section}>No sales or returns in this range. Try a longer range or other filters.</p>}
    >
      {(data) => (
        <div className={styles.charts}>
          <Totals report={data} />
          <Card title="Units sold">
            <SalesChart title="Units sold per period" data={unitsChart(data)} format={count} />
          </Card>
          <Card title="Returns">
            <SalesChart title="Returns per period" data={returnsChart(data)} kind="bar" format={count} />
          </Card>
          {royaltiesCharts(data).map(({ currency, data: chart }) => (
            <Card key={currency} title={`Royalties (${CURRENCY_NAMES[currency]})`}>
              <SalesChart
                title={`Royalties in ${CURRENCY_NAMES[currency]} per period`}
                data={chart}
                format={centsIn(currency)}
              />
            </Card>
          ))}
          <Card title="By channel">
            <SalesChart
              title="Units and returns by channel"
              data={channelChart(data)}
              kind="bar"
              periodLabel="Channel"
              format={count}
            />
          </Card>
          <Card title="By region">
            <SalesChart
              title="Units and returns by region"
              data={regionChart(data)}
              kind="bar"
              periodLabel="Region"
              format={count}
            />
          </Card>
        </div>
      )}
    </QueryState>
  );
}
