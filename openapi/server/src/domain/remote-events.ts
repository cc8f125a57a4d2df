/**
 * Rules of the front-end event counts (POST /monitoring/remote-events): what a route pattern
 * may look like, the hour an event is counted in, and a batch folded into one count per counter.
 */

/** The kinds the host reports: a module loaded, failed to load for good, or its boundary caught a crash. */
export type RemoteEventKind = 'load' | 'load-failure' | 'render-error';

/** One reported event: which counter it adds to, and by how much. */
export interface RemoteEventCount {
  remote: string;
  version: string;
  channel: string;
  route: string;
  kind: RemoteEventKind;
  count: number;
}

/**
 * A route pattern's segment: a short lowercase word (`books`, `new-book`) or a parameter
 * (`:id`, `:region`). Anything longer, with digits, dots, `@` or capitals could be an id, a token
 * or an e-mail address, which the host replaces by `:id` before sending (remote-events.ts there).
 */
const SEGMENT = /^(?:[a-z][a-z-]{0,23}|:[a-z]{1,16})$/;
const MAX_SEGMENTS = 8;

/** Whether `route` is a route pattern the server may store: `/`, or 1 to 8 segments of SEGMENT. */
export function isRoutePattern(route: string): boolean {
  if (route === '/') return true;
  if (!route.startsWith('/')) return false;
  const segments = route.slice(1).split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((segment) => SEGMENT.test(segment));
}

/** The message of a batch whose event number `index` (from 0) has no route pattern. */
export function routePatternMessage(index: number): string {
  return (
    `Event ${index + 1} has a route that is not a route pattern: use "/" or up to ${MAX_SEGMENTS} segments, ` +
    'each a lowercase word of up to 24 letters and hyphens or a parameter such as ":id" (no ids, tokens or query strings).'
  );
}

/** The start of the UTC hour of `at`: events are counted per hour. */
export function hourOf(at: Date): Date {
  const hour = new Date(at.getTime());
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

/** Counters are kept this long, then purged. */
export const REMOTE_EVENT_RETENTION_DAYS = 30;

/**
 * Equal events of a batch added up into one (one upsert may not touch a row twice), in the order
 * each counter first appears.
 */
export function foldEvents<E extends RemoteEventCount>(events: readonly E[]): RemoteEventCount[] {
  const folded = new Map<string, RemoteEventCount>();
  for (const { remote, version, channel, route, kind, count } of events) {
    const key = JSON.stringify([remote, version, channel, route, kind]);
    const found = folded.get(key);
    if (found) found.count += count;
    else folded.set(key, { remote, version, channel, route, kind, count });
  }
  return [...folded.values()];
}
