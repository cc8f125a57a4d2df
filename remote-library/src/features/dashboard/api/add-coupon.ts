import { client, unwrap, type components } from '@pod/shared-contracts';

/**
 * Redeems a voucher on the dashboard: POST /user/addcoupon. Resolves with the reply (its
 * description is 'Successful'); throws ApiError for a blank, unknown, expired or used code.
 */
export async function addCoupon(couponCode: string): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.POST('/user/addcoupon', { body: { coupon_code: couponCode } }));
}
