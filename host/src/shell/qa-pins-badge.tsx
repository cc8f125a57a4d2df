import { Button, cx } from '@pod/shared-contracts';
import { clearPins, useStoredPins } from '../federation/pin-storage';
import { formatPins } from '../federation/pins';
import styles from './qa-pins-badge.module.css';

function reloadPage(): void {
  window.location.reload();
}

/** Props of {@link QaPinsBadge}. */
export interface QaPinsBadgeProps {
  /** Loads the page again after clearing (injected in tests). */
  reload?: () => void;
  /** The sidebar is shown beside the page: keep clear of it (its Log out button is at the bottom). */
  besideSidebar?: boolean;
}

/**
 * While QA pins are in effect: a badge, fixed bottom left on every page (/login included),
 * listing them ('Pinned: checkout@1.3.0') with 'Clear pins', which forgets them and reloads
 * the page so the environment's versions load (remotes are registered once per page load).
 */
export function QaPinsBadge({ reload = reloadPage, besideSidebar = false }: QaPinsBadgeProps) {
  const pins = useStoredPins();
  if (pins.length === 0) return null;
  return (
    <section className={cx(styles.badge, besideSidebar && styles.besideSidebar)} aria-label="QA pins">
      <p className={styles.pins}>Pinned: {formatPins(pins, ', ')}</p>
      <Button
        variant="secondary"
        onClick={() => {
          clearPins();
          reload();
        }}
      >
        Clear pins
      </Button>
    </section>
  );
}
