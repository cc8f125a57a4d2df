/** The few IndexedDB operations the offline code needs, as promises. */

/** Resolves an IDBRequest. */
export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when a transaction has committed. */
export function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Opens database `name` at version 1, creating its one object store `store` on first use.
 * Rejects when IndexedDB is missing (private windows of old browsers) or blocked.
 */
export function openDatabase(
  name: string,
  store: string,
  options: IDBObjectStoreParameters,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new Error('IndexedDB is not available'));
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = factory.open(name, 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(store)) open.result.createObjectStore(store, options);
    };
    open.onsuccess = () => {
      const db = open.result;
      // Another page deleting or upgrading the database must not wait for this connection.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    open.onerror = () => reject(open.error ?? new Error(`IndexedDB ${name} could not be opened`));
    open.onblocked = () => reject(new Error(`IndexedDB ${name} is blocked`));
  });
}
