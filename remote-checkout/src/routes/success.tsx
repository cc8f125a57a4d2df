import { useMemo } from 'react';
import { useDocumentTitle, useSearchParams } from '@pod/shared-contracts';
import { CONFIRMATION_HEADINGS, ConfirmationResult } from '../features/payment-return/confirmation-result';
import { readReturnParams } from '../features/payment-return/return-params';
import { useCheckoutConfirmation } from '../features/payment-return/use-checkout-confirmation';

/**
 * /checkout/success?token=&id=&tref=: the provider's (or the balance's) return. The heading
 * follows the confirmation, so it never claims success before the server does.
 */
export function SuccessScreen() {
  const [search] = useSearchParams();
  const params = useMemo(() => readReturnParams(search), [search]);
  const state = useCheckoutConfirmation(params);
  useDocumentTitle(state === 'success' ? 'Payment successful' : 'Payment');
  return (
    <>
      <h1>{CONFIRMATION_HEADINGS[state]}</h1>
      <ConfirmationResult state={state} />
    </>
  );
}
