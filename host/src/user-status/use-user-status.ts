import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  getAccessToken,
  prefetchSharedData,
  useBooksRenewalQuery,
  useCurrentUser,
  useUserQuery,
  type User,
} from '@pod/shared-contracts';
import { userStatusRedirect } from './user-status-redirect';

/** The user's status: the profile's field, else the access token's claim. */
export function userStatusOf(user: User | null): number | undefined {
  return user?.user_status ?? user?.tokenPayload?.user_status;
}

/**
 * Runs the user_status side of the session (account-area.md section 4) and returns where
 * the current path must redirect, or null:
 * - a signed-in user is read once (GET /user/viewuserinfo): the `user` query, kept mounted
 *   here so that invalidating `user` anywhere refreshes the balance and cart of the top bar;
 * - status 0: every page but the open account pages goes to /activate-account-info;
 * - status 1: the shared data is prefetched once per signed-in user;
 * - status 2: GET /user/booksrenewal once; with books to re-sign, every page but the
 *   re-sign screens goes to /resign-contract, until the user's status changes.
 * Call it once, from the routes (it lives as long as the portal).
 */
export function useUserStatusRedirect(pathname: string): string | null {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const status = userStatusOf(user);
  const client = useQueryClient();

  // A failed read keeps the stored user as it is (spec: wrappers swallow errors).
  useUserQuery({ enabled: userId !== null && getAccessToken() !== null });

  const sharedDataFor = useRef<number | null>(null);
  useEffect(() => {
    if (userId === null) sharedDataFor.current = null;
    else if (status === 1 && sharedDataFor.current !== userId) {
      sharedDataFor.current = userId;
      void prefetchSharedData(client);
    }
  }, [client, userId, status]);

  // The re-sign screen reads the same query: when re-signing empties it, the redirect stops.
  const renewal = useBooksRenewalQuery({ enabled: status === 2 && userId !== null, retry: false });
  const mustResign = status === 2 && userId !== null && (renewal.data?.length ?? 0) > 0;

  return userStatusRedirect(pathname, status, mustResign);
}
