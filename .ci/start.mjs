#!/usr/bin/env node
// `npm start`: from a fresh clone with only Node and npm to the running portal.
//   1. make sure pnpm 10 is available (pnpm on PATH, else `npm i -g pnpm@10`, else `npx -y pnpm@10`)
//   2. pnpm install --frozen-lockfile (skip with SKIP_INSTALL=1)
//   3. build and publish the apps into the static root (skip with SKIP_BUILD=1)
//   4. run the API server, which also serves the static root, on PORT (default 8080)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { buildAndPublish } from './build.mjs';
import { exitCodeOf, runOrThrow, secondsSince } from './lib/proc.mjs';
import { ensurePnpm } from './lib/provision.mjs';
import { defaultStaticRoot, REPO_ROOT } from './lib/workspace.mjs';

const log = (line) => console.log(`[start] ${line}`);

/**
 * Runs the API server in the foreground, forwarding SIGINT/SIGTERM, and resolves with its exit code.
 * @param {{ pnpm: string[], env: NodeJS.ProcessEnv }} options
 */
function runServer({ pnpm, env }) {
  const [command, ...args] = [...pnpm, '--filter', 'api-server', 'start'];
  // Its own process group: pnpm does not pass a signal on to the server it runs, so we signal
  // the whole group (pnpm, tsx and the server) rather than leave an orphan holding the port.
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit', detached: true });
  const forward = (signal) => {
    log(`received ${signal}: stopping the server`);
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[start] could not start the server: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

async function main() {
  const started = performance.now();
  const staticRoot = path.resolve(process.env.STATIC_ROOT || defaultStaticRoot());
  const port = process.env.PORT || '8080';

  log('step 1/4: checking pnpm');
  const pnpm = await ensurePnpm({ log });
  // Child scripts (and pnpm's own) use the same pnpm as we do.
  const env = { ...process.env, POD_PNPM: pnpm.join(' ') };

  if (process.env.SKIP_INSTALL === '1') {
    log('step 2/4: install skipped (SKIP_INSTALL=1)');
  } else {
    log('step 2/4: pnpm install --frozen-lockfile');
    await runOrThrow([...pnpm, 'install', '--frozen-lockfile'], { cwd: REPO_ROOT, env });
  }

  if (process.env.SKIP_BUILD === '1') {
    log('step 3/4: build skipped (SKIP_BUILD=1)');
  } else {
    log(`step 3/4: building the apps into ${staticRoot}`);
    // fresh: this root is only this checkout's own build. Version immutability protects shared
    // environments (per-remote deploy); here a rebuild of unchanged versions must simply replace.
    await buildAndPublish({ staticRoot, pnpm, fresh: true });
  }

  log(
    `step 4/4: starting the API server on http://localhost:${port}/ (setup took ${secondsSince(started)}; Ctrl-C stops it)`,
  );
  return runServer({ pnpm, env: { ...env, PORT: port, STATIC_ROOT: staticRoot } });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`[start] FAILED: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
