import { Link } from 'react-router-dom';
import styles from './chat-button.module.css';

/** Paths without the floating chat button (account-area.md, Shell); shell-less paths have none either. */
export const CHAT_HIDDEN_PATHS = [
  '/new-book/audio-book',
  '/new-book/calculator',
  '/new-book/e-book',
  '/new-book/general-info',
  '/support',
] as const;

/** True when the floating chat button belongs on `pathname` (the shell itself being shown). */
export function showsChatButton(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(CHAT_HIDDEN_PATHS as readonly string[]).includes(path);
}

/**
 * The floating 'Chat with support' button, bottom right. It leads to /support for now (the
 * chat itself comes later). The shell reserves room under the page so it covers nothing.
 */
export function ChatButton() {
  return (
    <aside className={styles.dock} aria-label="Support">
      <Link to="/support" className={styles.button}>
        <svg
          className={styles.icon}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
        </svg>
        <span className={styles.text}>Chat with support</span>
      </Link>
    </aside>
  );
}
