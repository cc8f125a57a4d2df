import type { QueryClient } from '@tanstack/react-query';
import { loadCurrentUser } from '../session/actions';
import { queryKeys, type QueryResource } from './query-keys';

/**
 * What each change on the server makes stale. A mutation names its change, never the keys:
 * the rule lives here once, so e.g. a bulk upload in remote-library refreshes the cart count
 * in remote-checkout's dropdown without either remote knowing the other.
 */
export const INVALIDATION_RULES = {
  /** Bulk upload priced rows: each is a new book quote and a cart item. */
  booksAdded: ['books', 'cart', 'user', 'reports'],
  /** A book was deleted or archived (it may have been in the cart). */
  bookRemoved: ['books', 'cart', 'user', 'orders', 'sales', 'reports'],
  /**
   * A book's files were submitted (POST /user/uploadbook{suffix}): its stage moved on and the
   * services chosen for it joined its cart item, so the top bar's cart count changes.
   */
  filesUploaded: ['books', 'cart', 'user', 'reports'],
  /** A contract was signed: the book's stage moved on and the signature is on the user. */
  contractSigned: ['books', 'user', 'reports'],
  /**
   * A contract was re-signed (PUT /user/resign/{a}/{b}): it left the renewal list, the book's
   * contract document changed, and the last one moved user_status from 2 to 1.
   */
  contractResigned: ['booksRenewal', 'books', 'user'],
  /** An item left the cart or a coupon was applied. */
  cartChanged: ['cart', 'user'],
  /** A payment settled (balance or provider): the cart, the balance, the books' stage and the ledger moved. */
  paymentMade: ['cart', 'user', 'books', 'transactions', 'reports'],
  /** A coupon credited the balance. */
  balanceChanged: ['user', 'cart', 'transactions'],
  /** The user's profile was saved. */
  userChanged: ['user'],
  /** A chat message was sent (with the system's out-of-office reply, outside office hours). */
  chatMessageSent: ['chat'],
} as const satisfies Record<string, readonly QueryResource[]>;

/** A change named by {@link INVALIDATION_RULES}. */
export type ServerChange = keyof typeof INVALIDATION_RULES;

/**
 * Marks every query the change affects stale and refetches the ones on screen. The user is
 * read again even with no view of it mounted: it lives in the session, which the top bar
 * reads (a failed read keeps the stored user).
 */
export async function invalidateAfter(client: QueryClient, change: ServerChange): Promise<void> {
  await Promise.all(
    INVALIDATION_RULES[change].map((resource) =>
      resource === 'user'
        ? client
            .fetchQuery({ queryKey: queryKeys.user(), queryFn: loadCurrentUser, staleTime: 0 })
            .catch(() => undefined)
        : client.invalidateQueries({ queryKey: [resource] }),
    ),
  );
}
