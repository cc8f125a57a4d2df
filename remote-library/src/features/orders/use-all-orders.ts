import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, queryKeys, type Order } from '@pod/shared-contracts';
import { getBookOrdersPage } from './api/get-book-orders-page';

/** Page size of GET /user/getbookorders (its maximum, and the shared loader's). */
const TAKE = LIMITS.sharedOrdersTake;

/** Every order of the user as loaded so far, whether more pages are on the way, and the query's state. */
export interface AllOrders {
  orders: Order[];
  loading: boolean;
  /** The query itself, for QueryState (loading, error with Retry, empty). */
  query: ReturnType<typeof useQuery<Order[]>>;
}

/**
 * All the user's orders (the `orders` query key, so any change to orders refreshes it). The
 * shared first 100 show at once when the cache has them; the query then pages through GET
 * /user/getbookorders 100 at a time until a short page and publishes the growing list after
 * each page, so results appear progressively. A page that brings no order not seen before
 * also ends the loop (a server ignoring `skip` must not spin forever). A failure keeps what
 * was loaded on screen and the error shows with Retry.
 */
export function useAllOrders(): AllOrders {
  const client = useQueryClient();
  const key = queryKeys.orders('all');
  const query = useQuery<Order[]>({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const seen = new Set<string>();
      let all: Order[] = [];
      for (let skip = 0; ; skip += TAKE) {
        const page = await getBookOrdersPage(skip, TAKE, signal);
        let fresh = 0;
        for (const order of page) {
          const id = String(order.order_id);
          if (!seen.has(id)) {
            seen.add(id);
            fresh += 1;
          }
        }
        all = all.concat(page);
        if (page.length < TAKE || fresh === 0) return all;
        // Shown while the next page loads: the query stays fetching until the last one.
        client.setQueryData(key, all);
      }
    },
    placeholderData: () => client.getQueryData<Order[]>(queryKeys.orders('first')),
  });
  return { orders: query.data ?? [], loading: query.isFetching, query };
}
