import { useDocumentTitle } from '@pod/shared-contracts';
import { SalesPlaceholder } from '../features/sales/sales-placeholder';

/** `/sales`: an empty placeholder, as specified. */
export function SalesScreen() {
  useDocumentTitle('Sales');
  return (
    <>
      <h1>Sales</h1>
      <SalesPlaceholder />
    </>
  );
}
