import { useEffect, useState } from 'react';
import { LIMITS, raiseAlert, useSharedOrders, type Order } from '@pod/shared-contracts';
import { getBookOrdersPage } from './api/get-book-orders-page';

/** Page size of GET /user/getbookorders (its maximum, and the shared loader's). */
const TAKE = LIMITS.sharedOrdersTake;

/** Every order of the user as loaded so far, and whether more pages are on the way. */
export interface AllOrders {
  orders: Order[];
  loading: boolean;
}

/**
 * All the user's orders. The shared orders (the first 100, loaded by the host) show at once;
 * the hook then pages through GET /user/getbookorders 100 at a time until a short page and
 * publishes the growing list after each page, so results appear progressively. A page that
 * brings no order not seen before also ends the loop (a server ignoring `skip` must not spin
 * forever). A failure keeps what was loaded and raises an alert.
 */
export function useAllOrders(): AllOrders {
  const shared = useSharedOrders();
  const [fetched, setFetched] = useState<Order[] | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    async function loadAll(): Promise<void> {
      const seen = new Set<string>();
      let all: Order[] = [];
      for (let skip = 0; ; skip += TAKE) {
        const page = await getBookOrdersPage(skip, TAKE, signal);
        if (signal.aborted) return;
        let fresh = 0;
        for (const order of page) {
          const key = String(order.order_id);
          if (!seen.has(key)) {
            seen.add(key);
            fresh += 1;
          }
        }
        all = all.concat(page);
        setFetched(all);
        if (page.length < TAKE || fresh === 0) return;
      }
    }
    setLoading(true);
    loadAll()
      .catch((error: unknown) => {
        if (!signal.aborted) raiseAlert({ variant: 'danger', message: error });
      })
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  return { orders: fetched ?? shared, loading };
}
