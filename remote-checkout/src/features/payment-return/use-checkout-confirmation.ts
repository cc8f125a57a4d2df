import { useEffect, useState } from 'react';
import { raiseAlert } from '@pod/shared-contracts';
import { useKeyedRequest } from '../../lib/use-keyed-request';
import { confirmCheckoutSuccess } from './api/confirm-checkout-success';
import type { ReturnParams } from './return-params';

/** Where the success page stands. */
export type ConfirmationState =
  /** The first POST /user/checkoutsuccess is in flight. */
  | 'confirming'
  /** The provider has not confirmed yet; asking again every 2 s. */
  | 'waiting'
  /** Paid: the cart's items entered proofing (also the balance path, without a token). */
  | 'success'
  /** The provider's payment is complete but the cart was not paid with it (it changed meanwhile). */
  | 'received'
  /** Still pending after every retry: the provider's notification will settle it later. */
  | 'unconfirmed'
  /** The provider reported it failed or cancelled. */
  | 'not-completed'
  /** The call failed (404: the reference and token match no transaction of the user). */
  | 'error';

/** Pause between two confirmations while the transaction is pending. */
export const CONFIRM_RETRY_MS = 2_000;
/** How many times a pending transaction is asked about again after the first answer. */
export const CONFIRM_RETRIES = 5;

type Outcome = Exclude<ConfirmationState, 'confirming' | 'waiting'> | 'pending' | { error: unknown };

async function confirm(reference: string, token: string): Promise<Outcome> {
  try {
    const { result } = await confirmCheckoutSuccess(reference, token);
    if (result.status === 'pending') return 'pending';
    if (result.status === 'complete') return result.cart_paid === false ? 'received' : 'success';
    return 'not-completed';
  } catch (error) {
    return { error };
  }
}

/**
 * The success page's confirmation. With `token` and `tref` (a provider's return) it posts
 * them to /user/checkoutsuccess, and while the answer is `pending` asks again every 2 s, at
 * most 5 more times. Without a token (the balance path, tref 'BAL-...') the cart was already
 * paid: success at once. Each attempt is one request even under StrictMode.
 */
export function useCheckoutConfirmation({ token, tref }: ReturnParams): ConfirmationState {
  const provider = token !== null && tref !== null;
  const request = useKeyedRequest<Outcome>();
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [settled, setSettled] = useState<Exclude<ConfirmationState, 'confirming' | 'waiting'> | null>(null);

  useEffect(() => {
    if (token === null || tref === null) return undefined;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void request(`${tref}/${token}/${attempt}`, () => confirm(tref, token)).then((outcome) => {
      if (!active) return;
      if (outcome === 'pending') {
        if (attempt >= CONFIRM_RETRIES) {
          setSettled('unconfirmed');
          return;
        }
        setWaiting(true);
        timer = setTimeout(() => setAttempt(attempt + 1), CONFIRM_RETRY_MS);
        return;
      }
      if (typeof outcome === 'object') {
        raiseAlert({ variant: 'danger', message: outcome.error });
        setSettled('error');
        return;
      }
      setSettled(outcome);
    });
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [request, token, tref, attempt]);

  if (!provider) return 'success';
  if (settled) return settled;
  return waiting ? 'waiting' : 'confirming';
}
