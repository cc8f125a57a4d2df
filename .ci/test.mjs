#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure.
// `node .ci/test.mjs lint jest` runs only the named steps (see STEP keys below).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { capture, envWithout, pnpmCommand, run, runOrThrow, secondsSince } from './lib/proc.mjs';
import { ensureChromium, ensurePnpm } from './lib/provision.mjs';
import { REPO_ROOT, testStaticRoot } from './lib/workspace.mjs';

/**
 * @typedef {{ key: string, name: string, argv: string[], env?: NodeJS.ProcessEnv, skip?: string }} Step
 */

/** The .ci unit tests (node 20's --test takes no globs, so they are listed here). */
const ciTestFiles = (repoRoot) =>
  readdirSync(path.join(repoRoot, '.ci'))
    .filter((file) => file.endsWith('.test.mjs'))
    .sort()
    .map((file) => path.join('.ci', file));

/** Whether `docker compose` answers on this machine (the compose step runs only then). */
const dockerComposeAvailable = (env) => capture(['docker', 'compose', 'version'], { env }) !== null;

/**
 * The pipeline. Pure: takes the environment (and whether Docker is there), returns what to run.
 * @param {{ env?: NodeJS.ProcessEnv, pnpm?: string[], repoRoot?: string, docker?: boolean }} [options]
 * @returns {Step[]}
 */
export function testSteps({
  env = process.env,
  pnpm = pnpmCommand(env),
  repoRoot = REPO_ROOT,
  docker = dockerComposeAvailable(env),
} = {}) {
  const staticRoot = testStaticRoot(repoRoot);
  const withoutDb = envWithout(env, 'DATABASE_URL');
  return [
    {
      key: 'generated',
      name: 'generated API types are up to date',
      argv: [...pnpm, '--filter', '@pod/shared-contracts', 'check-generated'],
    },
    { key: 'typecheck', name: 'typecheck', argv: [...pnpm, '-r', '--workspace-concurrency=2', 'typecheck'] },
    { key: 'format', name: 'format (Prettier check)', argv: [...pnpm, 'format:check'] },
    { key: 'lint', name: 'lint', argv: [...pnpm, 'lint'] },
    { key: 'ci', name: '.ci unit tests', argv: [process.execPath, '--test', ...ciTestFiles(repoRoot)] },
    {
      key: 'jest',
      name: 'front-end and shared-contracts unit tests (jest)',
      argv: [
        ...pnpm,
        '-r',
        '--workspace-concurrency=1',
        '--filter',
        'host',
        '--filter',
        'remote-*',
        '--filter',
        '@pod/shared-contracts',
        'test',
      ],
      env: { ...env, CI: env.CI ?? 'true' },
    },
    {
      key: 'server',
      name: 'server tests on PGlite',
      argv: [...pnpm, '--filter', 'api-server', 'test'],
      // Two test files at a time (each its own process and database: an in-memory PGlite from
      // one migrated snapshot, or a PostgreSQL database cloned from one migrated template,
      // openapi/server/test/helpers/test-app.ts): 2 cores run both.
      env: { ...withoutDb, SERVER_TEST_CONCURRENCY: '2' },
    },
    {
      key: 'server-pg',
      name: 'server tests on PostgreSQL',
      argv: [...pnpm, '--filter', 'api-server', 'test'],
      env: { ...env, SERVER_TEST_CONCURRENCY: '2' },
      skip: env.DATABASE_URL ? undefined : 'DATABASE_URL is not set',
    },
    {
      key: 'build',
      name: `build into ${path.relative(repoRoot, staticRoot)}`,
      // --fresh: the root is throwaway, and an unchanged version number over changed sources
      // would otherwise meet the immutable-version rule of the publish.
      argv: [process.execPath, path.join('.ci', 'build.mjs'), '--fresh'],
      env: { ...env, STATIC_ROOT: staticRoot, PORTAL_ENV: 'local' },
    },
    {
      // Two real server processes (the build's openapi/server/dist) on one PostgreSQL behind nginx.
      key: 'scale-out',
      name: 'two API instances behind nginx on one PostgreSQL',
      argv: [process.execPath, '--test', path.join('e2e', 'scale-out', 'two-instances.test.mjs')],
      env,
      skip: env.DATABASE_URL ? undefined : 'DATABASE_URL is not set',
    },
    {
      // The deployment files parse and resolve; nothing is pulled or started.
      key: 'compose',
      name: 'compose.yaml resolves (docker compose config)',
      argv: ['docker', 'compose', '-f', path.join(repoRoot, 'compose.yaml'), 'config', '--quiet'],
      env,
      skip: docker ? undefined : 'docker compose is not available on this machine',
    },
    {
      key: 'e2e',
      name: 'end-to-end journeys (Playwright, Chromium)',
      argv: [...pnpm, '--filter', 'e2e', 'test'],
      env: { ...withoutDb, E2E_STATIC_ROOT: staticRoot, PORTAL_ENV: 'local' },
    },
    {
      key: 'bench-smoke',
      name: 'benchmark harness smoke run (one iteration, small data; fails on a missing figure, not a missed target)',
      // The root the build step wrote: the smoke run must not rebuild. Its report goes to
      // .data/bench-smoke, never over BENCHMARKS.md.
      argv: [...pnpm, '--filter', 'e2e', 'bench:smoke'],
      env: { ...env, BENCH_STATIC_ROOT: staticRoot, BENCH_SMOKE: '1' },
    },
  ];
}

/**
 * Runs steps in order; returns the failed step, or null when all passed.
 * @param {Step[]} steps
 * @param {{ repoRoot?: string, log?: (line: string) => void }} [options]
 */
export async function runSteps(steps, { repoRoot = REPO_ROOT, log = console.log } = {}) {
  for (const [index, step] of steps.entries()) {
    const label = `[test ${index + 1}/${steps.length}] ${step.name}`;
    if (step.skip) {
      log(`${label}: skipped (${step.skip})`);
      continue;
    }
    log(`\n${label}\n  $ ${step.argv.join(' ')}`);
    const started = performance.now();
    const code = await run(step.argv, { cwd: repoRoot, env: step.env ?? process.env });
    if (code !== 0) {
      log(`${label}: FAILED (exit code ${code}) after ${secondsSince(started)}`);
      return step;
    }
    log(`${label}: passed in ${secondsSince(started)}`);
  }
  return null;
}

async function main() {
  const wanted = process.argv.slice(2);
  const all = testSteps();
  const unknown = wanted.filter((key) => !all.some((step) => step.key === key));
  if (unknown.length > 0) {
    console.error(`unknown step(s): ${unknown.join(', ')}; steps are: ${all.map((s) => s.key).join(', ')}`);
    return 2;
  }
  const started = performance.now();
  // Like `npm start`, provision what the steps need on a machine with only Node and npm.
  const log = (line) => console.log(`[test] ${line}`);
  const pnpm = await ensurePnpm({ log });
  process.env.POD_PNPM = pnpm.join(' ');
  if (process.env.SKIP_INSTALL === '1') log('install skipped (SKIP_INSTALL=1)');
  else await runOrThrow([...pnpm, 'install', '--frozen-lockfile'], { cwd: REPO_ROOT });
  if (wanted.length === 0 || wanted.includes('e2e') || wanted.includes('bench-smoke'))
    process.env.PLAYWRIGHT_CHROMIUM = await ensureChromium({ log });

  const steps = wanted.length > 0 ? testSteps().filter((step) => wanted.includes(step.key)) : testSteps();
  const failed = await runSteps(steps);
  const skipped = steps.filter((step) => step.skip).length;
  if (failed) {
    const ran = steps.slice(0, steps.indexOf(failed));
    const skippedBefore = ran.filter((step) => step.skip).length;
    console.error(`\nnpm test FAILED at step "${failed.name}" (${failed.key}) after ${secondsSince(started)}`);
    console.error(`steps: ${ran.length - skippedBefore} passed, 1 failed, ${skippedBefore} skipped`);
    return 1;
  }
  console.log(`\nnpm test: every step passed in ${secondsSince(started)}`);
  console.log(`steps: ${steps.length - skipped} passed, 0 failed, ${skipped} skipped`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`npm test FAILED before the first step: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
