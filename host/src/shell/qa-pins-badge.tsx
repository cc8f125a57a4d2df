import { Button, cx, useLoadedVersions, type LoadedVersions } from '@pod/shared-contracts';
import { clearPins, useStoredPins } from '../federation/pin-storage';
import { formatPins } from '../federation/pins';
import styles from './qa-pins-badge.module.css';

function reloadPage(): void {
  window.location.reload();
}

/** 'checkout 1.3.0, library 0.1.0': the builds on screen, by short name, in the shell's order. */
export function formatLoaded(versions: LoadedVersions): string {
  return Object.entries(versions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, version]) => `${name.replace(/^remote_/, '')} ${version}`)
    .join(', ');
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
 * listing them ('Pinned: checkout@1.3.0') and the builds actually on screen ('Loaded: checkout
 * 1.3.0', as each remote reports itself), with 'Clear pins', which forgets them and reloads the
 * page so the environment's versions load (remotes are registered once per page load). Version
 * markers appear nowhere else: customers never see them.
 */
export function QaPinsBadge({ reload = reloadPage, besideSidebar = false }: QaPinsBadgeProps) {
  const pins = useStoredPins();
  const loaded = formatLoaded(useLoadedVersions());
  if (pins.length === 0) return null;
  return (
    <section className={cx(styles.badge, besideSidebar && styles.besideSidebar)} aria-label="QA pins">
      <p className={styles.pins}>Pinned: {formatPins(pins, ', ')}</p>
      {loaded ? <p className={styles.pins}>Loaded: {loaded}</p> : null}
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
