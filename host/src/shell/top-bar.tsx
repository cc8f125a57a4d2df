import { useLocation } from 'react-router-dom';
import { Button, formatRand, useCurrentUser } from '@pod/shared-contracts';
import { CartSlot } from './cart-slot';
import { MENU_TOGGLE_ATTRIBUTE, SIDEBAR_ID } from './sidebar';
import styles from './top-bar.module.css';

/**
 * The top bar: 'Welcome, {first name}' on the dashboard, the balance elsewhere
 * ('R 0.00' when none), the cart, and on small screens the Menu button.
 */
export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  return (
    <header className={styles.topBar}>
      <Button
        variant="secondary"
        className={styles.menuButton}
        aria-controls={SIDEBAR_ID}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
        {...{ [MENU_TOGGLE_ATTRIBUTE]: '' }}
      >
        Menu
      </Button>
      <p className={styles.greeting}>
        {pathname === '/dashboard' ? (
          `Welcome, ${user?.name_first ?? ''}`
        ) : (
          <>
            <span className={styles.label}>Balance</span>
            {formatRand(user?.balance ?? 0)}
          </>
        )}
      </p>
      <CartSlot />
    </header>
  );
}
