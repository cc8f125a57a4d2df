import { formatRand, formatUsd, QueryState, useSalesQuery, type SalesSummary } from '@pod/shared-contracts';
import styles from './sales.module.css';

const COLUMNS = ['Book', 'Total sold', 'Total returned', 'Total royalties', 'Total revenue', 'Profit'];

const money = (sale: SalesSummary, value: number) => (sale.currency === 'USD' ? formatUsd(value) : formatRand(value));

/**
 * The user's sales, one row per book with sales (GET /user/getallsale, the shared `sales`
 * query). The page used to be the specification's static placeholder and never asked, so
 * authors with sales read 'no sales'; the placeholder's sentence is now the empty state only.
 */
export function SalesList() {
  const query = useSalesQuery();
  return (
    <QueryState
      query={query}
      loadingLabel="Loading sales"
      isEmpty={(sales) => sales.length === 0}
      empty={<p className={styles.placeholder}>There are no sales to show yet.</p>}
    >
      {(sales) => (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className={styles.caption}>Sales of your books</caption>
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
              {sales.map((sale) => (
                <tr key={sale.book_id ?? sale.book_title}>
                  <td>{sale.book_title}</td>
                  <td className={styles.amount}>{sale.quantity}</td>
                  <td className={styles.amount}>{sale.returned}</td>
                  <td className={styles.amount}>{money(sale, sale.total_royalties)}</td>
                  <td className={styles.amount}>{money(sale, sale.total_revenue)}</td>
                  <td className={styles.amount}>{money(sale, sale.profit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
