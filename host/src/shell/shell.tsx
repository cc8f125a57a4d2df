import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AlertRegion, cx, isShellHidden } from '@pod/shared-contracts';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import styles from './shell.module.css';

/**
 * The application shell: skip link, sidebar navigation, top bar, alert bars and the main
 * landmark holding the current screen. Sidebar and top bar are left out on the paths the
 * route table marks (login, register, verify...). The tree keeps its shape either way, so
 * the screen is not remounted when the shell appears or disappears.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const hidden = isShellHidden(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <div className={cx(styles.layout, hidden && styles.bare)}>
      <ScrollToTop />
      {hidden ? null : (
        <a className={styles.skipLink} href="#main">
          Skip to main content
        </a>
      )}
      {hidden ? null : <Sidebar open={menuOpen} onClose={closeMenu} />}
      <div className={styles.content}>
        {hidden ? null : <TopBar menuOpen={menuOpen} onToggleMenu={toggleMenu} />}
        <main id="main" tabIndex={-1} className={styles.main}>
          <AlertRegion />
          {children}
        </main>
      </div>
    </div>
  );
}
