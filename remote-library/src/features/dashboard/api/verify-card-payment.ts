import { client, unwrap, type components } from '@pod/shared-contracts';

/** portal.yaml TransactionResult: the card transaction's state after the server's check. */
export type TransactionResult = components['schemas']['TransactionResult'];

/**
 * POST /user/verifycardpayment with the card provider's `tx_ref` from the /dashboard return:
 * the server asks the provider, credits the balance once and settles the cart. Resolves with
 * the transaction's state (the same answer again when already processed); throws ApiError
 * (404 for an unknown reference). `cancelled`: the return said so; the server then closes a
 * still pending transaction the provider has no charge for.
 */
export async function verifyCardPayment(txRef: string, cancelled = false): Promise<TransactionResult> {
  const body = cancelled ? { tx_ref: txRef, status: 'cancelled' } : { tx_ref: txRef };
  return unwrap(await client.POST('/user/verifycardpayment', { body }));
}
