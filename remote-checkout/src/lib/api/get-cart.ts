import { ApiError, client, unwrap, type components } from '@pod/shared-contracts';

/** The cart with the server's totals (portal.yaml CartResult). */
export type CartResult = components['schemas']['CartResult'];

/**
 * GET /user/cart, with `coupon_id` when a coupon is applied (the totals then include it).
 * Throws ApiError: 404 / 409 `C15` for a coupon that is unknown or already used.
 */
export async function getCart(couponId?: number | null): Promise<CartResult> {
  const query = couponId ? { coupon_id: couponId } : {};
  return unwrap(await client.GET('/user/cart', { params: { query } }));
}

/** A coupon the server refuses on GET /user/cart: unknown or expired (404), used meanwhile (409 `C15`). */
export function isCouponRefusal(couponId: number | null, error: unknown): error is ApiError {
  return couponId !== null && error instanceof ApiError && (error.status === 404 || error.status === 409);
}
