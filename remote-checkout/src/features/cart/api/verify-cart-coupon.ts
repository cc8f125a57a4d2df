import { client, unwrap, type components } from '@pod/shared-contracts';

/** A valid cart coupon (portal.yaml CouponResult). */
export type CouponResult = components['schemas']['CouponResult'];

/**
 * POST /user/verifycartcoupon: looks a code up without using it. Throws ApiError: 400 blank,
 * 404 unknown or expired, 409 `C15` already used by this user.
 */
export async function verifyCartCoupon(couponCode: string): Promise<CouponResult> {
  return unwrap(await client.POST('/user/verifycartcoupon', { body: { coupon_code: couponCode } }));
}
