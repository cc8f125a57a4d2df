import { configurePushService } from './push-subscription';
import { startPushSync } from './push-sync';
import { registerServiceWorker } from './register-service-worker';
import { checkRemotesConfig, loadedRemotesConfig, startVersionWatch } from './version-watch';

/**
 * Everything the installable portal needs once the first screen is up (bootstrap calls it
 * once): the service worker, the watch for new versions (a new worker waiting, a changed
 * remotes.json) that the update notice announces, and, where there is a worker, the push
 * subscription that follows the session.
 */
export function startPwa(): void {
  const workbox = registerServiceWorker();
  startVersionWatch(async () => {
    await Promise.all([workbox?.update(), checkRemotesConfig()]);
  });
  if (!workbox) return;
  configurePushService(loadedRemotesConfig() ?? {});
  startPushSync();
}
