import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { runInStore } from './idb';

/** The IndexedDB database of the last data seen (separate from the queue's, which has one store). */
export const QUERY_CACHE_DB_NAME = 'pod-query-cache';
const STORE = 'snapshots';

/**
 * The collections kept for reading offline. The user is not: the session keeps it (localStorage
 * `currentUser`) and it is read afresh once per page load. One-shot confirmations (checkout,
 * verification) and chat images are not either.
 */
export const PERSISTED_QUERIES: ReadonlySet<string> = new Set([
  'books',
  'cart',
  'orders',
  'sales',
  'transactions',
  'resources',
  'voiceArtists',
  'prices',
  'booksRenewal',
  'chat',
]);

/** Saved caches older than this are not restored. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Snapshot {
  userId: number;
  savedAt: number;
  /** The build that saved it: another build's shapes are not trusted. */
  buster: string;
  state: DehydratedState;
}

/** Options of {@link createQueryPersistence}. */
export interface QueryPersistenceOptions {
  factory?: IDBFactory;
  /** At most one save per this many ms while the cache changes. */
  throttleMs?: number;
  buster?: string;
  now?: () => number;
}

/** The last data seen, per user, in IndexedDB. */
export interface QueryPersistence {
  /** Puts the user's saved cache into `client`; resolves whether anything was restored. */
  restore(client: QueryClient, userId: number): Promise<boolean>;
  /** Saves the cache of the current user whenever it changes (throttled); returns the stop. */
  follow(client: QueryClient, currentUserId: () => number | null): () => void;
  /** Saves now. */
  save(client: QueryClient, userId: number): Promise<void>;
  /** Forgets every saved cache but `userId`'s (all of them for null: logout). */
  keepOnly(userId: number | null): Promise<void>;
}

function persisted(query: Query): boolean {
  const [resource] = query.queryKey;
  return query.state.status === 'success' && typeof resource === 'string' && PERSISTED_QUERIES.has(resource);
}

/**
 * The TanStack Query cache dehydrated to IndexedDB `pod-query-cache` per user id, throttled,
 * restored at start-up for the same user and forgotten on logout or a change of user, so the
 * installed portal opened offline shows the last data seen (account-area.md section 4).
 */
export function createQueryPersistence({
  factory,
  throttleMs = 1_000,
  buster = __POD_APP_VERSION__,
  now = Date.now,
}: QueryPersistenceOptions = {}): QueryPersistence {
  const database = { name: QUERY_CACHE_DB_NAME, store: STORE, options: { keyPath: 'userId' }, factory };
  const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    runInStore(database, mode, work);

  async function save(client: QueryClient, userId: number): Promise<void> {
    const state = dehydrate(client, { shouldDehydrateQuery: persisted, shouldDehydrateMutation: () => false });
    const snapshot: Snapshot = { userId, savedAt: now(), buster, state };
    await run('readwrite', (store) => store.put(snapshot));
  }

  return {
    save,
    restore: async (client, userId) => {
      const snapshot = (await run('readonly', (store) => store.get(userId))) as Snapshot | undefined;
      if (!snapshot || snapshot.buster !== buster || now() - snapshot.savedAt > QUERY_CACHE_MAX_AGE_MS) return false;
      hydrate(client, snapshot.state);
      // Last data seen, not fresh data: refetched as soon as the connection is back.
      await client.invalidateQueries({ refetchType: 'none' });
      return true;
    },
    follow: (client, currentUserId) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unsubscribe = client.getQueryCache().subscribe((event) => {
        if (timer !== undefined || event.type !== 'updated' || !persisted(event.query)) return;
        timer = setTimeout(() => {
          timer = undefined;
          const userId = currentUserId();
          if (userId !== null) save(client, userId).catch((error: unknown) => console.warn('Cache not saved', error));
        }, throttleMs);
      });
      return () => {
        unsubscribe();
        if (timer !== undefined) clearTimeout(timer);
      };
    },
    keepOnly: async (userId) => {
      const keys = await run('readonly', (store) => store.getAllKeys());
      for (const key of keys) if (key !== userId) await run('readwrite', (store) => store.delete(key));
    },
  };
}
