import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  buttonClassName,
  cx,
  formatDayMonth,
  formatRand,
  queryKeys,
  useCurrentUser,
  Link,
} from '@pod/shared-contracts';
import { getCart } from '../../lib/api/get-cart';
import { asCartItems, toCartLine } from '../../lib/cart-items';
import styles from './cart-dropdown.module.css';

/**
 * The top bar's cart: a button with the item count that opens a panel listing the stored
 * user's cart (book name, final price with 2 decimals, date as dd/MM) and a Checkout link to
 * /checkout. Escape or a click outside closes it; Escape returns focus to the button.
 * The items are the `cart` query's (GET /user/cart), so a change made by any remote (a bulk
 * upload, a payment) shows here without a reload; the stored user's cart stands in until
 * the first answer, or when it fails.
 */
export function CartDropdown() {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const cart = useQuery({ queryKey: queryKeys.cart(), queryFn: () => getCart(null), enabled: signedIn });
  const lines = asCartItems(cart.data?.results ?? user?.cart).map(toCartLine);
  const count = lines.length;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className={styles.dropdown} ref={rootRef}>
      <Button
        ref={toggleRef}
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Cart ({count} {count === 1 ? 'item' : 'items'})
      </Button>
      {open ? (
        <div className={styles.panel} id={panelId}>
          {count === 0 ? (
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
          <Link
            to="/checkout"
            className={cx(buttonClassName('primary'), styles.checkout)}
            onClick={() => setOpen(false)}
          >
            Checkout
          </Link>
        </div>
      ) : null}
    </div>
  );
}
