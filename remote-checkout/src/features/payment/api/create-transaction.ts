import { client, unwrap, type components } from '@pod/shared-contracts';

/** The body of POST /user/createtransaction (portal.yaml Transaction). */
export type TransactionBody = components['schemas']['Transaction'];
/** Its answer: the pending transaction and what the browser does at the provider. */
export type CreateTransactionResult = components['schemas']['CreateTransactionResult'];
/** portal.yaml ProviderForm. */
export type ProviderForm = components['schemas']['ProviderForm'];

/**
 * POST /user/createtransaction: a pending transaction for what is still to pay, with the
 * provider's form. Throws ApiError (409 nothing left to pay or reference used, 404 items not
 * in the cart, 403 `U10` account not activated).
 */
export async function createTransaction(body: TransactionBody): Promise<CreateTransactionResult> {
  return unwrap(await client.POST('/user/createtransaction', { body }));
}
