import { asList, client, readPayload, unwrap, type Order } from '@pod/shared-contracts';

/** Status code 11 means "this user has no orders" (account-area.md section 8), whatever the HTTP status. */
function isNoOrders(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && String((body as { statusCode?: unknown }).statusCode) === '11');
}

/**
 * GET /user/getbookorders?skip=&take=: one page of the orders of the user's books. An
 * answer with statusCode 11 is an empty page. Throws ApiError on failure.
 */
export async function getBookOrdersPage(skip: number, take: number, signal?: AbortSignal): Promise<Order[]> {
  const result = await client.GET('/user/getbookorders', { params: { query: { skip, take } }, signal });
  if (isNoOrders(result.data) || isNoOrders(result.error)) return [];
  return asList<Order>(readPayload(unwrap(result)));
}
