/**
 * Pure preparation of the orders the server sent for display: de-duplication (a page that
 * shifted under a new order may repeat one), the texts shown, and the visible slice. The
 * search and the day range run on the server (portal.yaml getBookOrders).
 *
 * Kept free of runtime imports (the Order type is erased) so the benchmark in
 * bench/orders.bench.mjs times this very file. Formatting is injected for the same reason:
 * the screen passes shared-contracts' formatters, the benchmark its own copies.
 */
import type { Order } from '@pod/shared-contracts';
import { dedupeOrders } from '../../lib/dedupe-orders';

/** How the screen displays an order's date and price. */
export interface OrderFormatters {
  /** dd-MM-yyyy HH:mm ('' for an unreadable date). */
  formatDate: (value: string) => string;
  /** Formats a selling price in the order's currency (ZAR shown R, USD for international books). */
  formatPrice: (value: number | undefined, currency?: string) => string;
}

/** An order with what the screen shows, computed once per order. */
export interface IndexedOrder {
  order: Order;
  /** The order's date as displayed (order_date, else createdAt). */
  displayDate: string;
  displayPrice: string;
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

export { dedupeOrders };

function indexOne(order: Order, formatters: OrderFormatters): IndexedOrder {
  const rawDate = order.order_date ?? order.createdAt;
  const readable = rawDate !== undefined && !Number.isNaN(new Date(rawDate).getTime());
  const displayDate = readable ? formatters.formatDate(rawDate) : '';
  const displayPrice = formatters.formatPrice(order.selling_price, order.currency);
  return { order, displayDate, displayPrice };
}

/**
 * De-duplicates `orders` and precomputes each one's display texts. `cache` (keyed by the
 * order object) lets a list that grows page by page index only the orders it has not seen.
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

/**
 * The first `count` of the loaded orders; `total` is how many match on the server (at least
 * those loaded), so more remain while fewer than that are shown.
 */
export function paginate(orders: readonly IndexedOrder[], count: number, total = orders.length): OrderPage {
  const items = orders.slice(0, Math.max(0, count));
  const all = Math.max(total, orders.length);
  return { items, total: all, hasMore: items.length < all };
}
