import type { NewCoupon } from '../plugins/app/coupon-repository.js';

// Plain data: the demo personas and coupons. README.md's demo table quotes the balances and the
// carts these produce; test/seed.test.ts holds them to it.

export const DEMO_ACCOUNT = {
  email: 'demo@pod.local',
  password: 'Demo#2026pass',
  nameFirst: 'Thandi',
  nameLast: 'Nkosi',
  balance: 1250,
} as const;

/**
 * A second demo persona whose balance covers her cart (one eBook waiting for payment), so the
 * pay-from-balance checkout can be tried; the main demo account's cart is larger than its
 * balance (the EFT top-up path).
 */
export const DEMO_PUBLISHER = {
  email: 'publisher@pod.local',
  password: 'Demo#2026pass',
  nameFirst: 'Naledi',
  nameLast: 'Mokoena',
  balance: 2000,
  bookTitle: 'Letters from Lagos',
  /** The one eBook waiting in her cart. */
  book: { pages: 180, isbn: '9780639871300', genreId: 8, price: 129 },
} as const;

/** Coupons every account can use: WELCOME50 on the dashboard (R50 credit), SAVE10 in the cart. */
export const DEMO_COUPONS: readonly NewCoupon[] = [
  { code: 'WELCOME50', type: 'value', amount: 50 },
  { code: 'SAVE10', type: 'percentage', amount: 10 },
];
