import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, raiseAlert, useTransactionsQuery } from '@pod/shared-contracts';
import { confirmCheckoutSuccess } from './api/confirm-checkout-success';
import type { ReturnParams } from './return-params';

/** Where the success page stands. */
export type ConfirmationState =
  /** The first confirmation is in flight. */
  | 'confirming'
  /** The provider has not confirmed yet; asking again every 2 s. */
  | 'waiting'
  /** Paid: the cart's items entered proofing (the server says so, for a provider or the balance). */
  | 'success'
  /** The provider's payment is complete but the cart was not paid with it (it changed meanwhile). */
  | 'received'
  /** Still pending after every retry: the provider's notification will settle it later. */
  | 'unconfirmed'
  /** The provider reported it failed or cancelled. */
  | 'not-completed'
  /** The call failed (404: the reference and token match no transaction of the user). */
  | 'error'
  /** No reference, or one that matches no payment of the user: there is nothing to confirm. */
  | 'nothing';

/** Pause between two confirmations while the transaction is pending. */
export const CONFIRM_RETRY_MS = 2_000;
/** How many times a pending transaction is asked about again after the first answer. */
export const CONFIRM_RETRIES = 5;

type Outcome = 'pending' | 'success' | 'received' | 'not-completed';

async function confirm(reference: string, token: string): Promise<Outcome> {
  const { result } = await confirmCheckoutSuccess(reference, token);
  if (result.status === 'pending') return 'pending';
  if (result.status === 'complete') return result.cart_paid === false ? 'received' : 'success';
  return 'not-completed';
}

/**
 * A provider's return (`token` and `tref`): POST /user/checkoutsuccess once (a query keyed by
 * reference and token, so StrictMode and re-renders share the one request; return tokens
 * work once), asked again every 2 s while `pending`, at most 5 more times.
 */
function useProviderConfirmation(tref: string | null, token: string | null): ConfirmationState {
  const enabled = tref !== null && token !== null;
  const client = useQueryClient();
  const key = queryKeys.checkoutConfirmation(tref ?? '', token ?? '');
  const query = useQuery({
    queryKey: key,
    queryFn: () => confirm(tref ?? '', token ?? ''),
    enabled,
    retry: false,
    staleTime: Infinity,
    refetchInterval: ({ state }) =>
      state.data === 'pending' && state.dataUpdateCount <= CONFIRM_RETRIES ? CONFIRM_RETRY_MS : false,
  });
  const { error } = query;
  useEffect(() => {
    if (error) raiseAlert({ variant: 'danger', message: error });
  }, [error]);

  if (query.status === 'error') return 'error';
  if (query.status === 'pending') return 'confirming';
  // Answers so far: the first one and each retry. Reading dataUpdatedAt subscribes this render
  // to every answer, even one equal to the last ('pending' again).
  const answers = query.dataUpdatedAt > 0 ? (client.getQueryState(key)?.dataUpdateCount ?? 0) : 0;
  if (query.data === 'pending') return answers > CONFIRM_RETRIES ? 'unconfirmed' : 'waiting';
  return query.data;
}

/**
 * The balance path (`tref` 'BAL-...' without a token): the cart was paid by POST
 * /user/checkoutpayment, which records the payment under that reference. The page believes the
 * server, not the address: the user's transactions (read afresh) must hold a complete payment
 * with that reference, else there is nothing to confirm.
 */
function useBalanceConfirmation(tref: string | null, enabled: boolean): ConfirmationState {
  const query = useTransactionsQuery({ enabled, refetchOnMount: 'always' });
  if (!enabled) return 'nothing';
  const paid = query.data?.some((row) => row.reference === tref && row.status === 'complete');
  if (paid) return 'success';
  if (query.isFetching || query.status === 'pending') return 'confirming';
  if (query.status === 'error') return 'error';
  return 'nothing';
}

/**
 * The success page's confirmation, always from the server: a provider's return is confirmed
 * with /user/checkoutsuccess, a balance payment is looked up among the user's transactions,
 * and without a reference there is nothing to confirm (nothing is cleared then).
 */
export function useCheckoutConfirmation({ token, tref }: ReturnParams): ConfirmationState {
  const provider = useProviderConfirmation(tref, token);
  const balance = useBalanceConfirmation(tref, tref !== null && token === null);
  if (tref === null) return 'nothing';
  return token === null ? balance : provider;
}
