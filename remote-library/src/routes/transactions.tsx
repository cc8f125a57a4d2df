import { useDocumentTitle } from '@pod/shared-contracts';
import { TransactionsTable } from '../features/transactions/transactions-table';

/** `/transactions`: the user's balance movements. */
export function TransactionsScreen() {
  useDocumentTitle('Transactions');
  return (
    <>
      <h1>Transactions</h1>
      <TransactionsTable />
    </>
  );
}
