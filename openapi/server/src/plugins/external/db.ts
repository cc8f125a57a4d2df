import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { defaultDataDir, migrationsDir } from '../../paths.js';
import { DEFAULT_TIMEOUTS, type TimeoutSettings } from '../../timeouts.js';
import { lockDataDir } from './data-dir-lock.js';
import { isConnectionFailure, withAvailabilityErrors } from './db-availability.js';
import type { Database } from './db-schema.js';
import { migrate } from './migrate.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/**
 * Where the data lives. `url` (or env DATABASE_URL) selects PostgreSQL; otherwise PGlite runs
 * in-process on `dataDir` (env DATA_DIR, default <repo>/.data/db; `memory://` for throw-away).
 */
export interface DatabaseOptions {
  url?: string;
  dataDir?: string;
  /**
   * An in-memory PGlite (`memory://`) only: the dump (PGlite.dumpDataDir) it starts from instead
   * of an empty cluster. Tests start each app from one migrated dump: initdb in WASM costs seconds.
   */
  snapshot?: Blob;
}

/** The database timeouts of TimeoutSettings (PostgreSQL only: PGlite runs in-process). */
export type DatabaseTimeouts = Pick<
  TimeoutSettings,
  'dbConnectTimeoutMs' | 'dbIdleTimeoutMs' | 'dbStatementTimeoutMs' | 'dbQueryTimeoutMs'
>;

export interface DbPluginOptions {
  database?: DatabaseOptions;
  /** Pool and statement timeouts (default DEFAULT_TIMEOUTS). */
  timeouts?: DatabaseTimeouts;
  /** An already open database; the app then neither migrates it nor closes it. */
  db?: Kysely<Database>;
  migrate?: boolean;
}

/**
 * The folder of a PGlite database on disk, or null: PostgreSQL (a URL), `memory://` or another
 * PGlite scheme. Such a folder is locked while open (data-dir-lock.ts) and the server offers
 * the admin console its socket there (admin/channel.ts).
 */
export function pgliteDirectory(options: DatabaseOptions = {}): string | null {
  if (options.url) return null;
  const dataDir = options.dataDir ?? defaultDataDir;
  return dataDir.includes('://') ? null : dataDir;
}

/**
 * Kysely over an open PGlite. Once the instance is closed every call is "unavailable" (503),
 * like a PostgreSQL server that went away. `afterClose` runs once PGlite is closed (db.destroy()).
 */
export function pgliteDatabase(pglite: PGlite, afterClose?: () => Promise<void>): Kysely<Database> {
  const inner = new PGliteDialect(pglite);
  const closing: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver() {
      const driver = inner.createDriver();
      if (!afterClose) return driver;
      const destroy = driver.destroy.bind(driver);
      driver.destroy = async () => {
        try {
          await destroy();
        } finally {
          await afterClose();
        }
      };
      return driver;
    },
  };
  const dialect = withAvailabilityErrors(closing, (err) => pglite.closed || isConnectionFailure(err));
  return new Kysely<Database>({ dialect });
}

/**
 * The only place that knows whether the app talks to PGlite or to PostgreSQL. Either way a
 * database that cannot be reached surfaces as DatabaseUnavailableError (db-availability.ts).
 */
export async function openDatabase(
  options: DatabaseOptions = {},
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Promise<Kysely<Database>> {
  // A URL means PostgreSQL; else PGlite in dataDir. Callers pass config.ts's choice (DATABASE_URL,
  // else DATA_DIR); tests pass a dataDir alone to force PGlite.
  const url = options.url;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A database that does not accept connections fails the request instead of queueing it forever.
      connectionTimeoutMillis: timeouts.dbConnectTimeoutMs,
      idleTimeoutMillis: timeouts.dbIdleTimeoutMs,
      // Server side: a runaway statement is cancelled (57014)...
      statement_timeout: timeouts.dbStatementTimeoutMs,
      // ...client side: a server or network that stopped answering does not hold the request.
      query_timeout: timeouts.dbQueryTimeoutMs,
    });
    // Idle clients can error (server restart); without a listener that would crash the process.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    // The pool listens for errors of idle clients only. A checked-out client whose connection
    // drops (database restart, network cut) also emits 'error' on itself, and an unheard 'error'
    // event would crash the process; its query fails anyway and the request answers 503.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error('PostgreSQL connection error:', err.message));
    });
    return new Kysely<Database>({ dialect: withAvailabilityErrors(new PostgresDialect({ pool })) });
  }

  const dataDir = options.dataDir ?? defaultDataDir;
  if (options.snapshot && !dataDir.startsWith('memory://'))
    throw new Error(`a database snapshot is for an in-memory PGlite only, not ${dataDir}`);
  const directory = pgliteDirectory(options);
  if (!directory)
    return pgliteDatabase(await PGlite.create(dataDir, options.snapshot ? { loadDataDir: options.snapshot } : {}));
  // Only this user may enter a new folder: PGlite writes its files readable and writable by all.
  await mkdir(dirname(resolve(directory)), { recursive: true });
  await mkdir(directory, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  // One process per folder: PGlite itself would let a second one in (DataDirectoryInUseError).
  const release = await lockDataDir(directory);
  try {
    return pgliteDatabase(await PGlite.create(directory), release);
  } catch (err) {
    await release();
    throw err;
  }
}

export async function migrateDatabase(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, migrationsDir);
}

export default fp<DbPluginOptions>(
  async (app, options) => {
    const owned = options.db === undefined;
    const db = options.db ?? (await openDatabase(options.database, options.timeouts));
    try {
      if (owned && options.migrate !== false) {
        const applied = await migrateDatabase(db);
        if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
      }
    } catch (err) {
      await db.destroy();
      throw err;
    }
    app.decorate('db', db);
    if (owned) {
      app.addHook('onClose', async () => {
        await db.destroy();
      });
    }
  },
  { name: 'db' },
);
