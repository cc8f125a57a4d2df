import { lazy, Suspense } from 'react';
import { Spinner } from '@pod/shared-contracts';
import type { ChartWithTableProps } from './chart-with-table';

export type { ChartData, ChartSeries } from './chart-data';
export type { ChartWithTableProps } from './chart-with-table';

// The chart code is its own chunk: only the routes that draw a chart (reports, a book's
// sales) load it, the first time one is shown.
const LazyChartWithTable = lazy(() => import('./chart-with-table'));

/** A chart with its figures table under it, loaded on first use. */
export function SalesChart(props: ChartWithTableProps) {
  return (
    <Suspense fallback={<Spinner label="Loading chart" />}>
      <LazyChartWithTable {...props} />
    </Suspense>
  );
}
