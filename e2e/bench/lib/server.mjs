// The portal as `npm start` runs it: the compiled API server (openapi/server/dist) serving the
// published static root, on PGlite in DATA_DIR or on PostgreSQL when DATABASE_URL is given.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';

const SERVER_DIR = path.join(REPO_ROOT, 'openapi', 'server');

/**
 * Runs a command to completion; resolves with its stdout, rejects with the end of its output.
 * `env` adds to this process's environment, unless `exactEnv` says it is the whole of it (a
 * server environment: a key it deleted, DATABASE_URL above all, must stay deleted).
 */
export function runCommand(argv, { env = {}, cwd = REPO_ROOT, exactEnv = false } = {}) {
  return new Promise((resolve, reject) => {
    const childEnv = exactEnv ? env : { ...process.env, ...env };
    const child = spawn(argv[0], argv.slice(1), { cwd, env: childEnv, stdio: 'pipe' });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')} exited ${code}:\n${(out + err).slice(-3000)}`)),
    );
  });
}

const runNode = (args, options) => runCommand([process.execPath, ...args], options);

/**
 * The environment of a bench server; DATABASE_URL only when `databaseUrl` is given. Uploaded
 * files go to `uploadDir` (a temp folder of the run), never to the repository's .data/uploads.
 */
export function serverEnv({ dataDir, databaseUrl, staticRoot, port, uploadDir }) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STATIC_ROOT: staticRoot,
    PORTAL_ENV: 'local',
    SEED_DEMO: '0',
    // The bench signs in and calls the API far faster than a person: the limiter would measure itself.
    RATE_LIMIT: 'off',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (uploadDir) env.UPLOAD_DIR = uploadDir;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else env.DATA_DIR = dataDir;
  return env;
}

/** Seeds the large data set (e2e/bench/seed.mjs) into the database `env` names. */
export async function seed(env, { books, orders, bulkAuthors = 1 }) {
  const out = await runNode(
    [
      path.join('e2e', 'bench', 'seed.mjs'),
      '--books',
      String(books),
      '--orders',
      String(orders),
      '--bulk-authors',
      String(bulkAuthors),
    ],
    { env, exactEnv: true },
  );
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** Removes the bench users (and by cascade their rows): PostgreSQL outlives the run. */
export async function unseed(env, emails) {
  await runNode([path.join('e2e', 'bench', 'seed.mjs'), '--delete', emails.join(',')], { env, exactEnv: true });
}

/** Starts the server; resolves once /remotes.json answers (the static root is served). */
export async function startServer(env) {
  const origin = env.PUBLIC_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${origin}/remotes.json`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not answer ${origin}/remotes.json within 120 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
