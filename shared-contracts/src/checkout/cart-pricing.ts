import { VAT_RATE } from '../constants';
import { fromCents, percentOfCents, toCents } from '../money';

/**
 * Cart arithmetic of account-area.md (cart, coupons, payable amount), in whole cents so that
 * sums never drift. The server prices with these functions too (authoritative); the browser
 * uses them to show the same figures. Amounts in and out are rand (ZAR) numbers.
 */

/** One priced service of a cart item (an element of the item's `misc` list). */
export interface CartServiceLike {
  name?: string;
  description?: string;
  cost: number;
  /** Percent when `discount_type` is 1, otherwise rand. */
  discount?: number | null;
  discount_type?: number | null;
}

/** A coupon as POST /user/verifycartcoupon answers it: `value` is rand, anything else percent. */
export interface CouponLike {
  type: string;
  amount: number;
}

export interface LineAmounts {
  /** Cost excluding VAT. */
  price: number;
  discount: number;
  /** 15% of (price - discount). */
  vat: number;
  /** price - discount + vat. */
  finalPrice: number;
}

export interface CartTotals {
  /** Sum of the items' final prices. */
  itemsTotal: number;
  /** The coupon's deduction, never more than itemsTotal. */
  couponDeduction: number;
  /** itemsTotal - couponDeduction (never below 0). */
  cartTotal: number;
  balance: number;
  /** max(0, cartTotal - balance). */
  amountToPay: number;
}

const VAT_PERCENT = Math.round(VAT_RATE * 100);

export { fromCents, toCents };

const nonNegative = (cents: number) => Math.max(0, cents);

/** Price, discount, VAT and final price of one service, in cents. */
function serviceCents(service: CartServiceLike) {
  const price = nonNegative(toCents(service.cost));
  const rawDiscount = Number(service.discount ?? 0);
  const discount =
    service.discount_type === 1
      ? percentOfCents(price, Math.min(100, Math.max(0, Number.isFinite(rawDiscount) ? rawDiscount : 0)))
      : Math.min(price, nonNegative(toCents(rawDiscount)));
  const vat = percentOfCents(price - discount, VAT_PERCENT);
  return { price, discount, vat, finalPrice: price - discount + vat };
}

function toRand(cents: { price: number; discount: number; vat: number; finalPrice: number }): LineAmounts {
  return {
    price: fromCents(cents.price),
    discount: fromCents(cents.discount),
    vat: fromCents(cents.vat),
    finalPrice: fromCents(cents.finalPrice),
  };
}

/** The amounts of one service. */
export function serviceAmounts(service: CartServiceLike): LineAmounts {
  return toRand(serviceCents(service));
}

/** The amounts of one cart item: the sums over its services. */
export function itemAmounts(services: readonly CartServiceLike[]): LineAmounts {
  const sum = { price: 0, discount: 0, vat: 0, finalPrice: 0 };
  for (const service of services) {
    const cents = serviceCents(service);
    sum.price += cents.price;
    sum.discount += cents.discount;
    sum.vat += cents.vat;
    sum.finalPrice += cents.finalPrice;
  }
  return toRand(sum);
}

/**
 * The services of a cart item's `misc` (JSON text of a list, or the list itself). Anything that
 * is not a list of objects with a numeric cost yields no services (priced 0), never a throw.
 */
export function parseCartServices(misc: unknown): CartServiceLike[] {
  let value: unknown = misc;
  if (typeof misc === 'string') {
    try {
      value = JSON.parse(misc);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is CartServiceLike =>
        typeof entry === 'object' && entry !== null && Number.isFinite(Number((entry as { cost?: unknown }).cost)),
    )
    .map((entry) => ({ ...entry, cost: Number(entry.cost) }));
}

/** The coupon's deduction from `itemsTotal` (rand): a `value` coupon its amount, else a percentage. */
export function couponDeduction(itemsTotal: number, coupon: CouponLike | null | undefined): number {
  return fromCents(couponDeductionCents(toCents(itemsTotal), coupon));
}

function couponDeductionCents(totalCents: number, coupon: CouponLike | null | undefined): number {
  if (!coupon) return 0;
  const amount = Number(coupon.amount);
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  const cents = coupon.type === 'value' ? toCents(amount) : percentOfCents(totalCents, Math.min(100, amount));
  return Math.min(totalCents, cents);
}

/** Totals of a cart: items, coupon, cart total (never below 0), balance and payable amount. */
export function cartTotals(
  items: readonly LineAmounts[],
  coupon: CouponLike | null | undefined,
  balance: number | string | null | undefined,
): CartTotals {
  const itemsCents = items.reduce((sum, item) => sum + toCents(item.finalPrice), 0);
  const deduction = couponDeductionCents(itemsCents, coupon);
  const cartCents = nonNegative(itemsCents - deduction);
  const balanceCents = toCents(balance ?? 0);
  return {
    itemsTotal: fromCents(itemsCents),
    couponDeduction: fromCents(deduction),
    cartTotal: fromCents(cartCents),
    balance: fromCents(balanceCents),
    amountToPay: fromCents(nonNegative(cartCents - balanceCents)),
  };
}
