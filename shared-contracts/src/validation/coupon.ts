import { type Infer } from 'superstruct';
import { SUPPORT_EMAIL } from '../constants';
import { required } from './rules';

/**
 * The coupon sentences of account-area.md (sections 4, 5 and 8), word for word: the dashboard's
 * coupon card, the cart's coupon form and the reference API answer with these.
 */
export const COUPON_MESSAGES = {
  /** A blank code, refused before any call (and by the server, 400). */
  blank: 'Coupon code can not be blank',
  /** Any other refusal: unknown, inactive or expired code, or a failed call. */
  failure: `Something went wrong when adding your coupon, please check your spelling. Otherwise contact support ${SUPPORT_EMAIL}`,
  /** The code was used by this user already (status C15). */
  alreadyUsed: 'Invalid coupon code applied / You have already used this coupon code',
  /** The server's answer for a cart coupon id that is unknown, inactive or expired (404). */
  invalid: 'Invalid coupon code applied',
  /** The dashboard's redemption, when the server's answer carries no description. */
  success: 'Successful',
  /** The cart's notice once a code is applied. */
  applied: (code: string) => `Coupon "${code}" was applied successfully`,
} as const;

/** A coupon code as typed: present and not blank ('Coupon code can not be blank'). */
export const CouponCode = required(COUPON_MESSAGES.blank);
/** A coupon code. */
export type CouponCode = Infer<typeof CouponCode>;
