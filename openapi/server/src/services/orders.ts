import type { ServiceHandlers } from './types.js';

/** statusCode of an order list without orders; the client treats it as "no orders" (spec section 8). */
export const NO_ORDERS_STATUS = 11;

/**
 * Handlers for the orders operations implemented so far: the shared loaders, empty in the
 * contract's shape until the order and sales feeds come with the library issue.
 */
export function createOrdersService() {
  return {
    /** `skip`/`take` are validated by portal.yaml (take 1..100) and will page the real feed. */
    async getBookOrders() {
      return { statusCode: NO_ORDERS_STATUS, results: [] };
    },

    async getAllSale() {
      return { statusCode: 0, results: [] };
    },
  } satisfies ServiceHandlers;
}
