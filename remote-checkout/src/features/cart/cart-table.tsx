import { formatRand, VisuallyHidden } from '@pod/shared-contracts';
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
 * price, each with a remove button named after its book.
 */
export function CartTable({ lines, removing, onRemove }: CartTableProps) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>Items in your cart</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Book</th>
            <th scope="col" className={styles.amount}>Price</th>
            <th scope="col" className={styles.amount}>VAT (15%)</th>
            <th scope="col" className={styles.amount}>Discount</th>
            <th scope="col" className={styles.amount}>Final price</th>
            <th scope="col">
              <VisuallyHidden>Remove</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <td>{line.product}</td>
              <td>{line.bookName}</td>
              <td className={styles.amount}>{formatRand(line.amounts.price)}</td>
              <td className={styles.amount}>{formatRand(line.amounts.vat)}</td>
              <td className={styles.amount}>{formatRand(line.amounts.discount)}</td>
              <td className={styles.amount}>{formatRand(line.amounts.finalPrice)}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
