import { client, unwrap, type components } from '@pod/shared-contracts';

/** portal.yaml TransactionResult: the transaction's state after the server settled it. */
export type TransactionResult = components['schemas']['TransactionResult'];

/**
 * POST /user/checkoutsuccess with the return page's `tref` (as `reference`) and `token`.
 * Resolves with the transaction's state (`pending` while the provider has not confirmed);
 * throws ApiError (404 when they match no transaction of the user).
 */
export async function confirmCheckoutSuccess(reference: string, token: string): Promise<TransactionResult> {
  return unwrap(await client.POST('/user/checkoutsuccess', { body: { reference, token } }));
}
