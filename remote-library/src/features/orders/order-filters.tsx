import { Button, TextField } from '@pod/shared-contracts';
import type { OrderFilters } from './order-query';
import styles from './orders.module.css';

/** No search text and no date range. */
export const NO_FILTERS: OrderFilters = { query: '', from: '', to: '' };

/** Search box, From and To day pickers (inclusive) and Clear Filters. */
export function OrderFiltersBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}) {
  return (
    <form className={styles.filters} role="search" aria-label="Filter orders" onSubmit={(event) => event.preventDefault()}>
      <TextField
        className={styles.search}
        type="search"
        label="Search orders"
        hint="Title, customer, status, date, price or quantity"
        value={filters.query}
        onChange={(event) => onChange({ ...filters, query: event.target.value })}
      />
      <TextField
        type="date"
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ ...filters, from: event.target.value })}
      />
      <TextField
        type="date"
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ ...filters, to: event.target.value })}
      />
      <Button variant="secondary" className={styles.clear} onClick={() => onChange(NO_FILTERS)}>
        Clear Filters
      </Button>
    </form>
  );
}
