import { client, unwrap, type components } from '@pod/shared-contracts';
import type { PaymentSummary } from '../../../lib/checkout-state';

/** The body of POST /user/checkoutpayment (portal.yaml CheckoutPaymentBody). */
export type CheckoutPaymentBody = components['schemas']['CheckoutPaymentBody'];

/**
 * POST /user/checkoutpayment: pays the listed items from the balance. Resolves with
 * statusCode 0 (paid) or 7 (balance insufficient, `amountToPay` left); throws ApiError
 * (409 `C15` for a used coupon, 403 `U10` for an account not activated yet).
 */
export async function checkoutPayment(body: CheckoutPaymentBody): Promise<PaymentSummary> {
  return unwrap(await client.POST('/user/checkoutpayment', { body }));
}
