import { useMemo, useState } from 'react';
import type { ChartData } from './chart-data';
import styles from './chart.module.css';

/** Props of {@link FiguresTable}. */
export interface FiguresTableProps {
  caption: string;
  data: ChartData;
  /** The first column's header ('Period'). */
  periodLabel?: string;
  format: (value: number) => string;
}

type Sort = { column: number; direction: 'ascending' | 'descending' };

/**
 * The chart's figures as a table, one row per period and one column per series, so every
 * number the picture shows can be read, copied and compared. Each header is a button that
 * sorts by its column (again to reverse); `aria-sort` tells which column orders the rows.
 * Column -1 is the period (time order, the default).
 */
export function FiguresTable({ caption, data, periodLabel = 'Period', format }: FiguresTableProps) {
  const [sort, setSort] = useState<Sort>({ column: -1, direction: 'ascending' });
  const rows = useMemo(() => {
    const indices = data.periods.map((_, index) => index);
    const value = (index: number) => (sort.column < 0 ? index : (data.series[sort.column]?.values[index] ?? 0));
    indices.sort((a, b) => (value(a) - value(b)) * (sort.direction === 'ascending' ? 1 : -1));
    return indices;
  }, [data, sort]);

  const header = (column: number, label: string, numeric: boolean) => {
    const active = sort.column === column;
    return (
      <th
        key={column}
        scope="col"
        aria-sort={active ? sort.direction : 'none'}
        className={numeric ? styles.numeric : undefined}
      >
        <button
          type="button"
          className={styles.sort}
          onClick={() =>
            setSort({
              column,
              direction: active && sort.direction === 'ascending' ? 'descending' : 'ascending',
            })
          }
        >
          {label}
          <span aria-hidden="true">{active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  };

  return (
    <div className={styles.table}>
      <table className={styles.figures}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {header(-1, periodLabel, false)}
            {data.series.map((series, s) => header(s, series.name, true))}
          </tr>
        </thead>
        <tbody>
          {rows.map((index) => (
            <tr key={data.periods[index]}>
              <th scope="row">{data.periods[index]}</th>
              {data.series.map((series) => (
                <td key={series.key} className={styles.numeric}>
                  {format(series.values[index] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
