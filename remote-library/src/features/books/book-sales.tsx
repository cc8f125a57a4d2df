import { useId } from 'react';
import type { SalesSummary } from '@pod/shared-contracts';
import styles from './books.module.css';

/**
 * The sales tab's six summary cards. Total Revenue shows `total_revenue`: the source screen
 * showed the returned count on that card, a defect this portal fixes (see README, "Fixed defects").
 */
export function BookSales({ sales, money }: { sales: SalesSummary; money: (value: number | undefined) => string }) {
  const cards = [
    { label: 'Profit', value: money(sales.profit) },
    { label: 'Total Sold', value: String(sales.quantity ?? 0) },
    { label: 'Total Returned', value: String(sales.returned ?? 0) },
    { label: 'Total Royalties', value: money(sales.total_royalties) },
    { label: 'Total Cost', value: money(sales.total_cost) },
    { label: 'Total Revenue', value: money(sales.total_revenue) },
  ];
  return (
    <div className={styles.tiles}>
      {cards.map((card) => (
        <Tile key={card.label} label={card.label} value={card.value} />
      ))}
    </div>
  );
}

/** One labelled figure (a group named by its label). */
export function Tile({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.tile}>
      <p id={id} className={styles.tileLabel}>
        {label}
      </p>
      <p className={styles.tileValue}>{value}</p>
    </div>
  );
}
