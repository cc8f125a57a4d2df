import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { migrateDatabase, openDatabase, pgliteDatabase, type DatabaseOptions } from '../../src/plugins/external/db.js';
import { listMigrations } from '../../src/plugins/external/migrate.js';
import { migrationsDir } from '../../src/paths.js';

/** The contract the tests run against: the real one. */
export const specPath = fileURLToPath(new URL('../../../portal.yaml', import.meta.url));

export const TEST_JWT_SECRET = 'test-only-secret-0123456789abcdef';

/** Background jobs in tests: no worker; a test (or latestMail) runs due jobs with app.jobs.runDue(). */
export const TEST_JOBS = { worker: false, pollIntervalMs: 500 };

export interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

/** A key of the migrations (names and contents): a changed migration, a new snapshot or template. */
async function migrationsKey(extra: string): Promise<string> {
  const hash = createHash('sha256').update(`${extra}\n`);
  for (const file of await listMigrations(migrationsDir))
    hash.update(`${file}\n`).update(await readFile(join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The dump of an in-memory PGlite with every migration applied, made once per set of migrations
 * and PGlite version and kept in the temporary folder for every test process: a PGlite started
 * from it skips initdb (seconds in WASM) and the migrations. The app's own migrate still runs
 * on it and finds nothing to do, as on a restart.
 */
function migratedPgliteSnapshot(): Promise<Blob> {
  snapshotPromise ??= (async () => {
    // The resolved entry of PGlite names its version (pnpm's store path): a new PGlite, a new dump.
    const key = await migrationsKey(import.meta.resolve('@electric-sql/pglite'));
    const file = join(tmpdir(), `pod-test-pglite-${key}.tar`);
    const cached = await readFile(file).catch(() => null);
    if (cached) return new Blob([cached]);
    const pglite = await PGlite.create('memory://');
    const db = pgliteDatabase(pglite);
    try {
      await migrateDatabase(db);
      const dump = await pglite.dumpDataDir('none');
      // Written aside and renamed: a process starting alongside reads the whole file or none.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await db.destroy();
    }
  })();
  return snapshotPromise;
}
let snapshotPromise: Promise<Blob> | undefined;

/** Runs one statement on a connection of its own to the admin URL. */
async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Serialises the making of templates across test processes (pg_advisory_lock). */
const TEMPLATE_LOCK_ID = 4_715_2027;

/**
 * The name of a PostgreSQL template database with every migration applied, made once per set of
 * migrations (under an advisory lock: test files run side by side) and cloned by CREATE DATABASE
 * ... TEMPLATE, a file copy instead of running every migration again. Nobody may connect to it:
 * a connection would make cloning fail. Templates of earlier migrations stay (another checkout
 * may be cloning them); `DROP DATABASE` after `ALTER DATABASE ... IS_TEMPLATE false` clears one.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  templatePromise ??= (async () => {
    const name = `pod_test_tpl_${await migrationsKey('postgresql')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        // A run cut short may have left one half made.
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${building}"`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const db = await openDatabase({ url: url.toString() });
        try {
          await migrateDatabase(db);
        } finally {
          await db.destroy();
        }
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => undefined);
      await client.end();
    }
  })();
  return templatePromise;
}
let templatePromise: Promise<string> | undefined;

/**
 * A fresh database, with every migration applied unless `empty` (a test of the migrations
 * themselves): in-memory PGlite by default (from the migrated snapshot); with DATABASE_URL a
 * uniquely named PostgreSQL database created through that (admin) connection (from the migrated
 * template) and dropped afterwards. Whoever opens it still migrates and finds nothing to do.
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const snapshot = empty ? undefined : await migratedPgliteSnapshot();
    return { options: { dataDir: 'memory://', snapshot }, drop: async () => {} };
  }

  const name = `pod_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = empty ? null : await migratedPostgresTemplate(adminUrl);
  await admin(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { url: url.toString() },
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A fresh folder for uploaded files (never the repository's .data/uploads); removed by `close`. */
export function createTestUploadDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-uploads-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * buildApp on a fresh database and a fresh upload folder, with the test spec and a fixed secret;
 * `close` also drops the database and removes the folder.
 */
export async function buildTestApp(options: BuildAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const uploads = createTestUploadDir();
  try {
    const app = await buildApp({
      specPath,
      database: database.options,
      ...options,
      // No worker: tests run due jobs themselves (app.jobs.runDue()), so outcomes are deterministic.
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        uploads: { dir: uploads.dir, abandonHours: 48, store: { kind: 'local' } },
        ...options.config,
      },
    });
    return {
      app,
      async close() {
        await app.close();
        await database.drop();
        uploads.remove();
      },
    };
  } catch (err) {
    await database.drop();
    uploads.remove();
    throw err;
  }
}

/** A clock the tests move by hand (config.now). */
export function createClock(start = new Date('2026-03-02T08:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'author'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

export const STRONG_PASSWORD = 'Str0ng#Pass';

export function registrationBody(overrides: Record<string, unknown> = {}) {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  return {
    username: email,
    name_first: 'Lerato',
    name_last: 'Mokoena',
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
    ...overrides,
  };
}

export interface RegisteredUser {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

let addressCounter = 0;
/**
 * A distinct client address per call: registrations are rate limited per address, and the tests
 * run with the production limits, so helpers must not all look like one client.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredUser> {
  const body = registrationBody(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/adduser',
    payload: body,
    remoteAddress: uniqueAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const { accessToken, refreshToken } = response.json<{ accessToken: string; refreshToken: string }>();
  return { email: body.email, password: body.password as string, accessToken, refreshToken };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The newest outbox message to `to` (after due jobs ran and dispatched mail was handed over). */
export async function latestMail(app: FastifyInstance, to: string) {
  await app.jobs.runDue();
  await app.mailDispatcher.idle();
  const [mail] = await app.emailOutboxRepository.list({ to, limit: 1 });
  return mail;
}

/** The id and token of the `<origin><page>?id=..&token=..` link in a mail's text. */
export function linkIn(text: string, page: '/verify' | '/reset-password'): { id: number; token: string } {
  const match = new RegExp(`https?://[^\\s/]+${page}\\?id=(\\d+)&token=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return { id: Number(match[1]), token: match[2]! };
}

/** user_status 1 for a registered user (as the e-mailed link would); returns the user's id. */
export async function activateUser(app: FastifyInstance, email: string): Promise<number> {
  const user = await app.userRepository.findByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  await app.userRepository.activate(user.id);
  return user.id;
}

/** A registered and activated user with its id. */
export async function registerActiveUser(app: FastifyInstance): Promise<RegisteredUser & { id: number }> {
  const user = await registerUser(app);
  return { ...user, id: await activateUser(app, user.email) };
}

/** Logs in through the API; answers the access token. */
export async function loginToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authO/login',
    payload: { email, password },
    remoteAddress: uniqueAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ accessToken: string }>().accessToken;
}
