import { useRef, useState } from 'react';
import { ApiError, raiseAlert, sessionStore, useInvalidate, useNavigate } from '@pod/shared-contracts';
import { cartBookIds, type CartItem } from '../../lib/cart-items';
import { paymentSummaryAtom } from '../../lib/checkout-state';
import { COUPON_USED_CODE } from '../../lib/messages';
import { checkoutPayment } from './api/checkout-payment';

export interface ProceedInput {
  items: readonly CartItem[];
  couponId: number | null;
  /** The cart total the page shows (the server ignores it and prices the cart itself). */
  totalCost: number;
  userId: number | null;
}

/**
 * One payment attempt at a time (account-area.md section 4, Checkout): a ref guards against a
 * second click before React re-renders the disabled button. POST /user/checkoutpayment with
 * the reference 'BAL-' + timestamp; statusCode 0 tells every view a payment was made (the
 * balance and cart in the top bar, the transactions the success page confirms it from) and
 * goes to /checkout/success?tref=<reference>; 7 keeps the summary and goes to
 * /checkout/payment; C15 is handed to `onCouponUsed`; anything else raises an alert.
 */
export function useProceed(onCouponUsed: (error: ApiError) => void): {
  busy: boolean;
  proceed: (input: ProceedInput) => void;
} {
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();

  const run = async (input: ProceedInput) => {
    const reference = `BAL-${Date.now()}`;
    const ids = cartBookIds(input.items);
    try {
      const summary = await checkoutPayment({
        book_ids: ids.local,
        international_book_ids: ids.international,
        reference,
        coupon_id: input.couponId,
        total_cost: input.totalCost,
        user_id: input.userId,
      });
      const status = String(summary.statusCode);
      if (status === '0') {
        // The balance and the cart changed; a failed re-read leaves the old figures, nothing more.
        await invalidate('paymentMade');
        navigate(`/checkout/success?tref=${encodeURIComponent(reference)}`);
        return;
      }
      if (status === '7') {
        sessionStore.set(paymentSummaryAtom, summary);
        navigate('/checkout/payment');
        return;
      }
      raiseAlert({ variant: 'danger', message: summary.description });
    } catch (error) {
      if (error instanceof ApiError && error.code === COUPON_USED_CODE) onCouponUsed(error);
      else raiseAlert({ variant: 'danger', message: error });
    }
    inFlight.current = false;
    setBusy(false);
  };

  const proceed = (input: ProceedInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void run(input);
  };

  return { busy, proceed };
}
