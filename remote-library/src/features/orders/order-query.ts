/**
 * Pure querying of the orders list: de-duplication, search, date range and paging.
 *
 * Kept free of runtime imports (the Order type is erased) so the benchmark in
 * bench/orders.bench.mjs times this very file. Formatting is injected for the same reason:
 * the screen passes shared-contracts' formatters, the benchmark its own copies.
 */
import type { Order } from '@pod/shared-contracts';
import { dedupeOrders } from '../../lib/dedupe-orders';

/** How the screen displays an order's date and price; search matches these texts. */
export interface OrderFormatters {
  /** dd-MM-yyyy HH:mm ('' for an unreadable date). */
  formatDate: (value: string) => string;
  /** e.g. 'R 1 234.50'. */
  /** Formats a selling price in the order's currency (ZAR shown R, USD for international books). */
  formatPrice: (value: number | undefined, currency?: string) => string;
}

/** An order with what the screen shows and searches, computed once per order. */
export interface IndexedOrder {
  order: Order;
  /** The order's date as displayed (order_date, else createdAt). */
  displayDate: string;
  displayPrice: string;
  /** Epoch ms of the displayed date, or null when there is none. */
  time: number | null;
  /** Lowercased searchable text of every searched field, separated so no match spans two. */
  searchText: string;
}

/** The screen's filters: a search text and an inclusive range of whole days (yyyy-MM-dd). */
export interface OrderFilters {
  query: string;
  /** First day included, 'yyyy-MM-dd' or ''. */
  from: string;
  /** Last day included, 'yyyy-MM-dd' or ''. */
  to: string;
}

/** A page of results and whether more remain. */
export interface OrderPage {
  items: IndexedOrder[];
  total: number;
  hasMore: boolean;
}

const SEPARATOR = '\u0000';

export { dedupeOrders };

function indexOne(order: Order, formatters: OrderFormatters): IndexedOrder {
  const rawDate = order.order_date ?? order.createdAt;
  const parsed = rawDate ? new Date(rawDate).getTime() : Number.NaN;
  const time = Number.isNaN(parsed) ? null : parsed;
  const displayDate = rawDate && time !== null ? formatters.formatDate(rawDate) : '';
  const displayPrice = formatters.formatPrice(order.selling_price, order.currency);
  const searchText = [
    order.product_title,
    order.customer ?? '',
    order.sale_status ?? '',
    displayDate,
    displayPrice,
    order.selling_price ?? '',
    order.quantity ?? '',
  ]
    .join(SEPARATOR)
    .toLowerCase();
  return { order, displayDate, displayPrice, time, searchText };
}

/**
 * De-duplicates `orders` and precomputes each one's display texts and lowercased search
 * text. `cache` (keyed by the order object) lets a list that grows page by page index only
 * the orders it has not seen.
 */
export function indexOrders(
  orders: readonly Order[],
  formatters: OrderFormatters,
  cache?: WeakMap<Order, IndexedOrder>,
): IndexedOrder[] {
  return dedupeOrders(orders).map((order) => {
    const cached = cache?.get(order);
    if (cached) return cached;
    const indexed = indexOne(order, formatters);
    cache?.set(order, indexed);
    return indexed;
  });
}

/** Local midnight of a 'yyyy-MM-dd' day, or null when the text is not such a day. */
export function startOfDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date.getTime();
}

/** Local midnight of the day after `day` (the exclusive end of an inclusive 'to' day). */
function endOfDay(day: string): number | null {
  const start = startOfDay(day);
  if (start === null) return null;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime();
}

/**
 * The orders matching every filter: the search text as a case-insensitive substring of any
 * searched field, and the date within [from, to] taken as whole local days. With a date
 * filter set, orders without a date are left out.
 */
export function filterOrders(orders: readonly IndexedOrder[], filters: OrderFilters): IndexedOrder[] {
  const query = filters.query.trim().toLowerCase();
  const from = startOfDay(filters.from);
  const until = endOfDay(filters.to);
  if (!query && from === null && until === null) return orders as IndexedOrder[];
  return orders.filter((item) => {
    if (from !== null || until !== null) {
      if (item.time === null) return false;
      if (from !== null && item.time < from) return false;
      if (until !== null && item.time >= until) return false;
    }
    return !query || item.searchText.includes(query);
  });
}

/** The first `count` items and whether more remain (Load More adds a page of 12). */
export function paginate(orders: readonly IndexedOrder[], count: number): OrderPage {
  const items = orders.slice(0, Math.max(0, count));
  return { items, total: orders.length, hasMore: items.length < orders.length };
}
