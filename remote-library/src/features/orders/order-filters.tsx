import { Button, DateField, TextField } from '@pod/shared-contracts';
import type { OrderFilters } from './order-query';
import styles from './orders.module.css';

/** No search text and no date range. */
export const NO_FILTERS: OrderFilters = { query: '', from: '', to: '' };

/** Search box, From and To days (inclusive, typed dd-mm-yyyy like every date shown) and Clear Filters. */
export function OrderFiltersBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}) {
  return (
    <form
      className={styles.filters}
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField
        className={styles.search}
        type="search"
        label="Search orders"
        hint="Title, customer, status, date, price or quantity"
        value={filters.query}
        onChange={(event) => onChange({ ...filters, query: event.target.value })}
      />
      <DateField
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(from) => onChange({ ...filters, from })}
      />
      <DateField
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(to) => onChange({ ...filters, to })}
      />
      <Button variant="secondary" className={styles.clear} onClick={() => onChange(NO_FILTERS)}>
        Clear Filters
      </Button>
    </form>
  );
}
