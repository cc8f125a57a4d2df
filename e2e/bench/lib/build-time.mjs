// Build figures: the production build as `npm start` runs it (node .ci/build.mjs into a
// throwaway static root), and one remote rebuilt after a one-line change, with a check that
// no other app's output changed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';

function run(argv, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-6000)));
    child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-6000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${argv.join(' ')} exited ${code}:\n${log}`)),
    );
  });
}

const pnpm = () => (process.env.POD_PNPM || 'pnpm').split(' ');

/** Seconds of `node .ci/build.mjs --fresh` into `staticRoot` (every app built and published). */
export async function productionBuild(staticRoot) {
  const started = performance.now();
  await run([process.execPath, path.join('.ci', 'build.mjs'), '--fresh'], {
    ...process.env,
    STATIC_ROOT: staticRoot,
    PORTAL_ENV: 'local',
  });
  return (performance.now() - started) / 1000;
}

async function hashTree(dir) {
  const hashes = new Map();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes.set(
      path.relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return hashes;
}

const sameTree = (a, b) => a.size === b.size && [...a].every(([file, hash]) => b.get(file) === hash);

/** The apps whose dist/ a rebuild must leave alone. */
const APPS = ['host', 'remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];

/**
 * Appends one exported line to `remote`'s exposed module, rebuilds only that remote
 * (`pnpm --filter <remote> build`), and restores the source. Returns the seconds and the apps
 * whose output changed (must be exactly the remote).
 */
export async function oneRemoteRebuild(remote = 'remote-wizard', file = 'src/app.tsx') {
  const source = path.join(REPO_ROOT, remote, file);
  const original = await readFile(source, 'utf8');
  const before = new Map();
  for (const app of APPS) before.set(app, await hashTree(path.join(REPO_ROOT, app, 'dist')));
  const started = performance.now();
  try {
    // An export of the exposed module survives minification, so the output must change.
    await writeFile(source, `${original}export const benchRebuildMark = '${Date.now()}';\n`);
    await run([...pnpm(), '--filter', remote, 'build']);
  } finally {
    await writeFile(source, original);
  }
  const seconds = (performance.now() - started) / 1000;
  const changed = [];
  for (const app of APPS)
    if (!sameTree(before.get(app), await hashTree(path.join(REPO_ROOT, app, 'dist')))) changed.push(app);
  return { remote, seconds, changed };
}
