/** The few IndexedDB operations the offline code needs, as promises. */

/** Resolves an IDBRequest. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when a transaction has committed. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openAt(
  factory: IDBFactory,
  name: string,
  version: number | undefined,
  store: string,
  options: IDBObjectStoreParameters,
): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const open = version === undefined ? factory.open(name) : factory.open(name, version);
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

/**
 * Opens database `name` at its current version, creating its one object store `store` on
 * first use, or in a new version when the database exists without it (opened bare by someone
 * else first). Rejects when IndexedDB is missing (old private windows) or blocked.
 */
async function openDatabase(
  name: string,
  store: string,
  options: IDBObjectStoreParameters,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<IDBDatabase> {
  if (!factory) throw new Error('IndexedDB is not available');
  const db = await openAt(factory, name, undefined, store, options);
  if (db.objectStoreNames.contains(store)) return db;
  const next = db.version + 1;
  db.close();
  return openAt(factory, name, next, store, options);
}

/** A database with one object store, as {@link runInStore} opens it. */
export interface OneStoreDatabase {
  name: string;
  store: string;
  options: IDBObjectStoreParameters;
  factory?: IDBFactory | undefined;
}

/**
 * Opens the database, runs one request on its store in a transaction of `mode`, waits until
 * the transaction has committed and closes the database again: a connection is never kept, so
 * a reload, a logout elsewhere or a deleted database never meets a stale one.
 */
export async function runInStore<T>(
  database: OneStoreDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase(database.name, database.store, database.options, database.factory);
  try {
    const transaction = db.transaction(database.store, mode);
    const result = settled(work(transaction.objectStore(database.store)));
    await committed(transaction);
    return await result;
  } finally {
    db.close();
  }
}
