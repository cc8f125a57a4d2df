import { ApiError, COUPON_MESSAGES } from '@pod/shared-contracts';

/** The domain code of a coupon this user already used (409). */
export const COUPON_USED_CODE = 'C15';

/** Shown for a cart entry whose book record is gone. */
export const MISSING_BOOK = 'Cannot find book';

/** The sentence for a refused coupon: C15 has its own, anything else the spelling sentence. */
export function couponRefusal(error: unknown): string {
  return error instanceof ApiError && error.code === COUPON_USED_CODE
    ? COUPON_MESSAGES.alreadyUsed
    : COUPON_MESSAGES.failure;
}
