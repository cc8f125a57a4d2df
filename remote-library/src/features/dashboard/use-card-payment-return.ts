import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateAfter, raiseAlert, type AlertVariant, useLocation, useNavigate } from '@pod/shared-contracts';
import { verifyCardPayment } from './api/verify-card-payment';
import { CARD_RETURN_MESSAGES, CARD_RETURN_PARAMS } from './messages';

/** What the dashboard tells the user after the card provider's return. */
export interface CardReturnOutcome {
  variant: AlertVariant;
  message: string;
}

/** The provider's return as read once from the URL, with the search to replace it by. */
interface CardReturn {
  txRef: string;
  cancelled: boolean;
  pathname: string;
  /** The query without the provider's parameters ('' or starting with '?'). */
  cleanSearch: string;
}

function readCardReturn(pathname: string, search: string): CardReturn | null {
  const params = new URLSearchParams(search);
  const txRef = params.get('tx_ref')?.trim();
  if (!txRef) return null;
  const cancelled = params.get('status')?.trim().toLowerCase() === 'cancelled';
  for (const name of CARD_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return { txRef, cancelled, pathname, cleanSearch: rest ? `?${rest}` : '' };
}

/**
 * The answer to the user: POST /user/verifycardpayment (with status 'cancelled' when the
 * provider's return says so, so the server closes the attempt) and tell every view the
 * balance may have changed (the user's balance and cart, the transactions). A cancelled return reads 'not completed' whatever the call answers, and its failure
 * is only logged; any other failed call raises the server's message and shows nothing more.
 */
async function settle(cardReturn: CardReturn, client: QueryClient): Promise<CardReturnOutcome | null> {
  if (cardReturn.cancelled) {
    await verifyCardPayment(cardReturn.txRef, true).catch((error: unknown) =>
      console.warn('card cancellation not recorded', error),
    );
    return { variant: 'warning', message: CARD_RETURN_MESSAGES.notCompleted };
  }
  let outcome: CardReturnOutcome | null;
  try {
    const { result } = await verifyCardPayment(cardReturn.txRef);
    if (result.status === 'complete') {
      outcome = result.cart_paid
        ? { variant: 'success', message: CARD_RETURN_MESSAGES.cartPaid }
        : { variant: 'success', message: CARD_RETURN_MESSAGES.received };
    } else if (result.status === 'pending') {
      outcome = { variant: 'info', message: CARD_RETURN_MESSAGES.pending };
    } else {
      outcome = { variant: 'warning', message: CARD_RETURN_MESSAGES.notCompleted };
    }
  } catch (error) {
    raiseAlert({ variant: 'danger', message: error });
    outcome = null;
  }
  await invalidateAfter(
    client,
    outcome?.message === CARD_RETURN_MESSAGES.cartPaid ? 'paymentMade' : 'balanceChanged',
  ).catch(() => undefined);
  return outcome;
}

/**
 * The card provider returns to /dashboard with `?status=&tx_ref=&transaction_id=`. This reads
 * them once, verifies the payment once (StrictMode's second effect run subscribes to the same
 * request), takes the parameters out of the URL (replace, so Back does not verify again) and
 * answers the outcome to show. While the dashboard redirects elsewhere (`redirecting`), the
 * payment is still verified but the URL is left to the redirect.
 */
export function useCardPaymentReturn({ redirecting }: { redirecting: boolean }): {
  outcome: CardReturnOutcome | null;
  dismiss: () => void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Read once per mount: the URL loses the parameters right away.
  const [cardReturn] = useState(() => readCardReturn(location.pathname, location.search));
  const request = useRef<Promise<CardReturnOutcome | null> | null>(null);
  const [outcome, setOutcome] = useState<CardReturnOutcome | null>(null);

  useEffect(() => {
    if (!cardReturn) return undefined;
    let active = true;
    if (!request.current) {
      request.current = settle(cardReturn, client);
      if (!redirecting) navigate({ pathname: cardReturn.pathname, search: cardReturn.cleanSearch }, { replace: true });
    }
    void request.current.then((settled) => {
      if (active) setOutcome(settled);
    });
    return () => {
      active = false;
    };
  }, [cardReturn, navigate, redirecting, client]);

  return { outcome, dismiss: () => setOutcome(null) };
}
