import { COUPON_MESSAGES } from '@pod/shared-contracts/validation';

/**
 * The checkout's answers to users; the tests import them by name. The coupon texts are the one
 * copy in @pod/shared-contracts/validation, which the dashboard and the cart show too.
 */
export const COUPON_BLANK_MESSAGE = COUPON_MESSAGES.blank;
/** The dashboard's one failure text (spec account area, section 5). */
export const COUPON_FAILED_MESSAGE = COUPON_MESSAGES.failure;
/** The checkout's C15 text (spec account area, section 8). */
export const COUPON_USED_MESSAGE = COUPON_MESSAGES.alreadyUsed;
export const COUPON_INVALID_MESSAGE = COUPON_MESSAGES.invalid;
export const NOT_ACTIVATED_MESSAGE = 'Your account has not been activated yet';
export const COUPON_SUCCESS = COUPON_MESSAGES.success;
export const NOT_IN_CART_MESSAGE = 'Some of these books are not in your cart';
export const EMPTY_SELECTION_MESSAGE = 'Your cart is empty';
export const REFERENCE_USED_MESSAGE = 'This payment reference was already used';
export const NOTHING_TO_PAY_MESSAGE = 'Nothing is left to pay: your balance covers the cart';
export const PAID_MESSAGE = 'Your items have been successfully processed';
export const INSUFFICIENT_MESSAGE = 'Your balance is insufficient';
export const TRANSACTION_NOT_FOUND_MESSAGE = 'Transaction not found';
/**
 * How long a provider attempt may stay pending: a user who left the provider's page without
 * paying or cancelling never comes back to say so. After this the attempt is listed cancelled
 * (a payment that still arrives is credited all the same).
 */
export const PENDING_ATTEMPT_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const ITN_NOT_STORED_MESSAGE = 'The notification could not be stored; please send it again.';
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';
