import { useId, useState } from 'react';
import { Button, formatRand, formatUsd, type RoyaltyRegion } from '@pod/shared-contracts';
import type { RegionFigures } from './use-royalty-estimate';
import styles from './royalty-widget.module.css';

/** R for local amounts, USD for international ones, 2 decimals (spec: royalty widget). */
export function formatRegionAmount(region: RoyaltyRegion, amount: number): string {
  return region === 'local' ? formatRand(amount) : formatUsd(amount);
}

/**
 * How one region's royalty is reached, behind a disclosure button: the list price, each
 * deduction (VAT, channel or wholesale share, print cost) and the royalty, then the lowest list
 * price with a royalty of 0.00 or more and a button that takes it. Beyond the spec (issue 12):
 * the bare figure alone is what authors call misleading.
 */
export function RoyaltyBreakdown({
  figures,
  name,
  onUseMinimumPrice,
}: {
  figures: RegionFigures;
  /** 'Local' or 'International', for the button's and the list's names. */
  name: string;
  onUseMinimumPrice?: (region: RoyaltyRegion, price: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const money = (amount: number) => formatRegionAmount(figures.region, amount);
  return (
    <div className={styles.breakdown}>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {`${name} breakdown`}
      </button>
      {open ? (
        <div id={listId}>
          <ul className={styles.lines} aria-label={`${name} breakdown`}>
            {figures.lines.map((line) => (
              <li key={line.key} className={styles.line}>
                <span>{line.label}</span>
                <span className={styles.amount}>{money(line.amount)}</span>
              </li>
            ))}
            <li className={`${styles.line} ${styles.total}`}>
              <span>Your royalty</span>
              <span className={styles.amount}>{money(figures.royalty)}</span>
            </li>
          </ul>
          {figures.minimumPrice === null ? (
            <p className={styles.note}>No list price gives a royalty of 0.00 or more.</p>
          ) : (
            <p className={styles.note}>
              Minimum list price for a royalty of 0.00 or more: <strong>{money(figures.minimumPrice)}</strong>
              {onUseMinimumPrice ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => onUseMinimumPrice(figures.region, figures.minimumPrice as number)}
                >
                  Use minimum price
                </Button>
              ) : null}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
