import { client, unwrap } from '@pod/shared-contracts';
import type { TransactionResult } from './confirm-checkout-success';

/**
 * POST /user/checkoutcancelled with the return page's `tref` (as `reference`) and `token`:
 * marks a still pending transaction cancelled. Throws ApiError (404 for an unknown pair).
 */
export async function confirmCheckoutCancelled(reference: string, token: string): Promise<TransactionResult> {
  return unwrap(await client.POST('/user/checkoutcancelled', { body: { reference, token } }));
}
