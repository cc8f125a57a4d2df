import { useQuery } from '@tanstack/react-query';
import {
  cx,
  buttonClassName,
  formatDayMonth,
  formatRand,
  queryKeys,
  useCurrentUser,
  Link,
} from '@pod/shared-contracts';
import { getCart } from '../../lib/api/get-cart';
import { asCartItems, toCartLine } from '../../lib/cart-items';
import styles from './cart-dropdown.module.css';

/** Props of {@link CartPanel} (the contract's CartPanelProps). */
export interface CartPanelProps {
  /** The user followed Checkout: whoever shows the panel closes it. */
  onClose(): void;
}

/**
 * The cart panel's content: the stored user's cart items (book name, final price with 2
 * decimals, date as dd/MM; 'Cannot find book' for a lost book) and a Checkout link to
 * /checkout. The items are the `cart` query's (GET /user/cart), the one the top bar counts,
 * so a change made by any remote shows here without a reload; the stored user's cart stands
 * in until the first answer, or when it fails.
 */
export function CartPanel({ onClose }: CartPanelProps) {
  const user = useCurrentUser();
  const cart = useQuery({ queryKey: queryKeys.cart(), queryFn: () => getCart(null), enabled: user !== null });
  const lines = asCartItems(cart.data?.results ?? user?.cart).map(toCartLine);
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
