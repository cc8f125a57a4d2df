import { formatDateTime, formatRand, QueryState, useTransactionsQuery, type TransactionRecord } from '@pod/shared-contracts';
import styles from './transactions.module.css';

const COLUMNS = ['Date and time', 'Type', 'Amount before fees', 'Fee', 'Amount after fees', 'Status', 'Balance'];

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
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>Your transactions, newest first</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length}>No transactions yet</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(row.date)}</td>
                <td>{row.type}</td>
                <td className={styles.amount}>{formatRand(row.amount_before_fees)}</td>
                <td className={styles.amount}>{formatRand(row.fee)}</td>
                <td className={styles.amount}>{formatRand(row.amount_after_fees)}</td>
                <td>{row.status}</td>
                <td className={styles.amount}>{formatRand(row.balance)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
