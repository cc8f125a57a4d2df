import { useDocumentTitle } from '@pod/shared-contracts';
import { ReportsView } from '../features/reports/reports-view';

/** `/reports`: sales, returns and royalties over time, exports and statements (issue 17). */
export function ReportsScreen() {
  useDocumentTitle('Reports');
  return (
    <>
      <h1>Reports</h1>
      <ReportsView />
    </>
  );
}
