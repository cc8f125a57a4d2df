// The route table alone, with no import at run time: the host's entry chunk reads it (through
// the `@pod/shared-contracts/route-table` export, bundled rather than shared) to start loading
// the current route's remote before the shared modules have arrived.
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
  /**
   * Open to anyone, but its screen reads the signed-in user's data: without a session the
   * host shows a sign-in prompt there instead of the screen (README, Decisions).
   */
  needsSession?: boolean;
}

const r = (pattern: string, owner: RouteOwner, access: RouteDef['access'], needsSession?: boolean): RouteDef => ({
  pattern,
  owner,
  access,
  ...(needsSession ? { needsSession } : {}),
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
  // Not in the specification's table: one book's detail, linkable (local and international
  // records are numbered apart, so the region is part of the address).
  r('/books/:region/:id', 'remote_library', 'guarded'),
  r('/bulk-upload', 'remote_library', 'guarded'),
  r('/orders', 'remote_library', 'guarded'),
  r('/sales', 'remote_library', 'guarded'),
  // Not in the specification's table (issue 17): sales, returns and royalties over time,
  // statements and exports.
  r('/reports', 'remote_library', 'guarded'),
  r('/transactions', 'remote_library', 'guarded'),
  r('/documents', 'remote_library', 'guarded'),
  r('/checkout', 'remote_checkout', 'open', true),
  r('/checkout/*', 'remote_checkout', 'open', true),
  r('/new-book', 'remote_wizard', 'open'),
  r('/new-book/*', 'remote_wizard', 'open'),
  r('/my-first-book', 'remote_wizard', 'open'),
  r('/my-first-book/*', 'remote_wizard', 'open'),
];
