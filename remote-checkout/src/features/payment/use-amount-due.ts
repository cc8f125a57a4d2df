import { useCallback, useEffect, useState } from 'react';
import { ApiError, raiseAlert } from '@pod/shared-contracts';
import { getCart, type CartResult } from '../../lib/api/get-cart';
import { setAppliedCoupon } from '../../lib/checkout-state';
import { couponRefusal } from '../../lib/messages';

export interface AmountDue {
  /** The server's cart (with the coupon), whose `amountToPay` is the amount due; null until loaded. */
  cart: CartResult | null;
  failed: boolean;
  reload: () => void;
}

/**
 * GET /user/cart with the applied coupon: the server's `amountToPay` is what the provider will
 * charge. A coupon refused meanwhile (404, 409 `C15`) is dropped with a warning, and the cart
 * reloads without it; other failures raise an alert.
 */
export function useAmountDue(couponId: number | null): AmountDue {
  const [cart, setCart] = useState<CartResult | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setFailed(false);
    getCart(couponId)
      .then((answer) => {
        if (active) setCart(answer);
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (couponId && error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          raiseAlert({ variant: 'warning', message: couponRefusal(error) });
          setAppliedCoupon(null);
          return;
        }
        raiseAlert({ variant: 'danger', message: error });
        setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [couponId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { cart, failed, reload };
}
