import { useDocumentTitle } from '@pod/shared-contracts';
import { CartView } from '../features/cart/cart-view';

/** /checkout/cart. (The build on screen is listed by the host's QA pins badge, not here.) */
export function CartScreen() {
  useDocumentTitle('Cart');
  return (
    <>
      <h1>Your Cart</h1>
      <CartView />
    </>
  );
}
