#!/usr/bin/env node
// `pnpm build`: builds the host and every remote, then publishes them into the static root
// (STATIC_ROOT, default <repo>/.data/public). `--publish-only` skips the webpack builds.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pnpmCommand, runOrThrow, secondsSince } from './lib/proc.mjs';
import { publish } from './lib/static-root.mjs';
import { defaultStaticRoot, REPO_ROOT } from './lib/workspace.mjs';

export { publish } from './lib/static-root.mjs';

const log = (line) => console.log(`[build] ${line}`);

/**
 * Runs the five webpack builds, at most two at a time (2 cores).
 * @param {{ repoRoot?: string, pnpm?: string[] }} [options]
 */
export async function buildApps({ repoRoot = REPO_ROOT, pnpm = pnpmCommand() } = {}) {
  await runOrThrow(
    [...pnpm, '-r', '--workspace-concurrency=2', '--filter', 'host', '--filter', 'remote-*', 'build'],
    { cwd: repoRoot },
  );
}

/**
 * Builds (unless skipBuild) and publishes; returns the remotes.json written.
 * @param {{ repoRoot?: string, staticRoot?: string, pnpm?: string[], skipBuild?: boolean }} [options]
 */
export async function buildAndPublish({
  repoRoot = REPO_ROOT,
  staticRoot = defaultStaticRoot(repoRoot),
  pnpm = pnpmCommand(),
  skipBuild = false,
} = {}) {
  if (!skipBuild) {
    const started = performance.now();
    log('building host and remotes (2 at a time)');
    await buildApps({ repoRoot, pnpm });
    log(`webpack builds done in ${secondsSince(started)}`);
  }
  log(`publishing into ${staticRoot}`);
  return publish({ repoRoot, staticRoot, log });
}

async function main() {
  const staticRoot = path.resolve(process.env.STATIC_ROOT || defaultStaticRoot());
  const skipBuild = process.argv.includes('--publish-only');
  try {
    await buildAndPublish({ staticRoot, skipBuild });
    log('done');
  } catch (error) {
    console.error(`[build] FAILED: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
