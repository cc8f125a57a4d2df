import { useMemo } from 'react';
import { buttonClassName, useDocumentTitle, Link, useSearchParams } from '@pod/shared-contracts';
import { readReturnParams } from '../features/payment-return/return-params';
import { useCancelledReturn } from '../features/payment-return/use-cancelled-return';

/** /checkout/cancelled?token=&id=&tref=: the user left the provider without paying. */
export function CancelledScreen() {
  useDocumentTitle('Payment cancelled');
  const [search] = useSearchParams();
  const params = useMemo(() => readReturnParams(search), [search]);
  useCancelledReturn(params);
  return (
    <>
      <h1>You cancelled the transaction</h1>
      <p>Nothing was paid. Your items are still in your cart.</p>
      <p>
        <Link className={buttonClassName('primary')} to="/checkout/cart">
          Back to cart
        </Link>
      </p>
    </>
  );
}
