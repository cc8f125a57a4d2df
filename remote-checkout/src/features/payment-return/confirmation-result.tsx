import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buttonClassName, invalidateAfter, Spinner, Link } from '@pod/shared-contracts';
import { finishCheckout } from './finish-checkout';
import type { ConfirmationState } from './use-checkout-confirmation';
import styles from './payment-return.module.css';

/** The success page's heading for each state. */
export const CONFIRMATION_HEADINGS: Record<ConfirmationState, string> = {
  confirming: 'Confirming your payment',
  waiting: 'Confirming your payment',
  success: 'Your items have been successfully processed',
  received: 'Your payment was received',
  unconfirmed: 'Your payment is being confirmed',
  'not-completed': 'Your payment was not completed',
  error: 'We could not confirm your payment',
  nothing: 'No payment to confirm',
};

function BackToCart({ primary = false }: { primary?: boolean }) {
  return (
    <Link className={buttonClassName(primary ? 'primary' : 'secondary')} to="/checkout/cart">
      Back to cart
    </Link>
  );
}

/**
 * The body of /checkout/success under its heading. Reaching `success` finishes the checkout
 * once (storage, coupon, user and books: see finishCheckout); a payment that credited the
 * balance without paying the cart re-reads the user only.
 */
export function ConfirmationResult({ state }: { state: ConfirmationState }) {
  const finished = useRef(false);
  const client = useQueryClient();

  useEffect(() => {
    if (finished.current) return;
    if (state === 'success') {
      finished.current = true;
      void finishCheckout(client);
    } else if (state === 'received') {
      finished.current = true;
      void invalidateAfter(client, 'balanceChanged').catch(() => undefined);
    }
  }, [state, client]);

  return (
    <div aria-live="polite" className={styles.result}>
      {state === 'confirming' ? <Spinner label="Confirming your payment" /> : null}
      {state === 'waiting' ? <p>Waiting for the payment provider to confirm your payment…</p> : null}
      {state === 'success' ? (
        <>
          <p>
            Thank you. Your book now enters the proofing phase: our proofing team will review it and let you know how it
            goes.
          </p>
          <p className={styles.actions}>
            <Link className={buttonClassName('primary')} to="/books">
              Your books
            </Link>
            <Link className={buttonClassName('secondary')} to="/dashboard">
              Dashboard
            </Link>
          </p>
        </>
      ) : null}
      {state === 'received' ? (
        <>
          <p>
            Your balance was topped up, but your cart was not paid with it. Go back to the cart to complete your order.
          </p>
          <p className={styles.actions}>
            <BackToCart primary />
          </p>
        </>
      ) : null}
      {state === 'unconfirmed' ? (
        <>
          <p>
            The payment provider has not confirmed your payment yet. Your balance and your books are updated as soon as
            it does; there is no need to pay again.
          </p>
          <p className={styles.actions}>
            <Link className={buttonClassName('primary')} to="/dashboard">
              Dashboard
            </Link>
          </p>
        </>
      ) : null}
      {state === 'not-completed' ? (
        <>
          <p>The payment provider reported that the payment did not go through. You can try again from your cart.</p>
          <p className={styles.actions}>
            <BackToCart primary />
          </p>
        </>
      ) : null}
      {state === 'nothing' ? (
        <>
          <p>There is no payment to confirm.</p>
          <p className={styles.actions}>
            <BackToCart primary />
          </p>
        </>
      ) : null}
      {state === 'error' ? (
        <>
          <p>Check your balance on the dashboard before paying again, or contact support.</p>
          <p className={styles.actions}>
            <BackToCart />
          </p>
        </>
      ) : null}
    </div>
  );
}
