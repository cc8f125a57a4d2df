import { Workbox } from 'workbox-window';
import { announceNewVersion, setWaitingWorkerActivator } from './new-version';

/** The worker's URL: at the site root, so its scope can be the whole portal. */
export const SERVICE_WORKER_URL = '/sw.js';
/** If the new worker has not taken over by then, reload anyway (the reload still finds it). */
const TAKEOVER_TIMEOUT_MS = 5_000;

/** The part of workbox-window's Workbox used here (tests pass a fake). */
export type WorkboxLike = Pick<
  Workbox,
  'register' | 'update' | 'messageSkipWaiting' | 'messageSW' | 'addEventListener'
>;

/** The message that hands the worker what the page loaded before it controlled the page. */
export const CACHE_URLS = 'CACHE_URLS';

/**
 * The same-origin files this page has loaded so far (the Resource Timing entries). The page
 * that installs the first worker loaded remotes.json and its remotes' entry points and chunks
 * without it, so the worker never saw them; without them in its caches a reload offline would
 * have the shell but no remote. The worker keeps only what its rules cache (never /api/).
 */
export function loadedSameOriginUrls(
  entries: readonly { name: string }[] = globalThis.performance?.getEntriesByType?.('resource') ?? [],
  origin: string = globalThis.location?.origin ?? '',
): string[] {
  return [...new Set(entries.map((entry) => entry.name).filter((url) => url.startsWith(`${origin}/`)))];
}

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
  // The first worker takes the page at once (clientsClaim): it caches what the page loaded before.
  workbox.addEventListener('controlling', () => {
    workbox
      .messageSW({ type: CACHE_URLS, payload: { urlsToCache: loadedSameOriginUrls() } })
      .catch((error: unknown) => console.warn('The service worker could not cache the loaded files', error));
  });
  workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
  return workbox;
}
