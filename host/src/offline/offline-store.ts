import type { OfflineRequest } from '@pod/shared-contracts';
import { runInStore } from './idb';

/** The IndexedDB database of the offline queue; its ONE object store holds the queued changes. */
export const OFFLINE_DB_NAME = 'pod-offline';
/** The queue's object store: one record per change, in the order they were made (`seq`). */
export const OFFLINE_STORE_NAME = 'changes';

/** A queued change as stored: the client's request, whose user it is, and its place in the queue. */
export interface QueuedChange extends OfflineRequest {
  /** Assigned by IndexedDB (auto-increment): the replay order. */
  seq?: number;
  /** The signed-in user who made it; a replay never sends another user's change. */
  userId: number;
}

/** The persisted queue (account-area.md section 3: 'a persisted offline queue'). */
export interface OfflineStore {
  add(change: QueuedChange): Promise<void>;
  /** Every change, oldest first. */
  list(): Promise<QueuedChange[]>;
  remove(seq: number): Promise<void>;
  clear(): Promise<void>;
  count(): Promise<number>;
}

/**
 * The queue in IndexedDB `pod-offline` (store `changes`, auto-increment `seq`). The database is
 * opened per operation and closed after it, so a logout in another code path, a reload or a
 * deleted database never leaves a stale connection behind.
 */
export function createOfflineStore(factory?: IDBFactory): OfflineStore {
  const database = {
    name: OFFLINE_DB_NAME,
    store: OFFLINE_STORE_NAME,
    options: { keyPath: 'seq', autoIncrement: true },
    factory,
  };
  const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    runInStore(database, mode, work);
  return {
    add: async (change) => {
      const { seq: _ignored, ...record } = change;
      await run('readwrite', (store) => store.add(record));
    },
    list: async () => {
      const changes = await run('readonly', (store) => store.getAll() as IDBRequest<QueuedChange[]>);
      return changes.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    },
    remove: async (seq) => {
      await run('readwrite', (store) => store.delete(seq));
    },
    clear: async () => {
      await run('readwrite', (store) => store.clear());
    },
    count: () => run('readonly', (store) => store.count()),
  };
}
