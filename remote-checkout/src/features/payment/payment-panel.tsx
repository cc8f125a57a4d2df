import { useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  Button,
  buttonClassName,
  formatRand,
  Modal,
  raiseAlert,
  QueryState,
  sessionStore,
  Link,
} from '@pod/shared-contracts';
import { browser } from '../../lib/browser';
import { cartBookIds } from '../../lib/cart-items';
import { appliedCouponAtom, paymentSummaryAtom } from '../../lib/checkout-state';
import { createTransaction, type ProviderForm } from './api/create-transaction';
import { providerUrl, submitProviderForm } from './provider-handoff';
import { useAmountDue } from './use-amount-due';
import styles from './payment.module.css';

/** The three ways to pay the shortfall (portal.yaml Transaction.provider). */
export type PaymentMethod = 'eft' | 'card' | 'paypal';

const METHODS: readonly { value: PaymentMethod; label: string; description: string }[] = [
  { value: 'eft', label: 'EFT', description: 'Instant EFT through PayFast' },
  { value: 'card', label: 'Credit card', description: 'Pay by card in a secure window, charged in US dollars' },
  { value: 'paypal', label: 'PayPal', description: 'Approve the payment at PayPal, charged in US dollars' },
];

/** The provider step shown in this page: the card window or the PayPal hand-off. */
type Handoff = { kind: 'card' | 'paypal'; url: string } | null;

/**
 * The body of /checkout/payment: the amount due (the server's `amountToPay` for the cart and
 * the applied coupon), a choice of EFT, credit card or PayPal, and one Pay button. EFT posts the
 * provider's form and leaves the page; a card payment opens the provider's window in a modal;
 * PayPal asks before leaving for the provider.
 */
export function PaymentPanel() {
  const coupon = useAtomValue(appliedCouponAtom, { store: sessionStore });
  const summary = useAtomValue(paymentSummaryAtom, { store: sessionStore });
  const { cart, query } = useAmountDue(coupon?.couponId ?? null);
  const [method, setMethod] = useState<PaymentMethod>('eft');
  const [busy, setBusy] = useState(false);
  const [handoff, setHandoff] = useState<Handoff>(null);
  const inFlight = useRef(false);
  const groupId = useId();

  if (!cart) {
    return (
      <QueryState query={query} loadingLabel="Loading the amount due">
        {() => null}
      </QueryState>
    );
  }

  const amountDue = formatRand(cart.amountToPay);
  const backToCart = (
    <Link className={buttonClassName('secondary')} to="/checkout/cart">
      Back to cart
    </Link>
  );

  if (cart.amountToPay <= 0) {
    return (
      <div className={styles.state}>
        <p>There is nothing to pay: your balance covers your cart. Go back to the cart to complete your order.</p>
        {backToCart}
      </div>
    );
  }

  const start = (payment: ProviderForm) => {
    if (payment.provider === 'eft') {
      submitProviderForm(payment);
      return true; // the page is leaving: the button stays busy
    }
    setHandoff({ kind: payment.provider, url: providerUrl(payment) });
    return false;
  };

  const pay = async () => {
    const ids = cartBookIds(cart.results);
    try {
      const answer = await createTransaction({
        transaction_ref: `PAY-${Date.now()}`,
        coupon_id: coupon?.couponId ?? null,
        user_book_id: ids.local,
        user_international_book_id: ids.international,
        provider: method,
      });
      if (!answer.payment) {
        raiseAlert({ variant: 'danger', message: answer.description });
      } else if (start(answer.payment)) {
        return;
      }
    } catch (error) {
      raiseAlert({ variant: 'danger', message: error });
    }
    inFlight.current = false;
    setBusy(false);
  };

  const onPay = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    void pay();
  };

  return (
    <div className={styles.payment}>
      {String(summary?.statusCode) === '7' ? (
        <p>Your balance does not cover your cart. Pay the difference with one of the methods below.</p>
      ) : null}
      <table className={styles.due}>
        <caption className={styles.caption}>Payment</caption>
        <tbody>
          <tr>
            <th scope="row">Amount due</th>
            <td className={styles.amount}>{amountDue}</td>
          </tr>
        </tbody>
      </table>
      <fieldset className={styles.methods}>
        <legend>Payment method</legend>
        {METHODS.map((option) => (
          <div key={option.value} className={styles.method}>
            <input
              type="radio"
              name="payment-method"
              id={`${groupId}-${option.value}`}
              value={option.value}
              checked={method === option.value}
              aria-describedby={`${groupId}-${option.value}-description`}
              onChange={() => setMethod(option.value)}
            />
            <label htmlFor={`${groupId}-${option.value}`}>{option.label}</label>
            <p id={`${groupId}-${option.value}-description`} className={styles.description}>
              {option.description}
            </p>
          </div>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button busy={busy} onClick={onPay}>
          Pay {amountDue}
        </Button>
        {backToCart}
      </div>
      <Modal
        open={handoff?.kind === 'card'}
        title="Card payment"
        onClose={() => setHandoff(null)}
        className={styles.cardModal}
      >
        {handoff?.kind === 'card' ? <iframe title="Card payment" src={handoff.url} className={styles.frame} /> : null}
      </Modal>
      <Modal
        open={handoff?.kind === 'paypal'}
        title="Pay with PayPal"
        onClose={() => setHandoff(null)}
        footer={
          <>
            <Button onClick={() => handoff && browser.assign(handoff.url)}>Continue to PayPal</Button>
            <Button variant="secondary" onClick={() => setHandoff(null)}>
              Cancel
            </Button>
          </>
        }
      >
        <p>You will approve the payment of {amountDue} (charged in US dollars) at PayPal, then come back here.</p>
      </Modal>
    </div>
  );
}
