import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName, cx, useCurrentUser } from '@pod/shared-contracts';
import styles from './cart-dropdown.module.css';

/**
 * The top bar's cart: a button with the item count that opens a small panel with a
 * Checkout link to /checkout. The entries list (name, cost, date) comes with the cart work.
 */
export function CartDropdown() {
  const user = useCurrentUser();
  const count = Array.isArray(user?.cart) ? user.cart.length : 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
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
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        Cart ({count} {count === 1 ? 'item' : 'items'})
      </Button>
      {open ? (
        <div className={styles.panel} id={panelId}>
          {count === 0 ? <p className={styles.empty}>Your cart is empty.</p> : null}
          <Link to="/checkout" className={cx(buttonClassName('primary'), styles.checkout)} onClick={() => setOpen(false)}>
            Checkout
          </Link>
        </div>
      ) : null}
    </div>
  );
}
