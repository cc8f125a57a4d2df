import { API_BASE, matchAppRoute, type components, type RemoteName } from '@pod/shared-contracts';
import { loadedRemotesConfig } from '../pwa/version-watch';
import { servedVersion, type ServedVersion } from './served-versions';

// Front-end load and error reports (issue 19, progressive delivery): each time a remote's module
// loads, fails to load for good, or its boundary catches a crash, a count goes to
// POST /monitoring/remote-events with the remote, the version this page runs, the channel and the
// route *pattern*. The server sums them per version (`pnpm report:remotes`) and rolls back a
// canary that fails more than the stable version. Nothing here may ever break or slow a page:
// reports are batched, sent in the background, capped per page, and every failure is swallowed.

/** What happened to a remote on this page. */
export type RemoteEventKind = components['schemas']['RemoteEvent']['kind'];
type RemoteEvent = components['schemas']['RemoteEvent'];
type RemoteEventBatch = components['schemas']['RemoteEventBatch'];

/** Where reports go (same origin; anonymous: no token, no cookies). */
export const REMOTE_EVENTS_URL = `${API_BASE}/monitoring/remote-events`;
/** How long events wait for others to join their batch (pagehide and hidden tabs send at once). */
export const FLUSH_DELAY_MS = 5_000;
/** Events one page reports at most (a crash loop must not flood the API); later ones are dropped. */
export const MAX_EVENTS_PER_PAGE = 50;
/** Events per request (the contract's maxItems). */
export const MAX_EVENTS_PER_BATCH = 20;

/** The shapes the server accepts (portal.yaml RemoteEvent, RemoteEventBatch); anything else is not sent. */
const VERSION = /^\d{1,6}\.\d{1,6}\.\d{1,6}$/;
const ENVIRONMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
/** A segment that may leave the browser as it is: a short lowercase word. */
const PLAIN_SEGMENT = /^[a-z][a-z-]{0,23}$/;
const MAX_SEGMENTS = 8;

/**
 * The route pattern of `pathname`, the only part of the address that is reported: the route
 * table's pattern where one matches (`/books/12` never leaves as such, `/books/:region/:id`
 * does), its splat's rest and unknown paths segment by segment, every segment that is not a
 * short lowercase word (ids, tokens, e-mail addresses, anything encoded) replaced by `:id`.
 * The query and fragment are never part of it.
 */
export function routePattern(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const route = matchAppRoute(pathname);
  let known: string[] = [];
  if (route) {
    known = route.pattern.split('/').filter((segment) => segment !== '');
    if (known.at(-1) === '*') known.pop();
    else return route.pattern;
  }
  const rest = segments.slice(known.length).map((segment) => (PLAIN_SEGMENT.test(segment) ? segment : ':id'));
  const pattern = [...known, ...rest].slice(0, MAX_SEGMENTS);
  return `/${pattern.join('/')}`;
}

/** What a reporter reads from the page and how it sends (the browser's by default; fakes in tests). */
export interface RemoteEventReporterOptions {
  /** The version of a remote this page registered (served-versions.ts), or undefined. */
  servedVersion?: (remote: RemoteName) => ServedVersion | undefined;
  /** The environment of the remotes.json this page loaded, or undefined before it loaded. */
  environment?: () => string | undefined;
  pathname?: () => string;
  /** Sends one batch without waiting for it (fetch with keepalive, so it outlives the page). */
  send?: (batch: RemoteEventBatch) => void;
  flushDelayMs?: number;
  maxEventsPerPage?: number;
}

export interface RemoteEventReporter {
  /** Counts one event of `remote`; sent within FLUSH_DELAY_MS, or when the page is hidden or left. Never throws. */
  record(remote: RemoteName, kind: RemoteEventKind): void;
  /** Sends what is waiting now. Never throws. */
  flush(): void;
}

/** POSTs a batch with keepalive (it survives pagehide), without credentials; never throws, never waits. */
export function sendBatch(batch: RemoteEventBatch): void {
  try {
    const body = JSON.stringify(batch);
    void globalThis
      .fetch(REMOTE_EVENTS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'omit',
      })
      .catch(() => undefined);
  } catch {
    // No fetch, or the browser refused the keepalive request: the counts are lost, the page is not.
  }
}

/** A reporter: equal events add up until the batch is sent; a page sends at most `maxEventsPerPage`. */
export function createRemoteEventReporter(options: RemoteEventReporterOptions = {}): RemoteEventReporter {
  const {
    servedVersion: versionOf = servedVersion,
    environment = () => loadedRemotesConfig()?.environment,
    pathname = () => globalThis.location?.pathname ?? '/',
    send = sendBatch,
    flushDelayMs = FLUSH_DELAY_MS,
    maxEventsPerPage = MAX_EVENTS_PER_PAGE,
  } = options;
  const waiting = new Map<string, { environment: string; event: RemoteEvent }>();
  let recorded = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let listening = false;

  function flush(): void {
    try {
      clearTimeout(timer);
      timer = undefined;
      const byEnvironment = new Map<string, RemoteEvent[]>();
      for (const { environment: name, event } of waiting.values()) {
        byEnvironment.set(name, [...(byEnvironment.get(name) ?? []), event]);
      }
      waiting.clear();
      for (const [name, events] of byEnvironment) {
        for (let start = 0; start < events.length; start += MAX_EVENTS_PER_BATCH) {
          send({ environment: name, events: events.slice(start, start + MAX_EVENTS_PER_BATCH) });
        }
      }
    } catch {
      // Reporting is best effort.
    }
  }

  /** Leaving the page or hiding it may be the last chance to send: flush then (once per page). */
  function listen(): void {
    if (listening || typeof window === 'undefined') return;
    listening = true;
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  return {
    record(remote, kind) {
      try {
        if (recorded >= maxEventsPerPage) return;
        const served = versionOf(remote);
        const name = environment();
        // Only what the server accepts: a version it cannot count is not sent at all.
        if (!served || !VERSION.test(served.version) || !name || !ENVIRONMENT.test(name)) return;
        recorded += 1;
        const event: RemoteEvent = {
          remote,
          version: served.version,
          channel: served.channel,
          route: routePattern(pathname()),
          kind,
          count: 1,
        };
        const key = JSON.stringify([name, remote, event.version, event.channel, event.route, kind]);
        const found = waiting.get(key);
        if (found) found.event.count += 1;
        else waiting.set(key, { environment: name, event });
        listen();
        timer ??= setTimeout(flush, flushDelayMs);
      } catch {
        // Reporting is best effort.
      }
    },
    flush,
  };
}

/** The page's reporter. */
export const remoteEvents = createRemoteEventReporter();

/** Load failures already reported, so the boundary that then catches the same error does not count it again. */
const loadFailures = new WeakSet<object>();

/** A module of `remote` loaded (remote-loader.tsx). */
export function reportRemoteLoad(remote: RemoteName): void {
  remoteEvents.record(remote, 'load');
}

/** A module of `remote` failed to load, after the runtime's retries (remote-loader.tsx). */
export function reportRemoteLoadFailure(remote: RemoteName, error: unknown): void {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
  remoteEvents.record(remote, 'load-failure');
}

/** The boundary around `remote` caught `error` (remote-boundary.tsx); a load failure is counted once, as such. */
export function reportRemoteRenderError(remote: RemoteName, error: unknown): void {
  if (typeof error === 'object' && error !== null && loadFailures.has(error)) return;
  remoteEvents.record(remote, 'render-error');
}
