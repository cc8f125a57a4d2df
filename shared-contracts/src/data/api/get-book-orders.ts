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
 * GET /user/getbookorders?skip=0&take=100: the first 100 orders of the user's books (the
 * shared "orders"). An answer with statusCode 11 is an empty list. Throws ApiError on failure.
 */
export async function getBookOrders(): Promise<Order[]> {
  const result = await client.GET('/user/getbookorders', {
    params: { query: { skip: 0, take: LIMITS.sharedOrdersTake } },
  });
  if (isNoOrders(result.data) || isNoOrders(result.error)) return [];
  return asList<Order>(readPayload(unwrap(result)));
}
