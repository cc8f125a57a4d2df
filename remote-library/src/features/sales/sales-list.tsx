import {
  DataTable,
  formatRand,
  formatUsd,
  QueryState,
  useSalesQuery,
  type DataTableColumn,
  type SalesSummary,
} from '@pod/shared-contracts';
import styles from './sales.module.css';

const money = (sale: SalesSummary, value: number) => (sale.currency === 'USD' ? formatUsd(value) : formatRand(value));

const COLUMNS: DataTableColumn<SalesSummary>[] = [
  { key: 'book', label: 'Book', cell: (sale) => sale.book_title },
  { key: 'sold', label: 'Total sold', numeric: true, cell: (sale) => sale.quantity },
  { key: 'returned', label: 'Total returned', numeric: true, cell: (sale) => sale.returned },
  { key: 'royalties', label: 'Total royalties', numeric: true, cell: (sale) => money(sale, sale.total_royalties) },
  { key: 'revenue', label: 'Total revenue', numeric: true, cell: (sale) => money(sale, sale.total_revenue) },
  { key: 'profit', label: 'Profit', numeric: true, cell: (sale) => money(sale, sale.profit) },
];

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
        <DataTable
          className={styles.table}
          caption="Sales of your books"
          columns={COLUMNS}
          rows={sales}
          rowKey={(sale) => String(sale.book_id ?? sale.book_title)}
        />
      )}
    </QueryState>
  );
}
