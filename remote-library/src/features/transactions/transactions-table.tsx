import {
  DataTable,
  formatDateTime,
  formatRand,
  QueryState,
  useTransactionsQuery,
  type DataTableColumn,
  type TransactionRecord,
} from '@pod/shared-contracts';
import styles from './transactions.module.css';

const COLUMNS: DataTableColumn<TransactionRecord>[] = [
  { key: 'date', label: 'Date and time', cell: (row) => formatDateTime(row.date) },
  { key: 'type', label: 'Type', cell: (row) => row.type },
  { key: 'before', label: 'Amount before fees', numeric: true, cell: (row) => formatRand(row.amount_before_fees) },
  { key: 'fee', label: 'Fee', numeric: true, cell: (row) => formatRand(row.fee) },
  { key: 'after', label: 'Amount after fees', numeric: true, cell: (row) => formatRand(row.amount_after_fees) },
  { key: 'status', label: 'Status', cell: (row) => row.status },
  { key: 'balance', label: 'Balance', numeric: true, cell: (row) => formatRand(row.balance) },
];

/**
 * The user's transactions (the newest 100, the `transactions` query, refreshed after a
 * payment). Loading, a failure (with Retry) and 'No transactions yet' are three states: the
 * empty row shows only for a successful empty answer.
 */
export function TransactionsTable() {
  const query = useTransactionsQuery();
  return (
    <QueryState query={query} loadingLabel="Loading transactions">
      {(rows) => <Table rows={rows} />}
    </QueryState>
  );
}

function Table({ rows }: { rows: TransactionRecord[] }) {
  return (
    <DataTable
      className={styles.table}
      caption="Your transactions, newest first"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => String(row.id)}
      empty="No transactions yet"
    />
  );
}
