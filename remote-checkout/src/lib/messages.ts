import { ApiError, SUPPORT_EMAIL } from '@pod/shared-contracts';

/** The checkout's coupon sentences (account-area.md sections 4, 5 and 8), word for word. */
export const COUPON_MESSAGES = {
  blank: 'Coupon code can not be blank',
  alreadyUsed: 'Invalid coupon code applied / You have already used this coupon code',
  failure: `Something went wrong when adding your coupon, please check your spelling. Otherwise contact support ${SUPPORT_EMAIL}`,
  applied: (code: string) => `Coupon "${code}" was applied successfully`,
} as const;

/** The domain code of a coupon this user already used (409). */
export const COUPON_USED_CODE = 'C15';

/** Shown for a cart entry whose book record is gone. */
export const MISSING_BOOK = 'Cannot find book';

/** The sentence for a refused coupon: C15 has its own, anything else the spelling sentence. */
export function couponRefusal(error: unknown): string {
  return error instanceof ApiError && error.code === COUPON_USED_CODE ? COUPON_MESSAGES.alreadyUsed : COUPON_MESSAGES.failure;
}
