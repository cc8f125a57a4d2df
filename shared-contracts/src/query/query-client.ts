import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import { currentUserAtom, sessionStore } from '../session/store';
import { queryKeys } from './query-keys';

/** How long an answer counts as fresh: a remote mounted right after another reuses it. */
export const QUERY_STALE_MS = 30_000;

/** One retry for a network blip or a 5xx; a 4xx (and 501, not implemented) will answer the same. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || (error.status >= 500 && error.status !== 501);
}

/**
 * A QueryClient with the portal's defaults. The app uses the one {@link queryClient}; tests
 * and a remote's standalone bootstrap may pass `{ retry: false }` for a client of their own.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: retry ? shouldRetry : false,
        // Lists refresh through invalidation, not on every return to the tab.
        refetchOnWindowFocus: false,
      },
      // Offline, queries pause (networkMode 'online'): cached data stays on screen, no error.
      // Mutations always run: the shared client queues or refuses them itself when offline,
      // where TanStack would hold them paused in memory and lose them on a reload.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * THE QueryClient of the page. shared-contracts is a federation singleton, so the host and
 * every remote read and invalidate this one cache.
 */
export const queryClient: QueryClient = createQueryClient();

// A diagnostic the e2e journey reads, like __POD_SHARED_CONTRACTS__: one client on the page.
const registry = globalThis as { __POD_QUERY_CLIENT__?: { instances: number; client: QueryClient } };
registry.__POD_QUERY_CLIENT__ = { instances: (registry.__POD_QUERY_CLIENT__?.instances ?? 0) + 1, client: queryClient };

/**
 * Keeps `client` to one user's data: when the session's user changes (logout, or a sign-in as
 * someone else) the cache is emptied, so nothing of one user is shown to the next; the new
 * user, already read by the sign-in, seeds the `user` query. Returns the unsubscribe.
 */
export function clearQueriesOnUserChange(client: QueryClient): () => void {
  let userId = sessionStore.get(currentUserAtom)?.id ?? null;
  return sessionStore.sub(currentUserAtom, () => {
    const user = sessionStore.get(currentUserAtom);
    const next = user?.id ?? null;
    if (next !== userId) {
      client.clear();
      if (user) client.setQueryData(queryKeys.user(), user);
    }
    userId = next;
  });
}

clearQueriesOnUserChange(queryClient);
