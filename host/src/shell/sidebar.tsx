import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { Button, cx, logout } from '@pod/shared-contracts';
import { InstallButton } from './install-button';
import styles from './sidebar.module.css';

/** The id the top bar's Menu button controls. */
export const SIDEBAR_ID = 'main-navigation';
/** Marks the toggle so a click on it does not count as a click outside the open sidebar. */
export const MENU_TOGGLE_ATTRIBUTE = 'data-menu-toggle';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/new-book', label: 'Upload book' },
  { to: '/bulk-upload', label: 'Bulk book upload' },
  { to: '/books', label: 'Your books' },
  { to: '/orders', label: 'Orders' },
  { to: '/profile', label: 'Profile' },
] as const;

/**
 * The main navigation. On small screens it is hidden until the top bar's Menu button
 * opens it, and closes with its own button, Escape, or a click outside it.
 */
export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (navRef.current?.contains(target) || target?.closest(`[${MENU_TOGGLE_ATTRIBUTE}]`)) return;
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onClose]);

  return (
    <nav ref={navRef} id={SIDEBAR_ID} aria-label="Main" className={cx(styles.sidebar, open && styles.open)}>
      <p className={styles.brand}>Print on Demand</p>
      <Button variant="secondary" className={styles.closeMenu} onClick={onClose}>
        Close menu
      </Button>
      <ul className={styles.links}>
        {LINKS.map((link) => (
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
