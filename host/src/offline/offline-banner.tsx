import { OFFLINE_BANNER } from '@pod/shared-contracts';
import { useOffline } from './use-offline';
import styles from './offline-banner.module.css';

/**
 * The shell's offline banner (account-area.md sections 2 and 5) while disconnected:
 * 'No Internet Connection' and 'You are currently in offline mode. Some features may not work
 * as expected.' Polite (role status): it informs, the queued alerts interrupt.
 */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div role="status" className={styles.banner}>
      <strong className={styles.title}>{OFFLINE_BANNER.title}</strong> <span>{OFFLINE_BANNER.message}</span>
    </div>
  );
}
