import { matchPath } from 'react-router-dom';
import type { RemoteName } from '../contracts';

/** Who renders a route: the host itself or one federated remote. */
export type RouteOwner = 'host' | RemoteName;

/** One row of the specification's route table. */
export interface RouteDef {
  /** react-router pattern, absolute (`/dashboard`, `/register/*`). */
  pattern: string;
  /** The app that renders it. */
  owner: RouteOwner;
  /** Guarded routes need a stored current user, else they redirect to /login. */
  access: 'open' | 'guarded';
}

const r = (pattern: string, owner: RouteOwner, access: RouteDef['access']): RouteDef => ({
  pattern,
  owner,
  access,
});

/**
 * The route table of account-area.md section 2, with the remote that owns each route.
 * The host uses it to pick the remote to load before it has loaded anything.
 */
export const ROUTES: readonly RouteDef[] = [
  r('/', 'host', 'open'),
  r('/tab-error', 'host', 'open'),
  r('/login', 'remote_account', 'open'),
  r('/register', 'remote_account', 'open'),
  r('/register/*', 'remote_account', 'open'),
  r('/verify', 'remote_account', 'open'),
  r('/forgot-password', 'remote_account', 'open'),
  r('/reset-password', 'remote_account', 'open'),
  r('/activate-account-info', 'remote_account', 'open'),
  r('/support', 'remote_account', 'guarded'),
  r('/profile', 'remote_account', 'guarded'),
  r('/profile/*', 'remote_account', 'guarded'),
  r('/profile-confirmation', 'remote_account', 'guarded'),
  r('/renewal', 'remote_account', 'guarded'),
  r('/resign-contract', 'remote_account', 'guarded'),
  r('/dashboard', 'remote_library', 'guarded'),
  r('/books', 'remote_library', 'guarded'),
  r('/bulk-upload', 'remote_library', 'guarded'),
  r('/orders', 'remote_library', 'guarded'),
  r('/sales', 'remote_library', 'guarded'),
  r('/transactions', 'remote_library', 'guarded'),
  r('/documents', 'remote_library', 'guarded'),
  r('/checkout', 'remote_checkout', 'open'),
  r('/checkout/*', 'remote_checkout', 'open'),
  r('/new-book', 'remote_wizard', 'open'),
  r('/new-book/*', 'remote_wizard', 'open'),
  r('/my-first-book', 'remote_wizard', 'open'),
  r('/my-first-book/*', 'remote_wizard', 'open'),
];

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
  return SHELL_HIDDEN_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
