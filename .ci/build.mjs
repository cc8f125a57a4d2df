#!/usr/bin/env node
// `pnpm build`: builds the host and every remote, then publishes them into the static root
// (STATIC_ROOT, default <repo>/.data/public) and points environment PORTAL_ENV (default `local`)
// at them: environments/<env>/remotes.json + history.json. Remote versions are immutable: a
// version folder that exists with other files fails the publish (bump the version).
//   --publish-only  skip the webpack builds
//   --host-only     build and publish only the host (remotes and environments untouched)
//   --fresh         empty the static root first (npm test's throwaway root)
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { publish } from './lib/deploy.mjs';
import { pnpmCommand, runOrThrow, secondsSince } from './lib/proc.mjs';
import { publishHost } from './lib/static-root.mjs';
import { defaultStaticRoot, hostDistDir, REPO_ROOT } from './lib/workspace.mjs';

export { publish } from './lib/deploy.mjs';

const log = (line) => console.log(`[build] ${line}`);

/**
 * Runs the builds, at most two at a time (2 cores): the host, every remote and the compiled API server, or only the host.
 * @param {{ repoRoot?: string, pnpm?: string[], hostOnly?: boolean }} [options]
 */
export async function buildApps({ repoRoot = REPO_ROOT, pnpm = pnpmCommand(), hostOnly = false } = {}) {
  const filters = hostOnly
    ? ['--filter', 'host']
    : ['--filter', 'host', '--filter', 'remote-*', '--filter', 'api-server'];
  await runOrThrow([...pnpm, '-r', '--workspace-concurrency=2', ...filters, 'build'], { cwd: repoRoot });
}

/**
 * Builds (unless skipBuild) and publishes; returns the environment's remotes.json (null with hostOnly).
 * @param {{ repoRoot?: string, staticRoot?: string, environment?: string, pnpm?: string[],
 *   skipBuild?: boolean, hostOnly?: boolean, fresh?: boolean }} [options]
 */
export async function buildAndPublish({
  repoRoot = REPO_ROOT,
  staticRoot = defaultStaticRoot(repoRoot),
  environment = 'local',
  pnpm = pnpmCommand(),
  skipBuild = false,
  hostOnly = false,
  fresh = false,
} = {}) {
  if (!skipBuild) {
    const started = performance.now();
    log(hostOnly ? 'building the host' : 'building host and remotes (2 at a time)');
    await buildApps({ repoRoot, pnpm, hostOnly });
    log(`webpack builds done in ${secondsSince(started)}`);
  }
  if (fresh) {
    log(`emptying ${staticRoot} (--fresh)`);
    await rm(staticRoot, { recursive: true, force: true });
  }
  log(`publishing into ${staticRoot}${hostOnly ? ' (host only)' : `, environment ${environment}`}`);
  if (hostOnly) {
    await publishHost({ staticRoot, hostDist: hostDistDir(repoRoot) });
    return null;
  }
  return publish({ repoRoot, staticRoot, environment, log });
}

async function main() {
  const staticRoot = path.resolve(process.env.STATIC_ROOT || defaultStaticRoot());
  const flag = (name) => process.argv.includes(name);
  try {
    await buildAndPublish({
      staticRoot,
      environment: process.env.PORTAL_ENV || 'local',
      skipBuild: flag('--publish-only'),
      hostOnly: flag('--host-only'),
      fresh: flag('--fresh'),
    });
    log('done');
  } catch (error) {
    console.error(`[build] FAILED: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
