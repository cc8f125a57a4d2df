import { DataTable, formatRand, type DataTableColumn } from '@pod/shared-contracts';
import type { CartLine } from '../../lib/cart-items';
import styles from './cart.module.css';

export interface CartTableProps {
  lines: readonly CartLine[];
  /** The key of the line being removed (its button is busy), or null. */
  removing: string | null;
  onRemove: (line: CartLine) => void;
}

/**
 * The cart's items: product (the services' names), book, price, VAT (15%), discount and final
 * price, each with a remove button named after its book. On a phone each item is a stacked
 * card (DataTable), so its prices and Remove button stay on screen.
 */
export function CartTable({ lines, removing, onRemove }: CartTableProps) {
  const columns: DataTableColumn<CartLine>[] = [
    { key: 'product', label: 'Product', cell: (line) => line.product },
    { key: 'book', label: 'Book', cell: (line) => line.bookName },
    { key: 'price', label: 'Price', numeric: true, cell: (line) => formatRand(line.amounts.price) },
    { key: 'vat', label: 'VAT (15%)', numeric: true, cell: (line) => formatRand(line.amounts.vat) },
    { key: 'discount', label: 'Discount', numeric: true, cell: (line) => formatRand(line.amounts.discount) },
    { key: 'final', label: 'Final price', numeric: true, cell: (line) => formatRand(line.amounts.finalPrice) },
    {
      key: 'remove',
      label: 'Remove',
      labelHidden: true,
      cell: (line) => (
        <button
          type="button"
          className={styles.remove}
          aria-label={`Remove ${line.bookName} from cart`}
          disabled={removing !== null}
          aria-busy={removing === line.key || undefined}
          onClick={() => onRemove(line)}
        >
          <span aria-hidden="true">×</span>
        </button>
      ),
    },
  ];
  return <DataTable caption="Items in your cart" columns={columns} rows={lines} rowKey={(line) => line.key} />;
}
