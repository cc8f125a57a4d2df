import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { components } from '../../api/schema';

/** One row of the Transactions table (portal.yaml TransactionRecord). */
export type TransactionRecord = components['schemas']['TransactionRecord'];

/**
 * GET /user/transactions?skip=&take=: the user's balance movements, newest first. Throws
 * ApiError on failure (501 while the server has not implemented it).
 */
export async function listTransactions(skip = 0, take = 100): Promise<TransactionRecord[]> {
  const body = unwrap(await client.GET('/user/transactions', { params: { query: { skip, take } } }));
  return Array.isArray(body.results) ? body.results : [];
}
