import { atom } from 'jotai';
import { sessionStore, type components } from '@pod/shared-contracts';

/** A coupon verified by POST /user/verifycartcoupon, with the code the user typed. */
export interface AppliedCoupon {
  couponId: number;
  code: string;
  /** 'value' is a rand deduction, anything else a percentage. */
  type: string;
  amount: number;
}

/** The answer of POST /user/checkoutpayment (portal.yaml PaymentSummary). */
export type PaymentSummary = components['schemas']['PaymentSummary'];

/** sessionStorage key of the applied coupon: the payment page and a reload of the tab keep it. */
export const COUPON_STORAGE_KEY = 'pod-checkout-coupon';

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: the coupon then lives as long as the page
  }
}

function isAppliedCoupon(value: unknown): value is AppliedCoupon {
  if (!value || typeof value !== 'object') return false;
  const coupon = value as Record<string, unknown>;
  return (
    typeof coupon.couponId === 'number' &&
    typeof coupon.code === 'string' &&
    typeof coupon.type === 'string' &&
    typeof coupon.amount === 'number'
  );
}

/** The coupon stored in this tab, or null (also for an unreadable value). */
export function readStoredCoupon(): AppliedCoupon | null {
  const raw = sessionStorageOrNull()?.getItem(COUPON_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isAppliedCoupon(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeStoredCoupon(coupon: AppliedCoupon | null): void {
  const storage = sessionStorageOrNull();
  if (!storage) return;
  if (coupon) storage.setItem(COUPON_STORAGE_KEY, JSON.stringify(coupon));
  else storage.removeItem(COUPON_STORAGE_KEY);
}

const storedCouponAtom = atom<AppliedCoupon | null>(readStoredCoupon());

/**
 * The coupon applied to the cart, mirrored in sessionStorage ('pod-checkout-coupon'). Read and
 * written through `sessionStore` (the portal's one store), so the cart, the payment page and
 * the success page of this remote see the same value whatever jotai Provider wraps them.
 */
export const appliedCouponAtom = atom(
  (get) => get(storedCouponAtom),
  (_get, set, coupon: AppliedCoupon | null) => {
    set(storedCouponAtom, coupon);
    writeStoredCoupon(coupon);
  },
);

/** The last PaymentSummary with statusCode 7 (balance insufficient), shown by the payment page. */
export const paymentSummaryAtom = atom<PaymentSummary | null>(null);

/** Sets (or clears) the applied coupon outside React. */
export function setAppliedCoupon(coupon: AppliedCoupon | null): void {
  sessionStore.set(appliedCouponAtom, coupon);
}

/** Forgets the coupon and the payment summary: after a paid cart, and between tests. */
export function clearCheckoutState(): void {
  setAppliedCoupon(null);
  sessionStore.set(paymentSummaryAtom, null);
}
