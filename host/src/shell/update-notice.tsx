import { useEffect, useId, useState } from 'react';
import {
  Button,
  Modal,
  NEW_VERSION_EVENT,
  STORAGE_KEYS,
  type NewVersionDetail,
  useLocation,
} from '@pod/shared-contracts';
import { applyUpdate } from '../pwa/new-version';
import styles from './update-notice.module.css';

/** The notice shows at most once per hour (account-area.md section 9). */
export const UPDATE_NOTICE_INTERVAL_MS = 3_600_000;

/**
 * Key routes (the specification's undefined term, decided in host/README.md): where a reload
 * loses nothing the user typed or chose, and where stale code matters most because it is what
 * every session passes through. There the notice is the 'New Version' modal.
 */
export const KEY_ROUTES: readonly string[] = ['/', '/dashboard', '/login'];

/** When the notice was last shown (localStorage `lastUpdate`, which logout keeps), or 0. */
function lastShown(): number {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEYS.lastUpdate));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function rememberShown(at: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lastUpdate, String(at));
  } catch {
    /* storage disabled: the notice may show again after a reload */
  }
}

/**
 * The update notice: listens for the new-version event (a new service worker waiting, a
 * changed remotes.json) and, at most once per hour across page loads, shows 'Update
 * available' with a Refresh link, or on a key route the 'New Version' modal. Refresh applies
 * the update (see applyUpdate); 'Later' closes the notice, which comes back an hour after it
 * was shown while the update is still pending.
 */
export function UpdateNotice({ now = Date.now }: { now?: () => number }) {
  const { pathname } = useLocation();
  const [pending, setPending] = useState<NewVersionDetail | null>(null);
  const [visible, setVisible] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const onNewVersion = (event: Event) => {
      const { detail } = event as CustomEvent<NewVersionDetail | undefined>;
      setPending(detail ?? { source: 'remotes' });
    };
    window.addEventListener(NEW_VERSION_EVENT, onNewVersion);
    return () => window.removeEventListener(NEW_VERSION_EVENT, onNewVersion);
  }, []);

  useEffect(() => {
    if (!pending || visible) return undefined;
    const show = () => {
      rememberShown(now());
      setVisible(true);
    };
    const wait = lastShown() + UPDATE_NOTICE_INTERVAL_MS - now();
    if (wait <= 0) {
      show();
      return undefined;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [pending, visible, now]);

  if (!visible) return null;
  const refresh = () => applyUpdate();
  const later = () => setVisible(false);

  if (KEY_ROUTES.includes(pathname)) {
    return (
      <Modal
        open
        title="New Version"
        onClose={later}
        footer={
          <>
            <Button onClick={refresh}>Reload</Button>
            <Button variant="secondary" onClick={later}>
              Later
            </Button>
          </>
        }
      >
        <p>A new version of the portal is available. Reload the page to use it.</p>
      </Modal>
    );
  }

  return (
    <section className={styles.notice} aria-labelledby={titleId} role="status">
      <strong id={titleId}>Update available</strong>
      <span className={styles.text}>A new version of the portal is ready.</span>
      <a
        className={styles.refresh}
        href={window.location.href}
        onClick={(event) => {
          event.preventDefault();
          refresh();
        }}
      >
        Refresh
      </a>
      <Button variant="secondary" onClick={later}>
        Later
      </Button>
    </section>
  );
}
