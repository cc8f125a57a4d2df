import { registerServiceWorker } from './register-service-worker';
import { checkRemotesConfig, startVersionWatch } from './version-watch';

/**
 * Everything the installable portal needs once the first screen is up (bootstrap calls it
 * once): the service worker, and the watch for new versions (a new worker waiting, a changed
 * remotes.json) that the update notice announces.
 */
export function startPwa(): void {
  const workbox = registerServiceWorker();
  startVersionWatch(async () => {
    await Promise.all([workbox?.update(), checkRemotesConfig()]);
  });
}
