import { useEffect } from 'react';
import { useKeyedRequest } from '../../lib/use-keyed-request';
import { confirmCheckoutCancelled } from './api/confirm-checkout-cancelled';
import type { ReturnParams } from './return-params';

/**
 * Records the return to /checkout/cancelled once per reference and token: POST
 * /user/checkoutcancelled. The page reads the same whatever the answer, so failures are only
 * logged. Without a token or tref nothing is sent.
 */
export function useCancelledReturn({ token, tref }: ReturnParams): void {
  const request = useKeyedRequest<void>();
  useEffect(() => {
    if (token === null || tref === null) return;
    void request(`${tref}/${token}`, () =>
      confirmCheckoutCancelled(tref, token).then(
        () => undefined,
        (error: unknown) => console.error('Recording the cancelled payment failed', error),
      ),
    );
  }, [request, token, tref]);
}
