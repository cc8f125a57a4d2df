import { useDocumentTitle } from '@pod/shared-contracts';
import { SalesList } from '../features/sales/sales-list';

/** `/sales`: the sales of the user's books. */
export function SalesScreen() {
  useDocumentTitle('Sales');
  return (
    <>
      <h1>Sales</h1>
      <SalesList />
    </>
  );
}
