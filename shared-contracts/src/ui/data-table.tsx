import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './data-table.module.css';
import { VisuallyHidden } from './visually-hidden';

/** One column of a {@link DataTable}. */
export interface DataTableColumn<Row> {
  /** Stable React key of the column. */
  key: string;
  /**
   * The column's name: the header text on wide screens and, on narrow ones, the label each
   * stacked cell shows before its value (so it must be plain text).
   */
  label: string;
  /** The cell's content for one row. */
  cell: (row: Row) => ReactNode;
  /** Numbers and money read right-aligned with tabular figures. */
  numeric?: boolean;
  /**
   * The header is read by assistive technology but not shown, and the stacked cell shows no
   * label (for a column of buttons whose own names say what they do).
   */
  labelHidden?: boolean;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<Row> {
  /** The table's visible caption: it names the table for assistive technology. */
  caption: ReactNode;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** A stable key for a row. */
  rowKey: (row: Row, index: number) => string;
  /** Shown in one full-width row when `rows` is empty; without it the body is empty. */
  empty?: ReactNode;
  /** Drawn on its own card surface (default); false inside something that already is one. */
  framed?: boolean;
  className?: string;
}

/**
 * A real `<table>` (caption, column headers, cells) that, when its container is narrower
 * than 600 px, lays each row out as a stacked card whose cells show their column's label
 * (the `data-label` attribute, drawn by CSS), so no column is pushed off-screen on a phone.
 * The switch is CSS only (a container query), so the markup and its roles never change; the
 * roles are also set explicitly because some browsers drop a table's semantics once its
 * parts are no longer displayed as table parts.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  framed = true,
  className,
}: DataTableProps<Row>) {
  return (
    <div className={cx(styles.container, framed && styles.framed, className)}>
      <table className={styles.table} role="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead className={styles.head} role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                role="columnheader"
                className={column.numeric ? styles.numeric : undefined}
              >
                {/* The cell stays (the header row keeps its width); only its text is hidden. */}
                {column.labelHidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 && empty ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} role="row" className={styles.row}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    role="cell"
                    data-label={column.labelHidden ? undefined : column.label}
                    className={cx(column.numeric && styles.numeric, column.labelHidden && styles.unlabelled)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
