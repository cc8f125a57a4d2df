import { useEffect, useRef, useState } from 'react';
import { getAccessToken, getCurrentUser, loadCurrentUser, loadSharedData, useCurrentUser, type User } from '@pod/shared-contracts';
import { getBooksRenewal } from './get-books-renewal';
import { userStatusRedirect } from './user-status-redirect';

/** The user's status: the profile's field, else the access token's claim. */
export function userStatusOf(user: User | null): number | undefined {
  return user?.user_status ?? user?.tokenPayload?.user_status;
}

/**
 * Runs the user_status side of the session (account-area.md section 4) and returns where
 * the current path must redirect, or null:
 * - at start, a signed-in user is refreshed once (GET /user/viewuserinfo, `loadCurrentUser`);
 * - status 0: every page but the open account pages goes to /activate-account-info;
 * - status 1: the shared data is loaded once per signed-in user;
 * - status 2: GET /user/booksrenewal once; with books to re-sign, every page but the
 *   re-sign screens goes to /resign-contract, until the user's status changes.
 * Call it once, from the routes (it lives as long as the portal).
 */
export function useUserStatusRedirect(pathname: string): string | null {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const status = userStatusOf(user);

  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    if (getCurrentUser() && getAccessToken()) {
      // Keeps the stored user as it is when the profile cannot be read (spec: wrappers swallow errors).
      loadCurrentUser().catch(() => undefined);
    }
  }, []);

  const sharedDataFor = useRef<number | null>(null);
  useEffect(() => {
    if (userId === null) sharedDataFor.current = null;
    else if (status === 1 && sharedDataFor.current !== userId) {
      sharedDataFor.current = userId;
      void loadSharedData();
    }
  }, [userId, status]);

  // The user id whose renewal list was found non-empty (null: none, or not asked).
  const [renewalFor, setRenewalFor] = useState<number | null>(null);
  useEffect(() => {
    if (status !== 2 || userId === null) return undefined;
    let current = true;
    getBooksRenewal()
      .then((books) => {
        if (current) setRenewalFor(books.length > 0 ? userId : null);
      })
      .catch(() => {
        if (current) setRenewalFor(null);
      });
    return () => {
      current = false;
    };
  }, [userId, status]);

  return userStatusRedirect(pathname, status, status === 2 && renewalFor !== null && renewalFor === userId);
}
