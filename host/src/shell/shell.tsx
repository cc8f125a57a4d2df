import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AlertRegion, cx, isShellHidden, useCurrentUser, useLocation } from '@pod/shared-contracts';
import { useStoredPins } from '../federation/pin-storage';
import { OfflineBanner } from '../offline';
import { ChatButton, showsChatButton } from './chat-button';
import { FetchingBooksModal } from './fetching-books-modal';
import { QaPinsBadge } from './qa-pins-badge';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar, type CloseReason } from './sidebar';
import { TopBar } from './top-bar';
import { UpdateNotice } from './update-notice';
import { useClearAlertsOnNavigation } from './use-clear-alerts-on-navigation';
import { SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import styles from './shell.module.css';

/**
 * The application shell: skip link, sidebar navigation, top bar, the alert bars, the main
 * landmark holding the current screen, the fetching-books modal, the floating chat
 * button and, while QA pins are in effect, their badge (on every page). Sidebar, top bar
 * and chat button are left out on the paths the route table marks
 * (login, register, verify...). Signed out (no stored current user) there is no sidebar and
 * no chat button (every link in them leads to a guarded route) and the top bar offers
 * 'Sign in' and 'Register' instead of balance and cart. The tree keeps its shape either way,
 * so the screen is not remounted when the shell appears or disappears.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const hidden = isShellHidden(pathname);
  const signedIn = useCurrentUser() !== null;
  const sidebar = !hidden && signedIn;
  const chat = sidebar && showsChatButton(pathname);
  const pinned = useStoredPins().length > 0;
  const drawer = useMediaQuery(SMALL_SCREEN_QUERY);
  useClearAlertsOnNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);

  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback((reason: CloseReason) => {
    setMenuOpen(false);
    if (reason === 'dismiss') openerRef.current?.focus();
  }, []);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, drawer]);

  return (
    <div className={cx(styles.layout, !sidebar && styles.bare)}>
      <ScrollToTop />
      {hidden ? null : (
        <a className={styles.skipLink} href="#main">
          Skip to main content
        </a>
      )}
      {sidebar ? <Sidebar drawer={drawer} open={menuOpen} onClose={closeMenu} /> : null}
      {sidebar && drawer && menuOpen ? <div className={styles.backdrop} aria-hidden="true" /> : null}
      <div className={styles.content}>
        <OfflineBanner />
        {hidden ? null : (
          <TopBar
            signedIn={signedIn}
            drawer={drawer}
            menuOpen={menuOpen}
            onOpenMenu={openMenu}
            menuButtonRef={openerRef}
          />
        )}
        <main id="main" tabIndex={-1} className={cx(styles.main, (chat || pinned) && styles.chatClearance)}>
          <AlertRegion />
          {children}
          <FetchingBooksModal />
        </main>
      </div>
      {chat ? <ChatButton /> : null}
      <QaPinsBadge besideSidebar={sidebar && !drawer} />
      <UpdateNotice />
    </div>
  );
}
