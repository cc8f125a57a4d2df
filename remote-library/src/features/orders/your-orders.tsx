import { useDeferredValue, useMemo, useRef, useState } from 'react';
import {
  Button,
  formatDateTime,
  formatRand,
  formatUsd,
  LIMITS,
  QueryState,
  Spinner,
  type Order,
} from '@pod/shared-contracts';
import { OrderCard } from './order-card';
import { NO_FILTERS, OrderFiltersBar } from './order-filters';
import {
  filterOrders,
  indexOrders,
  paginate,
  type IndexedOrder,
  type OrderFilters,
  type OrderFormatters,
} from './order-query';
import { useAllOrders } from './use-all-orders';
import styles from './orders.module.css';

const FORMATTERS: OrderFormatters = {
  formatDate: (value) => formatDateTime(value),
  formatPrice: (value, currency) => (currency === 'USD' ? formatUsd(value) : formatRand(value)),
};

const PAGE_SIZE = LIMITS.ordersPageSize;

/**
 * Your Orders: every order of the user, searchable and filterable by day, 12 at a time.
 * Stays responsive with thousands of orders: each order is indexed once (search text
 * precomputed, cached across the pages that keep arriving), typing is deferred so the input
 * never waits for the filter, and only the visible page is rendered.
 */
export function YourOrders() {
  const { orders, loading, query: ordersQuery } = useAllOrders();
  const cache = useRef(new WeakMap<Order, IndexedOrder>());
  const indexed = useMemo(() => indexOrders(orders, FORMATTERS, cache.current), [orders]);

  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const [visible, setVisible] = useState<number>(PAGE_SIZE);
  const query = useDeferredValue(filters.query);
  const matching = useMemo(
    () => filterOrders(indexed, { query, from: filters.from, to: filters.to }),
    [indexed, query, filters.from, filters.to],
  );
  const page = paginate(matching, visible);

  function changeFilters(next: OrderFilters) {
    setFilters(next);
    setVisible(PAGE_SIZE);
  }

  if (indexed.length === 0) {
    return (
      <QueryState
        query={ordersQuery}
        loadingLabel="Loading orders"
        // The shared first page may be empty while the full list is still on its way.
        isEmpty={(list) => list.length === 0 && !loading}
        empty={<p className={styles.empty}>You don&apos;t have any orders yet</p>}
      >
        {() => <Spinner label="Loading orders" />}
      </QueryState>
    );
  }

  return (
    <>
      {/* A page that failed keeps the orders already shown; its error offers Retry. */}
      {ordersQuery.status === 'error' ? (
        <QueryState query={ordersQuery} loadingLabel="Loading orders">
          {() => null}
        </QueryState>
      ) : null}
      <OrderFiltersBar filters={filters} onChange={changeFilters} />
      <div className={styles.summary}>
        <p role="status" className={styles.count}>
          {page.total === 0
            ? 'No orders match your filters'
            : `Showing ${page.items.length} of ${page.total} ${page.total === 1 ? 'order' : 'orders'}`}
        </p>
        {loading ? <Spinner label="Loading more orders" className={styles.inlineSpinner} /> : null}
      </div>
      {page.items.length > 0 ? (
        <ul className={styles.list} aria-label="Orders">
          {page.items.map((item) => (
            <li key={String(item.order.order_id)}>
              <OrderCard item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {page.hasMore ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setVisible((count) => count + PAGE_SIZE)}>
            Load More
          </Button>
        </div>
      ) : null}
    </>
  );
}
