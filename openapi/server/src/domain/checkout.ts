import { cartTotals, itemAmounts, parseCartServices, type CartTotals } from '@pod/shared-contracts/checkout';
import { fromCents, toCents } from '@pod/shared-contracts/money';

/**
 * The money decisions of the checkout, pure: which cart items a request names, what is payable,
 * how a balance payment splits, what a provider is asked to charge and what a PayFast ITN
 * credits. The services (services/checkout/) load the rows, lock them and move the money; every
 * figure they move is decided here, in integer cents.
 */

/** A cart item as the decisions need it (a cart row with its books). */
export interface CartLine {
  book_id: number | null;
  international_book_id: number | null;
  misc: unknown;
}

/** A coupon as the checkout uses it (portal.yaml Coupon). */
export interface CartCoupon {
  couponId: number;
  type: string;
  amount: number;
}

/** One id, several or none, as a request may carry them. */
export type IdList = number | null | readonly number[] | undefined;

/** The positive integer ids of a list that may be one id, several or none. */
export const normaliseIds = (ids: IdList): number[] =>
  ids === undefined || ids === null
    ? []
    : (typeof ids === 'number' ? [ids] : [...ids]).filter((id) => Number.isInteger(id) && id > 0);

/** The items whose local or international record is among the ids. */
export const itemsNamed = <T extends CartLine>(
  items: readonly T[],
  bookIds: readonly number[],
  internationalIds: readonly number[],
): T[] =>
  items.filter(
    (item) =>
      (item.book_id !== null && bookIds.includes(item.book_id)) ||
      (item.international_book_id !== null && internationalIds.includes(item.international_book_id)),
  );

/** What a request naming cart items selects: nothing named, an id not in the cart, or the items. */
export type Selection<T> = { kind: 'empty' } | { kind: 'missing' } | { kind: 'selected'; items: T[] };

/** The cart items a request names (by either record id); every id must be in the cart. */
export function selectNamed<T extends CartLine>(
  items: readonly T[],
  bookIds: readonly number[],
  internationalIds: readonly number[],
): Selection<T> {
  if (bookIds.length === 0 && internationalIds.length === 0) return { kind: 'empty' };
  const selected = itemsNamed(items, bookIds, internationalIds);
  const covered = (id: number, key: 'book_id' | 'international_book_id') => selected.some((item) => item[key] === id);
  if (
    !bookIds.every((id) => covered(id, 'book_id')) ||
    !internationalIds.every((id) => covered(id, 'international_book_id'))
  ) {
    return { kind: 'missing' };
  }
  return { kind: 'selected', items: selected };
}

/** The totals of the items with the coupon, against a balance in cents (shared cart pricing). */
export const totalsOf = (items: readonly CartLine[], coupon: CartCoupon | null, balanceCents: number): CartTotals =>
  cartTotals(
    items.map((item) => itemAmounts(parseCartServices(item.misc))),
    coupon,
    fromCents(balanceCents),
  );

/** How paying items from the balance splits: what leaves the balance, and the coupon's share. */
export interface BalancePaymentSplit {
  /** The cart total (after the coupon) debited from the balance. */
  cartTotalCents: number;
  /** What the coupon took off, recorded with its redemption. */
  couponDeductionCents: number;
  /** The balance once the cart total is debited. */
  balanceAfterCents: number;
}

/** A balance payment: payable with its split, or the shortfall the balance leaves. */
export type BalancePaymentPlan =
  | { payable: true; totals: CartTotals; split: BalancePaymentSplit }
  | { payable: false; totals: CartTotals; shortfallCents: number };

/** Whether the balance covers the items (with the coupon), and if so how the payment splits. */
export function planBalancePayment(
  items: readonly CartLine[],
  coupon: CartCoupon | null,
  balanceCents: number,
): BalancePaymentPlan {
  const totals = totalsOf(items, coupon, balanceCents);
  const shortfallCents = toCents(totals.amountToPay);
  if (shortfallCents > 0) return { payable: false, totals, shortfallCents };
  const cartTotalCents = toCents(totals.cartTotal);
  return {
    payable: true,
    totals,
    split: {
      cartTotalCents,
      couponDeductionCents: toCents(totals.couponDeduction),
      balanceAfterCents: balanceCents - cartTotalCents,
    },
  };
}

/** What a provider is asked to charge for a shortfall in rand cents. */
export interface ProviderCharge {
  currency: 'ZAR' | 'USD';
  providerAmountCents: number;
}

/** ZAR cents to what a USD provider charges: at the rate (rand per dollar), rounded up to the cent. */
export const usdCents = (zarCents: number, usdZarRate: number): number =>
  Math.ceil((zarCents / usdZarRate) * (1 - 1e-12));

/** EFT (PayFast) charges rand; card and PayPal charge dollars at the configured rate. */
export function providerCharge(
  provider: 'eft' | 'card' | 'paypal',
  amountCents: number,
  usdZarRate: number,
): ProviderCharge {
  return provider === 'eft'
    ? { currency: 'ZAR', providerAmountCents: amountCents }
    : { currency: 'USD', providerAmountCents: usdCents(amountCents, usdZarRate) };
}

/** Whether a provider's reported amount and currency are exactly what the payment asked for. */
export const chargedAsAsked = (
  charged: { amount: unknown; currency: string },
  payment: { provider_amount: unknown; provider_currency: string },
): boolean =>
  charged.currency === payment.provider_currency && toCents(charged.amount) === toCents(payment.provider_amount);

/**
 * What a PayFast ITN that passed signature, source and merchant checks does to its payment,
 * before PayFast's server-to-server validation: refused (the amount differs, no pf_payment_id),
 * ignored (a status that decides nothing), or, once validated, credit the payment or end it.
 */
export type ItnDecision =
  | { kind: 'refuse'; outcome: string }
  | { kind: 'ignore'; status: string }
  | { kind: 'credit'; pfPaymentId: string }
  | { kind: 'end'; status: 'cancelled' | 'failed' };

/** The decision for an ITN's fields (`field(name)` answers '' when absent) about `payment`. */
export function decideItn(field: (name: string) => string, payment: { provider_amount: unknown }): ItnDecision {
  const gross = field('amount_gross');
  if (toCents(gross) !== toCents(payment.provider_amount) || gross.trim() === '') {
    return { kind: 'refuse', outcome: 'ITN refused: amount differs from the order' };
  }
  const status = field('payment_status');
  if (status !== 'COMPLETE' && status !== 'CANCELLED' && status !== 'FAILED') return { kind: 'ignore', status };
  const pfPaymentId = field('pf_payment_id');
  if (pfPaymentId === '') return { kind: 'refuse', outcome: 'ITN refused: no pf_payment_id' };
  if (status === 'COMPLETE') return { kind: 'credit', pfPaymentId };
  return { kind: 'end', status: status === 'FAILED' ? 'failed' : 'cancelled' };
}
