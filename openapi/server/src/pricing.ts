import sharedCheckout from '@pod/shared-contracts/checkout';

/**
 * The server's door to `@pod/shared-contracts/checkout`: the cart arithmetic (VAT, discounts,
 * coupons, payable amount) that the browser shows, so both sides compute the same figures; the
 * server's result is the one that counts. Default export for the reason given in validation.ts.
 */
export const cartPricing = sharedCheckout;
