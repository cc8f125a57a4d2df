import type { Order } from '@pod/shared-contracts';

/** The marketplace feed repeats order lines; an order is identified by its order_id. */
function orderKey(order: Order): string {
  return String(order.order_id);
}

/** Orders without repeats of an order_id; the first occurrence wins and the order is kept. */
export function dedupeOrders(orders: readonly Order[]): Order[] {
  const seen = new Set<string>();
  const unique: Order[] = [];
  for (const order of orders) {
    const key = orderKey(order);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(order);
  }
  return unique;
}
