/**
 * Which caching the service worker gives a request: a pure function of the request, so the
 * rules are unit-tested without a worker (src/sw/service-worker.ts maps each rule to a workbox
 * strategy). The precached shell (index.html and the host's hashed bundles) is answered before
 * these rules by workbox-precaching.
 *
 * - `bypass`: not touched by the worker, the browser fetches as if there were none. Every API
 *   call (an answer is the user's data: never cached, never served stale), other origins,
 *   anything but GET, and same-origin files outside the rules below.
 * - `navigation`: a page load: the network, the precached index.html when the network fails,
 *   so an offline visit shows the portal's shell rather than the browser's error page.
 * - `entry-point`: what says which code to run: /remotes.json and each remote's
 *   mf-manifest.json and remoteEntry.js. Always revalidated (network first), the cached copy
 *   only when the network fails, so a deploy reaches the next page load.
 * - `remote-chunk`: every other file under /remotes/: content-hashed or in an immutable
 *   version folder, so cache first (with an expiration, see service-worker.ts).
 */
export type CachingRule = 'bypass' | 'navigation' | 'entry-point' | 'remote-chunk';

/** What the rules look at: the Request's fields of those names. */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

/** The API's path prefix (and the path itself): never cached. */
const API_PREFIX = '/api';
/** The runtime configuration the host reads (src/federation/remote-registry.ts). */
const REMOTES_CONFIG_PATH = '/remotes.json';
/** A remote's entry points, in any version folder. */
const ENTRY_POINT_FILES = new Set(['mf-manifest.json', 'remoteEntry.js']);

/** Whether `pathname` is an API path (/api, /api/...). */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/** One rule of the service worker static routing API (InstallEvent.addRoutes, Chromium 123+). */
export interface StaticRoute {
  condition: { urlPattern: { pathname: string } };
  source: 'network';
}

/**
 * Requests the browser sends straight to the network without waking the worker: the API
 * (whatever its method), which the fetch handler would only pass through (`bypass`). Without
 * them every API call, each 1 MB upload piece included, is first dispatched to the worker as a
 * fetch event and handed back. Browsers without the API send them through the handler, which
 * bypasses them as before.
 */
export const NETWORK_ROUTES: readonly StaticRoute[] = [
  { condition: { urlPattern: { pathname: `${API_PREFIX}/*` } }, source: 'network' },
];

/** The caching rule of one request made on a page of `origin` (the worker's own origin). */
export function cachingRuleFor(request: RequestFacts, origin: string): CachingRule {
  if (request.method !== 'GET') return 'bypass';
  const url = new URL(request.url);
  // Remotes on another origin (a CDN) rely on its HTTP caching: their files are opaque to us.
  if (url.origin !== origin) return 'bypass';
  if (isApiPath(url.pathname)) return 'bypass';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname === REMOTES_CONFIG_PATH) return 'entry-point';
  if (url.pathname.startsWith('/remotes/')) {
    const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    return ENTRY_POINT_FILES.has(file) ? 'entry-point' : 'remote-chunk';
  }
  return 'bypass';
}
