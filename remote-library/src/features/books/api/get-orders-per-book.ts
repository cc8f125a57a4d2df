import { asList, client, unwrap, type Order } from '@pod/shared-contracts';

// statusCode 11 means "no orders" (account-area.md section 8), whatever the HTTP status.
function isNoOrders(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && String((body as { statusCode?: unknown }).statusCode) === '11');
}

/** Orders of one book: GET /user/getordersperbook/{id}; statusCode 11 is an empty list. Throws ApiError. */
export async function getOrdersPerBook(id: number): Promise<Order[]> {
  const result = await client.GET('/user/getordersperbook/{id}', { params: { path: { id } } });
  if (isNoOrders(result.data) || isNoOrders(result.error)) return [];
  return asList<Order>(unwrap(result).results);
}
