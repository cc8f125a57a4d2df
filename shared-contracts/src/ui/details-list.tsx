import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './details-list.module.css';

/** One label/value pair of a {@link DetailsList}. */
export interface DetailsItem {
  label: string;
  value: ReactNode;
}

/** Props of {@link DetailsList}. */
export interface DetailsListProps {
  items: readonly DetailsItem[];
  className?: string;
}

/**
 * Label/value pairs as a description list (`<dl>`): the label muted on the left, the value
 * on the right, each pair wrapped in a `<div>` (allowed in a `<dl>`) so it lays out as a row.
 */
export function DetailsList({ items, className }: DetailsListProps) {
  return (
    <dl className={cx(styles.details, className)}>
      {items.map((item) => (
        <div key={item.label} className={styles.pair}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
