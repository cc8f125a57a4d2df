import type { RemoteName } from '@pod/shared-contracts';
// The one subpath on purpose: the entry chunk runs before the shared singleton can load, and the
// table is plain data (a copy of it in the entry costs nothing and cannot diverge in behaviour).
// eslint-disable-next-line no-restricted-imports
import { ROUTES, type RouteDef } from '@pod/shared-contracts/route-table';

/**
 * Whether `pattern` (the table's subset of react-router patterns: static segments, `:param`
 * segments, a trailing `/*`) matches the whole of `pathname`. The host's entry chunk runs this
 * before react-router (a shared module) has loaded; a test holds it to `matchAppRoute`.
 */
export function patternMatches(pattern: string, pathname: string): boolean {
  const split = (path: string) => path.split('/').filter((segment) => segment !== '');
  const wanted = split(pattern);
  const actual = split(pathname);
  const splat = wanted.at(-1) === '*';
  if (splat) wanted.pop();
  if (splat ? actual.length < wanted.length : actual.length !== wanted.length) return false;
  return wanted.every((segment, index) => {
    const part = actual[index] ?? '';
    return segment.startsWith(':') ? part !== '' : segment.toLowerCase() === part.toLowerCase();
  });
}

/** The remote that renders `pathname`, or null for the host's own screens and unknown paths. */
export function remoteForPath(pathname: string, routes: readonly RouteDef[] = ROUTES): RemoteName | null {
  const route = routes.find((candidate) => patternMatches(candidate.pattern, pathname));
  return route && route.owner !== 'host' ? route.owner : null;
}
