import { useDocumentTitle } from '@pod/shared-contracts';
import { YourOrders } from '../features/orders/your-orders';

/** `/orders`: every order of the user's books, searchable, 12 per page. */
export function OrdersScreen() {
  useDocumentTitle('Your Orders');
  return (
    <>
      <h1>Your Orders</h1>
      <YourOrders />
    </>
  );
}
