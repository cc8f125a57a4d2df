import { onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  currentUserAtom,
  getCurrentUser,
  reportApiReachable,
  sessionStore,
  setOfflineQueue,
  subscribeApiReachability,
} from '@pod/shared-contracts';
import { createOfflineQueue, type OfflineQueue } from './offline-queue';
import { createOfflineStore, type OfflineStore } from './offline-store';
import { createQueryPersistence, type QueryPersistence } from './query-persistence';

/** How long start-up waits for the saved cache before rendering without it. */
export const RESTORE_TIMEOUT_MS = 1_500;

/** Options of {@link startOffline}; tests inject their own store, persistence and sender. */
export interface StartOfflineOptions {
  queryClient: QueryClient;
  store?: OfflineStore;
  persistence?: QueryPersistence;
  /** Whether this tab may replay (the tab guard's active tab). */
  mayReplay?: () => boolean;
  send?: Parameters<typeof createOfflineQueue>[0]['send'];
  withLock?: Parameters<typeof createOfflineQueue>[0]['withLock'];
}

/** The running offline support. */
export interface OfflineSupport {
  queue: OfflineQueue;
  /** Undoes every listener and registration (tests). */
  stop(): void;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([work, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

const userId = (): number | null => getCurrentUser()?.id ?? null;

/**
 * Starts the host's offline support before the first render (bootstrap):
 * - TanStack Query's online state starts from `navigator.onLine` (a page opened offline pauses
 *   its queries instead of failing them);
 * - the last data seen of the stored user is saved as it changes and, when the page opens
 *   offline, restored (waiting at most 1.5 s) and marked stale, so the first answer of the
 *   server replaces it once the connection is back;
 * - the offline queue is registered with the shared client and replayed on the 'online' event,
 *   when the API answers again after a network failure, and now when the browser is online;
 * - the queue and the saved data belong to one user: a logout forgets them, another user's
 *   are dropped.
 */
export async function startOffline({
  queryClient,
  store = createOfflineStore(),
  persistence = createQueryPersistence(),
  mayReplay,
  send,
  withLock,
}: StartOfflineOptions): Promise<OfflineSupport> {
  onlineManager.setOnline(globalThis.navigator?.onLine !== false);
  const queue = createOfflineQueue({
    store,
    currentUserId: userId,
    afterReplay: () => queryClient.invalidateQueries(),
    ...(mayReplay && { mayReplay }),
    ...(send && { send }),
    ...(withLock && { withLock }),
  });
  setOfflineQueue((request) => queue.enqueue(request));

  const signedIn = userId();
  // Only a page opened offline starts from the saved data. Online, the server's answer is
  // the truth: a cart or a balance saved before the last payment must never be shown as now.
  if (signedIn !== null && globalThis.navigator?.onLine === false) {
    await withTimeout(
      persistence.restore(queryClient, signedIn).catch((error: unknown) => console.warn('Cache not restored', error)),
      RESTORE_TIMEOUT_MS,
    );
  }
  const stopFollowing = persistence.follow(queryClient, userId);

  const forgetOthers = () => {
    const current = userId();
    void queue.keepOnly(current).catch((error: unknown) => console.warn('Offline queue not cleared', error));
    void persistence.keepOnly(current).catch((error: unknown) => console.warn('Saved cache not cleared', error));
  };
  let lastUser = signedIn;
  const stopUser = sessionStore.sub(currentUserAtom, () => {
    const current = userId();
    if (current === lastUser) return;
    lastUser = current;
    forgetOthers();
  });
  if (signedIn === null) forgetOthers();

  const onOnline = () => {
    reportApiReachable(true);
    void queue.replay();
  };
  window.addEventListener('online', onOnline);
  const stopReachability = subscribeApiReachability((reachable) => {
    if (reachable) void queue.replay();
  });
  if (globalThis.navigator?.onLine !== false) void queue.replay();

  return {
    queue,
    stop: () => {
      setOfflineQueue(null);
      stopFollowing();
      stopUser();
      stopReachability();
      window.removeEventListener('online', onOnline);
    },
  };
}
