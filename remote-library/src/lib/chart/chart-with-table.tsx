import { Chart, type ChartProps } from './line-chart';
import { FiguresTable } from './figures-table';

/** Props of {@link ChartWithTable}. */
export interface ChartWithTableProps extends ChartProps {
  /** The table's caption; defaults to the chart's title. */
  caption?: string;
  /** The table's first column header ('Period', 'Channel'). */
  periodLabel?: string;
}

/** A chart and, under it, the same figures in a sortable table (the accessible fallback). */
export function ChartWithTable({ caption, periodLabel, ...chart }: ChartWithTableProps) {
  return (
    <>
      <Chart {...chart} />
      <FiguresTable
        caption={caption ?? chart.title}
        data={chart.data}
        format={chart.format}
        {...(periodLabel ? { periodLabel } : {})}
      />
    </>
  );
}

export default ChartWithTable;
