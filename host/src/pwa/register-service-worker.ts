import { Workbox } from 'workbox-window';
import { announceNewVersion, setWaitingWorkerActivator } from './new-version';

/** The worker's URL: at the site root, so its scope can be the whole portal. */
export const SERVICE_WORKER_URL = '/sw.js';
/** If the new worker has not taken over by then, reload anyway (the reload still finds it). */
const TAKEOVER_TIMEOUT_MS = 5_000;

/** The part of workbox-window's Workbox used here (tests pass a fake). */
export type WorkboxLike = Pick<Workbox, 'register' | 'update' | 'messageSkipWaiting' | 'addEventListener'>;

/** Where and how {@link registerServiceWorker} registers (defaults: the browser's, in a production build). */
export interface RegisterServiceWorkerOptions {
  /** Only production builds have a worker (host/webpack.config.js); the dev server has none. */
  enabled?: boolean;
  container?: ServiceWorkerContainer | undefined;
  createWorkbox?: (url: string) => WorkboxLike;
  reload?: () => void;
}

/**
 * Registers the workbox service worker (/sw.js, scope '/') where the browser supports it, in
 * production builds only. A new worker that installs and waits (a new build was deployed)
 * is announced as a new version; the update notice's Refresh then tells it to skip waiting and
 * reloads the page once it controls it. Returns the Workbox (for update checks), or null when
 * nothing was registered. Called once from bootstrap, after the first render, so precaching
 * never competes with the portal's own start.
 */
export function registerServiceWorker({
  enabled = __POD_SERVICE_WORKER__,
  container = globalThis.navigator?.serviceWorker,
  createWorkbox = (url) => new Workbox(url, { scope: '/' }),
  reload = () => window.location.reload(),
}: RegisterServiceWorkerOptions = {}): WorkboxLike | null {
  if (!enabled || !container) return null;
  const workbox = createWorkbox(SERVICE_WORKER_URL);
  workbox.addEventListener('waiting', () => {
    setWaitingWorkerActivator(() => {
      let reloaded = false;
      const reloadOnce = () => {
        if (reloaded) return;
        reloaded = true;
        reload();
      };
      // Only the page that asked reloads: other tabs keep what the user is doing.
      container.addEventListener('controllerchange', reloadOnce, { once: true });
      setTimeout(reloadOnce, TAKEOVER_TIMEOUT_MS);
      workbox.messageSkipWaiting();
    });
    announceNewVersion({ source: 'service-worker' });
  });
  workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
  return workbox;
}
