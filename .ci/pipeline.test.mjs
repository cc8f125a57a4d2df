// The order and environment of `npm test` (.ci/test.mjs) and the small process helpers.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { envWithout, exitCodeOf, pnpmCommand } from './lib/proc.mjs';
import { REPO_ROOT } from './lib/workspace.mjs';
import { runSteps, testSteps } from './test.mjs';

const REPO = REPO_ROOT;
const PNPM = ['pnpm'];

describe('testSteps', () => {
  it('runs the checks in the agreed order', () => {
    assert.deepEqual(
      testSteps({ env: {}, pnpm: PNPM, repoRoot: REPO }).map((s) => s.key),
      [
        'generated',
        'typecheck',
        'format',
        'lint',
        'ci',
        'jest',
        'server',
        'server-pg',
        'build',
        'scale-out',
        'compose',
        'e2e',
        'bench-smoke',
      ],
    );
  });

  it('smoke-runs the benchmark on the root the build step wrote, writing under .data', () => {
    const steps = Object.fromEntries(testSteps({ env: {}, pnpm: PNPM, repoRoot: REPO }).map((s) => [s.key, s]));
    assert.deepEqual(steps['bench-smoke'].argv, ['pnpm', '--filter', 'e2e', 'bench:smoke']);
    assert.equal(steps['bench-smoke'].env.BENCH_STATIC_ROOT, path.join(REPO, '.data', 'test-public'));
    assert.equal(steps['bench-smoke'].env.BENCH_SMOKE, '1');
    assert.equal(steps['bench-smoke'].env.BENCH_OUT, undefined);
  });

  it('runs the two-instance journey only with DATABASE_URL, and compose only with Docker, saying why not', () => {
    const without = Object.fromEntries(
      testSteps({ env: {}, pnpm: PNPM, repoRoot: REPO, docker: false }).map((s) => [s.key, s]),
    );
    assert.equal(without['scale-out'].skip, 'DATABASE_URL is not set');
    assert.equal(without.compose.skip, 'docker compose is not available on this machine');
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    const with_ = Object.fromEntries(
      testSteps({ env, pnpm: PNPM, repoRoot: REPO, docker: true }).map((s) => [s.key, s]),
    );
    assert.equal(with_['scale-out'].skip, undefined);
    assert.equal(with_['scale-out'].env.DATABASE_URL, env.DATABASE_URL);
    assert.deepEqual(with_['scale-out'].argv.slice(1), [
      '--test',
      path.join('e2e', 'scale-out', 'two-instances.test.mjs'),
    ]);
    assert.equal(with_.compose.skip, undefined);
    assert.deepEqual(with_.compose.argv, [
      'docker',
      'compose',
      '-f',
      path.join(REPO, 'compose.yaml'),
      'config',
      '--quiet',
    ]);
  });

  it('runs the server tests on PGlite without DATABASE_URL, then on PostgreSQL with it', () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', PATH: '/bin' };
    const steps = Object.fromEntries(testSteps({ env, pnpm: PNPM, repoRoot: REPO }).map((s) => [s.key, s]));
    assert.deepEqual(steps.server.argv, ['pnpm', '--filter', 'api-server', 'test']);
    assert.equal(steps.server.env.DATABASE_URL, undefined);
    assert.equal(steps.server.env.PATH, '/bin');
    assert.equal(steps.server.env.SERVER_TEST_CONCURRENCY, '2');
    assert.equal(steps['server-pg'].env.SERVER_TEST_CONCURRENCY, '2');
    assert.equal(steps['server-pg'].skip, undefined);
    assert.equal(steps['server-pg'].env.DATABASE_URL, env.DATABASE_URL);
  });

  it('skips the PostgreSQL run when DATABASE_URL is not set', () => {
    const step = testSteps({ env: {}, pnpm: PNPM, repoRoot: REPO }).find((s) => s.key === 'server-pg');
    assert.equal(step?.skip, 'DATABASE_URL is not set');
  });

  it('builds into a throwaway static root and points the e2e run at it, without a database', () => {
    const env = { DATABASE_URL: 'postgres://x', STATIC_ROOT: '/somewhere/else' };
    const steps = Object.fromEntries(testSteps({ env, pnpm: PNPM, repoRoot: REPO }).map((s) => [s.key, s]));
    const root = path.join(REPO, '.data', 'test-public');
    assert.equal(steps.build.env.STATIC_ROOT, root);
    assert.equal(steps.e2e.env.E2E_STATIC_ROOT, root);
    assert.equal(steps.e2e.env.DATABASE_URL, undefined);
    assert.deepEqual(steps.e2e.argv, ['pnpm', '--filter', 'e2e', 'test']);
  });

  it('empties that throwaway root before publishing, into environment local', () => {
    const env = { PORTAL_ENV: 'staging' };
    const steps = Object.fromEntries(testSteps({ env, pnpm: PNPM, repoRoot: REPO }).map((s) => [s.key, s]));
    assert.ok(steps.build.argv.includes('--fresh'), 'an unchanged version over changed sources must not fail npm test');
    assert.equal(steps.build.env.PORTAL_ENV, 'local');
    assert.equal(steps.e2e.env.PORTAL_ENV, 'local');
  });

  it('runs jest one package at a time and type checks two at a time', () => {
    const steps = Object.fromEntries(testSteps({ env: {}, pnpm: PNPM, repoRoot: REPO }).map((s) => [s.key, s]));
    assert.ok(steps.jest.argv.includes('--workspace-concurrency=1'));
    assert.ok(steps.typecheck.argv.includes('--workspace-concurrency=2'));
  });

  it('lists this very file among the .ci unit tests', () => {
    const step = testSteps({ env: {}, pnpm: PNPM, repoRoot: REPO }).find((s) => s.key === 'ci');
    assert.ok(step?.argv.includes(path.join('.ci', 'pipeline.test.mjs')));
  });
});

describe('runSteps', () => {
  const node = process.execPath;
  const step = (key, code) => ({ key, name: key, argv: [node, '-e', `process.exit(${code})`] });

  it('stops at the first failing step and names it', async () => {
    const lines = [];
    const failed = await runSteps([step('one', 0), step('two', 3), step('three', 0)], {
      repoRoot: process.cwd(),
      log: (line) => lines.push(line),
    });
    assert.equal(failed?.key, 'two');
    assert.ok(lines.some((l) => /\[test 2\/3\] two: FAILED \(exit code 3\) after \d+\.\ds/.test(l)));
    assert.ok(!lines.some((l) => l.includes('three')), 'later steps do not run');
  });

  it('returns null and prints durations when every step passes or is skipped', async () => {
    const lines = [];
    const failed = await runSteps([step('one', 0), { ...step('two', 1), skip: 'not today' }], {
      repoRoot: process.cwd(),
      log: (line) => lines.push(line),
    });
    assert.equal(failed, null);
    assert.ok(lines.some((l) => /one: passed in \d+\.\ds/.test(l)));
    assert.ok(lines.includes('[test 2/2] two: skipped (not today)'));
  });
});

describe('process helpers', () => {
  it('uses POD_PNPM when start.mjs had to fall back to npx', () => {
    assert.deepEqual(pnpmCommand({}), ['pnpm']);
    assert.deepEqual(pnpmCommand({ POD_PNPM: 'npx -y pnpm@10' }), ['npx', '-y', 'pnpm@10']);
  });

  it('maps signal deaths to shell-style exit codes', () => {
    assert.equal(exitCodeOf(0, null), 0);
    assert.equal(exitCodeOf(null, 'SIGINT'), 130);
    assert.equal(exitCodeOf(null, 'SIGTERM'), 143);
  });

  it('removes variables without touching the original', () => {
    const env = { A: '1', DATABASE_URL: 'x' };
    assert.deepEqual(envWithout(env, 'DATABASE_URL'), { A: '1' });
    assert.equal(env.DATABASE_URL, 'x');
  });
});
