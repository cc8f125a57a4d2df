import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@pod/shared-contracts';
import { confirmCheckoutCancelled } from './api/confirm-checkout-cancelled';
import type { ReturnParams } from './return-params';

/**
 * Records the return to /checkout/cancelled once per reference and token: POST
 * /user/checkoutcancelled, as a query keyed by both so StrictMode and re-renders share the one
 * request (return tokens work once). The page reads the same whatever the answer, so failures
 * are only logged. Without a token or tref nothing is sent.
 */
export function useCancelledReturn({ token, tref }: ReturnParams): void {
  useQuery({
    queryKey: queryKeys.checkoutCancellation(tref ?? '', token ?? ''),
    queryFn: () =>
      confirmCheckoutCancelled(tref ?? '', token ?? '').then(
        () => true,
        (error: unknown) => {
          console.error('Recording the cancelled payment failed', error);
          return false;
        },
      ),
    enabled: token !== null && tref !== null,
    retry: false,
    staleTime: Infinity,
  });
}
