import { matchPath } from '../router';

import { ROUTES, type RouteDef } from './table';

export { ROUTES, type RouteDef, type RouteOwner } from './table';

/** The address of one book's detail: `/books/local/12`, `/books/international/7`. */
export function bookDetailPath(region: 'local' | 'international', id: number): string {
  return `/books/${region}/${id}`;
}

/**
 * Where the wizard resumes an upload saved at `bookStage` (misc.bookStage), or null when the
 * wizard has nothing more for the author to do there: a saved quote resumes at the publisher
 * details, a signed contract at the upload type. `lbid` / `ibid` name the local and
 * international records of the upload, `region` which exist (`l`, `i` or `li`).
 */
export function wizardResumePath(
  bookStage: string | null | undefined,
  ids: { localId: number | null; internationalId: number | null },
): string | null {
  const stage = bookStage === 'getquote' ? 'publisher-info' : bookStage === 'signedcontract' ? 'upload-type' : null;
  if (!stage) return null;
  const query = new URLSearchParams({ continue: 'true' });
  if (ids.localId !== null) query.set('lbid', String(ids.localId));
  if (ids.internationalId !== null) query.set('ibid', String(ids.internationalId));
  query.set('region', `${ids.localId !== null ? 'l' : ''}${ids.internationalId !== null ? 'i' : ''}`);
  return `/new-book/${stage}?${query.toString()}`;
}

/** The route definition matching `pathname`, or undefined (the not-found screen). */
export function matchAppRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((route) => matchPath({ path: route.pattern, end: true }, pathname) !== null);
}

/** Path prefixes on which the sidebar and top bar are hidden (account-area.md, Shell). */
export const SHELL_HIDDEN_PREFIXES = [
  '/login',
  '/verify',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/renewal',
  '/my-first-book',
] as const;

/** True when the shell (sidebar and top bar) is hidden on `pathname`. */
export function isShellHidden(pathname: string): boolean {
  return SHELL_HIDDEN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The query parameter of /login naming where to go after signing in: `/login?next=%2Fcheckout%2Fcart`. */
export const LOGIN_RETURN_PARAM = 'next';

// Where returning would be pointless or loop: the sign-in and registration screens themselves.
const NO_RETURN = ['/', '/login', '/register', '/verify', '/forgot-password', '/reset-password'];

/**
 * The in-app path `value` names, or null when it is not a safe place to return to. Only a
 * same-origin absolute path of a route in the table passes; a full URL, a protocol-relative
 * `//host`, backslashes (browsers read `/\host` as `//host`), control characters and the
 * sign-in screens themselves are refused, so the parameter can never send a user off-site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://return.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const { pathname } = url;
  if (NO_RETURN.some((path) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)))) return null;
  if (!matchAppRoute(pathname)) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/** The sign-in address that brings the user back to `returnTo` (when safe) afterwards. */
export function signInPath(returnTo?: string): string {
  const next = safeReturnPath(returnTo);
  return next ? `/login?${LOGIN_RETURN_PARAM}=${encodeURIComponent(next)}` : '/login';
}
