import type { TabGuard } from '../tab-guard/tab-guard';
import { configurePushService } from './push-subscription';
import { startPushSync } from './push-sync';
import { registerServiceWorker } from './register-service-worker';
import { checkRemotesConfig, loadedRemotesConfig, startVersionWatch } from './version-watch';

/**
 * Everything the installable portal needs once the first screen is up (bootstrap calls it
 * once): the service worker, the watch for new versions (a new worker waiting, a changed
 * remotes.json) that the update notice announces, and, where there is a worker, the push
 * subscription that follows the session. A tab the tab guard blocked does none of it (it
 * only shows /tab-error, and must not call the API or spend the hourly notice), and one
 * that becomes blocked later stops watching and syncing.
 */
export function startPwa(tabGuard: Pick<TabGuard, 'getState' | 'subscribe'>): void {
  if (tabGuard.getState() === 'blocked') return;
  const workbox = registerServiceWorker();
  const stops = [
    startVersionWatch(async () => {
      await Promise.all([workbox?.update(), checkRemotesConfig()]);
    }),
  ];
  if (workbox) {
    configurePushService(loadedRemotesConfig() ?? {});
    stops.push(startPushSync());
  }
  const unsubscribe = tabGuard.subscribe(() => {
    if (tabGuard.getState() !== 'blocked') return;
    unsubscribe();
    for (const stop of stops) stop();
  });
}
