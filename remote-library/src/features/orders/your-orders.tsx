import { useMemo, useRef, useState } from 'react';
import {
  Button,
  formatDateTime,
  formatRand,
  formatUsd,
  LIMITS,
  QueryState,
  Spinner,
  useOrdersQuery,
  type Order,
} from '@pod/shared-contracts';
import { OrderCard } from './order-card';
import { NO_FILTERS, OrderFiltersBar } from './order-filters';
import { indexOrders, paginate, type IndexedOrder, type OrderFilters } from './order-query';
import styles from './orders.module.css';

const FORMATTERS = {
  formatDate: (value: string) => formatDateTime(value),
  formatPrice: (value: number | undefined, currency?: string) =>
    currency === 'USD' ? formatUsd(value) : formatRand(value),
};

const PAGE_SIZE = LIMITS.ordersPageSize;

const hasFilters = (filters: OrderFilters) => filters.query.trim() !== '' || filters.from !== '' || filters.to !== '';

/**
 * Your Orders: the user's orders, 12 at a time, searched and filtered by day on the server.
 * The server sends 100 a page (the shared loader's first page is the unfiltered list's), so
 * most Load More clicks show orders already loaded; the next page is asked for only when the
 * 12 more go past what is loaded. A new search keeps the previous list on screen until its
 * first page arrives.
 */
export function YourOrders() {
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const [visible, setVisible] = useState<number>(PAGE_SIZE);
  const query = useOrdersQuery({ q: filters.query, from: filters.from, to: filters.to });
  const pages = query.data?.pages;
  const orders = useMemo(() => pages?.flatMap((page) => page.orders) ?? [], [pages]);
  const cache = useRef(new WeakMap<Order, IndexedOrder>());
  const indexed = useMemo(() => indexOrders(orders, FORMATTERS, cache.current), [orders]);
  const total = pages?.at(-1)?.total ?? 0;
  const page = paginate(indexed, visible, total);

  // A failed next page is retried by asking for it again, not by reloading every page.
  const retryable = {
    ...query,
    refetch: () => (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  };

  function changeFilters(next: OrderFilters) {
    setFilters(next);
    setVisible(PAGE_SIZE);
  }

  function loadMore() {
    const next = visible + PAGE_SIZE;
    setVisible(next);
    if (next > indexed.length && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }

  const noOrdersAtAll = query.isSuccess && !query.isPlaceholderData && total === 0 && indexed.length === 0;
  if (!hasFilters(filters) && (pages === undefined || noOrdersAtAll)) {
    return (
      <QueryState
        query={retryable}
        loadingLabel="Loading orders"
        isEmpty={() => noOrdersAtAll}
        empty={<p className={styles.empty}>You don&apos;t have any orders yet</p>}
      >
        {() => null}
      </QueryState>
    );
  }

  const searching = query.isPlaceholderData && query.isFetching;
  const loadingMore = query.isFetchingNextPage || (page.items.length < visible && page.hasMore && query.isFetching);
  return (
    <>
      {/* A failure keeps the orders already shown; its error offers Retry. */}
      {query.status === 'error' ? (
        <QueryState query={retryable} loadingLabel="Loading orders">
          {() => null}
        </QueryState>
      ) : null}
      <OrderFiltersBar filters={filters} onChange={changeFilters} />
      <div className={styles.summary}>
        <p role="status" className={styles.count}>
          {pages === undefined
            ? ''
            : page.total === 0
              ? 'No orders match your filters'
              : `Showing ${page.items.length} of ${page.total} ${page.total === 1 ? 'order' : 'orders'}`}
        </p>
        {searching || (pages === undefined && query.isFetching) ? (
          <Spinner label="Searching orders" className={styles.inlineSpinner} />
        ) : null}
        {loadingMore ? <Spinner label="Loading more orders" className={styles.inlineSpinner} /> : null}
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
          <Button variant="secondary" onClick={loadMore}>
            Load More
          </Button>
        </div>
      ) : null}
    </>
  );
}
