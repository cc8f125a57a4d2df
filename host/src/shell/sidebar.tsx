import { useEffect, useRef } from 'react';
import { Button, cx, logout, NavLink } from '@pod/shared-contracts';
import { InstallButton } from './install-button';
import styles from './sidebar.module.css';

/** The id the top bar's 'Open menu' button controls. */
export const SIDEBAR_ID = 'main-navigation';
/** Marks the opener so a click on it does not count as a click outside the open sidebar. */
export const MENU_TOGGLE_ATTRIBUTE = 'data-menu-toggle';

/** The sidebar's links, in order: the specification's six, with Sales, Reports, Transactions and Documents after Orders. */
export const SIDEBAR_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/new-book', label: 'Upload book' },
  { to: '/bulk-upload', label: 'Bulk book upload' },
  { to: '/books', label: 'Your books' },
  { to: '/orders', label: 'Orders' },
  // Not in the specification's list: without them these three screens were reachable only by
  // typing their address.
  { to: '/sales', label: 'Sales' },
  // Issue 17: charts, statements and exports.
  { to: '/reports', label: 'Reports' },
  { to: '/transactions', label: 'Transactions' },
  { to: '/documents', label: 'Documents' },
  { to: '/profile', label: 'Profile' },
] as const;

/** How the sidebar was closed: by the user in it (focus goes back to the opener) or by moving elsewhere. */
export type CloseReason = 'dismiss' | 'elsewhere';

/** Props of {@link Sidebar}. */
export interface SidebarProps {
  /** Small screens: the sidebar is a drawer, hidden unless `open`. */
  drawer: boolean;
  open: boolean;
  onClose: (reason: CloseReason) => void;
}

/**
 * The main navigation (`nav` "Main"): the links, Install (when offered) and Log out. As a
 * drawer it is hidden until opened; it then takes focus, and closes with 'Close menu',
 * Escape, a click outside it, or focus moving out of it (so it never hides the focused
 * element: WCAG 2.4.11).
 */
export function Sidebar({ drawer, open, onClose }: SidebarProps) {
  const navRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const shown = !drawer || open;
  const overlay = drawer && open;

  useEffect(() => {
    if (!overlay) return undefined;
    closeRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (navRef.current?.contains(target) || target?.closest?.(`[${MENU_TOGGLE_ATTRIBUTE}]`)) return;
      onClose('elsewhere');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose('dismiss');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [overlay, onClose]);

  return (
    <nav
      ref={navRef}
      id={SIDEBAR_ID}
      aria-label="Main"
      hidden={!shown}
      className={cx(styles.sidebar, drawer && styles.drawer)}
      onBlur={(event) => {
        const next = event.relatedTarget as Element | null;
        if (overlay && next && !navRef.current?.contains(next)) onClose('elsewhere');
      }}
    >
      <p className={styles.brand}>Print on Demand</p>
      {drawer ? (
        <Button ref={closeRef} variant="secondary" className={styles.closeMenu} onClick={() => onClose('dismiss')}>
          Close menu
        </Button>
      ) : null}
      <ul className={styles.links}>
        {SIDEBAR_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={({ isActive }) => cx(styles.link, isActive && styles.active)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <InstallButton />
        <Button variant="secondary" onClick={() => void logout()}>
          Log out
        </Button>
      </div>
    </nav>
  );
}
