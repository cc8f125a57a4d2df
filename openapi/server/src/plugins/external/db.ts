import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { defaultDataDir, migrationsDir } from '../../paths.js';
import type { Database } from './db-schema.js';
import { migrate } from './migrate.js';
import { definePlugin } from '../define-plugin.js';

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
}

export interface DbPluginOptions {
  database?: DatabaseOptions;
  /** An already open database; the app then neither migrates it nor closes it. */
  db?: Kysely<Database>;
  migrate?: boolean;
}

/** The only place that knows whether the app talks to PGlite or to PostgreSQL. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Kysely<Database>> {
  // An explicit dataDir wins over the environment so tests can force PGlite.
  const url = options.url ?? (options.dataDir ? undefined : process.env.DATABASE_URL);
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // Idle clients can error (server restart); without a listener that would crash the process.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }

  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? defaultDataDir;
  if (!dataDir.startsWith('memory://') && !dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir);
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

export async function migrateDatabase(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, migrationsDir);
}

export default definePlugin<DbPluginOptions>(
  async (app, options) => {
    const owned = options.db === undefined;
    const db = options.db ?? (await openDatabase(options.database));
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
