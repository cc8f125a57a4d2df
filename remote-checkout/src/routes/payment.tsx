import { useDocumentTitle } from '@pod/shared-contracts';
import { PaymentPanel } from '../features/payment/payment-panel';

/** /checkout/payment: the amount the balance does not cover, paid through a provider. */
export function PaymentScreen() {
  useDocumentTitle('Payment');
  return (
    <>
      <h1>Payment</h1>
      <PaymentPanel />
    </>
  );
}
