import type { Ref } from 'react';
import {
  Button,
  buttonClassName,
  formatRand,
  signInPath,
  useCurrentUser,
  Link,
  useLocation,
} from '@pod/shared-contracts';
import { CartButton } from './cart-button';
import { MENU_TOGGLE_ATTRIBUTE, SIDEBAR_ID } from './sidebar';
import styles from './top-bar.module.css';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  /** A current user is stored: balance and cart; otherwise 'Sign in' and 'Register'. */
  signedIn: boolean;
  /** Small screens: show the 'Open menu' button for the sidebar drawer. */
  drawer: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * The top bar (the page's banner). Signed in: 'Welcome, {first name}' on the dashboard,
 * elsewhere 'Balance' and the amount ('R 0.00' when none); the cart; on small screens
 * 'Open menu'. Signed out: the portal's name, 'Sign in' (returning to this page afterwards)
 * and 'Register'.
 */
export function TopBar({ signedIn, drawer, menuOpen, onOpenMenu, menuButtonRef }: TopBarProps) {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  if (!signedIn) {
    return (
      <header className={styles.topBar}>
        <p className={styles.brand}>Print on Demand</p>
        <nav aria-label="Account" className={styles.account}>
          <Link to={signInPath(`${pathname}${search}`)} className={buttonClassName('primary')}>
            Sign in
          </Link>
          <Link to="/register" className={buttonClassName('secondary')}>
            Register
          </Link>
        </nav>
      </header>
    );
  }
  return (
    <header className={styles.topBar}>
      {drawer ? (
        <Button
          ref={menuButtonRef}
          variant="secondary"
          aria-controls={SIDEBAR_ID}
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
          {...{ [MENU_TOGGLE_ATTRIBUTE]: '' }}
        >
          Open menu
        </Button>
      ) : null}
      {pathname === '/dashboard' ? (
        <p className={styles.greeting}>{`Welcome, ${user?.name_first ?? ''}`.trim()}</p>
      ) : (
        // One text node, so the amount is always read with its label: 'Balance R 0.00'.
        <p className={styles.greeting}>{`Balance ${formatRand(user?.balance ?? 0)}`}</p>
      )}
      <div className={styles.cart}>
        <CartButton />
      </div>
    </header>
  );
}
