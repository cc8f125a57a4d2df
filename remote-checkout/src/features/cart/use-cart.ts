import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, raiseAlert } from '@pod/shared-contracts';
import { getCart, type CartResult } from '../../lib/api/get-cart';

/** The cart as the page knows it: the last answer (kept while reloading), loading and failed flags. */
export interface CartState {
  cart: CartResult | null;
  loading: boolean;
  failed: boolean;
  /** Loads the cart again (after a failure). */
  reload: () => void;
  /** Replaces the cart with an answer already at hand (DELETE answers the updated cart). */
  replace: (cart: CartResult) => void;
}

/**
 * Loads GET /user/cart with `coupon_id` when a coupon is applied, again whenever it changes.
 * A coupon the server refuses (404 unknown or expired, 409 `C15` used meanwhile) is handed to
 * `onCouponRejected`, whose owner drops it; the cart then reloads without it. Other failures
 * raise an alert and set `failed`.
 */
export function useCart(couponId: number | null, onCouponRejected: (error: ApiError) => void): CartState {
  const [cart, setCart] = useState<CartResult | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const rejected = useRef(onCouponRejected);
  rejected.current = onCouponRejected;

  useEffect(() => {
    let active = true;
    setLoading(true);
    setFailed(false);
    getCart(couponId)
      .then((answer) => {
        if (!active) return;
        setCart(answer);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (couponId && error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          rejected.current(error);
          return;
        }
        raiseAlert({ variant: 'danger', message: error });
        setFailed(true);
        setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [couponId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((next: CartResult) => setCart(next), []);
  return { cart, loading, failed, reload, replace };
}
