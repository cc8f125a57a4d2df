import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, loadCurrentUser, queryKeys, useCurrentUser } from '@pod/shared-contracts';

/** One re-read of the user; a failed read counts as an attempt (the next one may succeed). */
async function reread(): Promise<boolean> {
  return loadCurrentUser().then(
    () => true,
    () => false,
  );
}

/**
 * Whether the stored user's `initial_login` is known yet, re-reading the user while it is
 * not (account-area.md section 4: checked up to 5 times at 5 s intervals). The first re-read
 * is immediate, the next ones LIMITS.welcomeCheckIntervalMs apart (a query polling under the
 * `user` key); after LIMITS.welcomeCheckAttempts reads it gives up and reports `settled` so
 * the other notices may show. Without a signed-in user nothing is read.
 */
export function useWelcomeCheck(): { settled: boolean } {
  const user = useCurrentUser();
  const signedIn = user !== null;
  const known = user?.initial_login !== undefined && user?.initial_login !== null;
  const enabled = signedIn && !known;
  const client = useQueryClient();
  const key = queryKeys.welcomeCheck(user?.id ?? null);
  const query = useQuery({
    queryKey: key,
    queryFn: reread,
    enabled,
    retry: false,
    staleTime: Infinity,
    refetchInterval: ({ state }) =>
      enabled && state.dataUpdateCount < LIMITS.welcomeCheckAttempts ? LIMITS.welcomeCheckIntervalMs : false,
  });
  // Reading dataUpdatedAt re-renders on every answer, even one equal to the last.
  const attempts = query.dataUpdatedAt > 0 ? (client.getQueryState(key)?.dataUpdateCount ?? 0) : 0;
  return { settled: known || attempts >= LIMITS.welcomeCheckAttempts };
}
