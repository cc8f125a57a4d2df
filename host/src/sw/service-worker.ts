// The portal's service worker, compiled by workbox-webpack-plugin's InjectManifest into /sw.js
// (host/webpack.config.js, production builds only) with the host build's file list injected at
// self.__WB_MANIFEST. Type-checked on its own (tsconfig.sw.json: the worker's globals, not the DOM's).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { parsePushMessage } from './push-message';
import { cachingRuleFor, NETWORK_ROUTES, type CachingRule, type StaticRoute } from './routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The message the page's Refresh sends to a waiting worker (workbox-window's messageSkipWaiting). */
const SKIP_WAITING = 'SKIP_WAITING';
/** A navigation that takes longer falls back to the precached shell (a hanging network). */
const NAVIGATION_TIMEOUT_MS = 10_000;
const SHELL_URL = '/index.html';
const ICON_URL = '/icons/icon-192.png';

// The shell: index.html and the host's bundles, icons and manifest. A new build's worker
// installs beside the old one and waits; the page's update notice lets the user switch.
// Only exact URLs: '/' and other page loads are navigations (network first, see below), so an
// online visit always gets the newest index.html; the precached copy is the offline fallback.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first worker takes the open pages at once (nothing older to be consistent with); later
// ones only after SKIP_WAITING, when the page that asked reloads.
clientsClaim();

// API requests skip the worker entirely where the browser has static routing (routing.ts).
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: StaticRoute[]) => Promise<void> };
  if (typeof install.addRoutes !== 'function') return;
  // A refused rule leaves those requests to the fetch handler, which bypasses them anyway.
  install.waitUntil(install.addRoutes([...NETWORK_ROUTES]).catch(() => undefined));
});

/** The page's request to cache what it loaded before this worker controlled it. */
const CACHE_URLS = 'CACHE_URLS';

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; payload?: { urlsToCache?: unknown } } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  if (data?.type === CACHE_URLS) {
    const done = cacheLoadedUrls(event, data.payload?.urlsToCache).then(() => event.ports[0]?.postMessage(true));
    event.waitUntil(done);
  }
});

const is =
  (rule: CachingRule) =>
  ({ request }: { request: Request }) =>
    cachingRuleFor(request, self.location.origin) === rule;

registerRoute(is('navigation'), async ({ request }) => {
  try {
    return await new Promise<Response>((resolve, reject) => {
      setTimeout(() => reject(new Error('navigation timed out')), NAVIGATION_TIMEOUT_MS);
      fetch(request).then(resolve, reject);
    });
  } catch (error) {
    const shell = await matchPrecache(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
});

// Shorter than the host's own 8 s request timeout, so a hanging network still gets the cached copy.
const entryPoints = new NetworkFirst({ cacheName: 'pod-entry-points', networkTimeoutSeconds: 6 });
const remoteChunks = new CacheFirst({
  cacheName: 'pod-remote-chunks',
  plugins: [
    // Old versions' chunks are never asked for again: let them age out.
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
registerRoute(is('entry-point'), entryPoints);
registerRoute(is('remote-chunk'), remoteChunks);

/** The strategy that keeps a file the page loaded before this worker controlled it, if any. */
const STRATEGY_OF: Partial<Record<CachingRule, NetworkFirst | CacheFirst>> = {
  'entry-point': entryPoints,
  'remote-chunk': remoteChunks,
};
/** More than a page ever loads: a bound on what one message can make the worker fetch. */
const MAX_URLS_TO_CACHE = 500;

/**
 * The page's CACHE_URLS message (src/pwa/register-service-worker.ts): the files it loaded
 * before this worker controlled it go through the same strategies as if they had been
 * requested now, so remotes.json and the remotes seen on that first visit work offline. Every
 * other URL (the API above all) is ignored by the same rules as a request.
 */
async function cacheLoadedUrls(event: ExtendableMessageEvent, urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const wanted = urls.filter((url): url is string => typeof url === 'string').slice(0, MAX_URLS_TO_CACHE);
  await Promise.all(
    wanted.map(async (url) => {
      let strategy: NetworkFirst | CacheFirst | undefined;
      try {
        strategy = STRATEGY_OF[cachingRuleFor({ url, method: 'GET', mode: 'cors' }, self.location.origin)];
      } catch {
        return; // not a URL
      }
      await strategy?.handle({ event, request: new Request(url) }).catch(() => undefined);
    }),
  );
}

self.addEventListener('push', (event) => {
  const notice = parsePushMessage(event.data?.text() ?? '', self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notice.title, { body: notice.body, icon: ICON_URL, data: { url: notice.url } }),
  );
});

/** Focuses a portal window already showing `url`, else navigates one of them there, else opens one. */
async function focusOrOpen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const [first] = windows;
  if (first) {
    const navigated = await first.navigate(url).catch(() => null);
    await (navigated ?? first).focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : new URL('/', self.location.origin).href;
  event.waitUntil(focusOrOpen(url));
});
