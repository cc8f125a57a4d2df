import { useEffect, useState } from 'react';
import { ApiError, formatDateTime, formatRand, raiseAlert } from '@pod/shared-contracts';
import { listTransactions, type TransactionRecord } from './api/list-transactions';
import styles from './transactions.module.css';

const COLUMNS = ['Date and time', 'Type', 'Amount before fees', 'Fee', 'Amount after fees', 'Status', 'Balance'];

/**
 * The user's transactions (the newest 100). Until the server has them the table stays empty
 * with a 'No transactions yet' row: an empty list or a 501 is not an error. Other failures
 * raise an alert and leave the table empty too.
 */
export function TransactionsTable() {
  const [rows, setRows] = useState<TransactionRecord[] | null>(null);

  useEffect(() => {
    let active = true;
    listTransactions()
      .then((list) => {
        if (active) setRows(list);
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (!(error instanceof ApiError && error.status === 501)) raiseAlert({ variant: 'danger', message: error });
        setRows([]);
      });
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className={styles.scroller}>
      <table className={styles.table} aria-busy={rows === null || undefined}>
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
          {rows === null ? (
            <tr>
              <td colSpan={COLUMNS.length}>Loading transactions…</td>
            </tr>
          ) : rows.length === 0 ? (
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
