import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import { LIMITS } from '../../constants';
import type { Order } from '../collections';
import { asList, readPayload } from '../read-payload';

/** Status code 11 means "this user has no orders" (account-area.md section 8), whatever the HTTP status. */
function isNoOrders(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && String((body as { statusCode?: unknown }).statusCode) === '11');
}

/**
 * The filters of /orders, applied by the server (portal.yaml getBookOrders): a search text
 * and an inclusive range of days `yyyy-MM-dd` in the browser's time zone ('' for none).
 */
export interface OrderListFilters {
  q: string;
  from: string;
  to: string;
}

/** No search and no range: the shared loader's list. */
export const NO_ORDER_FILTERS: OrderListFilters = { q: '', from: '', to: '' };

/** One page of orders and how many match the filters across every page. */
export interface OrdersPage {
  orders: Order[];
  total: number;
}

/** The browser's time zone, so the server's days and date texts are the ones the user sees. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /user/getbookorders: a page of the orders of the user's books matching `filters`,
 * newest first, de-duplicated by the server. Without filters the request is the spec's shared
 * loader as written (skip and take only). statusCode 11 is an empty page. Throws ApiError on failure.
 */
export async function getBookOrders({
  skip = 0,
  take = LIMITS.sharedOrdersTake,
  filters = NO_ORDER_FILTERS,
  signal,
}: { skip?: number; take?: number; filters?: OrderListFilters; signal?: AbortSignal } = {}): Promise<OrdersPage> {
  const q = filters.q.trim();
  const filtered = q !== '' || filters.from !== '' || filters.to !== '';
  const tz = filtered ? browserTimeZone() : undefined;
  const result = await client.GET('/user/getbookorders', {
    params: {
      query: {
        skip,
        take,
        ...(q && { q }),
        ...(filters.from && { from: filters.from }),
        ...(filters.to && { to: filters.to }),
        ...(tz && { tz }),
      },
    },
    ...(signal && { signal }),
  });
  if (isNoOrders(result.data)) return { orders: [], total: result.data?.total ?? 0 };
  if (isNoOrders(result.error)) return { orders: [], total: 0 };
  const body = unwrap(result);
  const orders = asList<Order>(readPayload(body));
  return { orders, total: typeof body.total === 'number' ? body.total : skip + orders.length };
}
