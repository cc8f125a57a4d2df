import { cx, buttonClassName, formatDayMonth, formatRand, Link, type CartPanelProps } from '@pod/shared-contracts';
import { toCartLine } from '../../lib/cart-items';
import styles from './cart-dropdown.module.css';
import { useCartItems } from './use-cart-items';

/**
 * The cart panel's content: the stored user's cart items (book name, final price with 2
 * decimals, date as dd/MM; 'Cannot find book' for a lost book) and a Checkout link to
 * /checkout, which closes the panel (`onClose`). The items are {@link useCartItems}'.
 */
export function CartPanel({ onClose }: CartPanelProps) {
  const lines = useCartItems().map(toCartLine);
  return (
    <>
      {lines.length === 0 ? (
        <p className={styles.empty}>Your cart is empty.</p>
      ) : (
        <ul className={styles.entries} aria-label="Cart items">
          {lines.map((line) => (
            <li key={line.key} className={styles.entry}>
              <span className={styles.name}>{line.bookName}</span>
              <span className={styles.cost}>{formatRand(line.amounts.finalPrice)}</span>
              <time className={styles.date} dateTime={line.item.created_at}>
                {formatDayMonth(line.item.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Link to="/checkout" className={cx(buttonClassName('primary'), styles.checkout)} onClick={onClose}>
        Checkout
      </Link>
    </>
  );
}
