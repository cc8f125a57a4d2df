import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadCanaryGuardSettings, type CanaryGuardSettings } from '../../src/config.js';
import { CANARY_GUARD_JOB, CANARY_GUARD_RUNS_KEPT_MS } from '../../src/jobs/canary-guard.js';
import {
  buildTestApp,
  createClock,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  uniqueAddress,
  type TestApp,
} from '../helpers/test-app.js';

const ENVIRONMENT = 'staging';
const GUARD: CanaryGuardSettings = { enabled: true, intervalSeconds: 60, marginPoints: 5, minLoads: 3 };
const CANARY_START = '2026-03-02T08:05:00.000Z';

/** staging's remotes.json: remote_checkout 1.3.0 with canary 1.4.0 at 50%, and two other remotes. */
function stagingConfig() {
  return {
    environment: ENVIRONMENT,
    pinning: true,
    remotes: {
      remote_account: { entry: '/remotes/remote-account/0.1.0/mf-manifest.json', version: '0.1.0' },
      remote_checkout: {
        entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
        version: '1.3.0',
        canary: { entry: '/remotes/remote-checkout/1.4.0/mf-manifest.json', version: '1.4.0', share: 50 },
      },
      remote_library: { entry: '/remotes/remote-library/0.1.0/mf-manifest.json', version: '0.1.0' },
    },
  };
}

function stagingHistory() {
  return {
    remote_account: [{ version: '0.1.0', deployedAt: '2026-02-01T08:00:00.000Z' }],
    remote_checkout: [
      { version: '1.3.0', deployedAt: '2026-02-20T08:00:00.000Z' },
      { version: '1.4.0', deployedAt: CANARY_START, channel: 'canary', share: 50, event: 'deploy' },
    ],
  };
}

describe('the canary guard (jobs/canary-guard.ts) on a temporary static root', () => {
  const clock = createClock(new Date('2026-03-02T08:10:00Z'));
  let root: string;
  let t: TestApp;
  const files = () => {
    const dir = join(root, 'environments', ENVIRONMENT);
    return { config: join(dir, 'remotes.json'), history: join(dir, 'history.json') };
  };
  const write = (file: string, data: unknown) => writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  const read = (file: string) => readFileSync(file, 'utf8');

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'pod-canary-guard-'));
    mkdirSync(join(root, 'environments', ENVIRONMENT), { recursive: true });
    t = await buildTestApp({
      staticRoot: root,
      config: { now: clock.now, portalEnv: ENVIRONMENT, canaryGuard: GUARD, rateLimits: false },
    });
    await t.app.ready();
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    write(files().config, stagingConfig());
    write(files().history, stagingHistory());
    await sql`DELETE FROM remote_event_counts`.execute(t.app.db);
  });

  /** Reports `count` events of one kind for remote_checkout `version` on `channel`. */
  async function report(version: string, channel: string, kind: string, count: number, app: FastifyInstance = t.app) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/monitoring/remote-events',
      remoteAddress: uniqueAddress(),
      payload: {
        environment: ENVIRONMENT,
        events: [{ remote: 'remote_checkout', version, channel, route: '/checkout/cart', kind, count }],
      },
    });
    assert.equal(response.statusCode, 204, response.body);
  }

  const queuedGuards = async () =>
    (await t.app.jobRepository.list({ type: CANARY_GUARD_JOB, status: 'queued' })).map((job) => job.payload);

  /** Moves the clock past the interval and runs what is due (the guard among it). */
  async function nextCheck(): Promise<void> {
    clock.advance(GUARD.intervalSeconds);
    await t.app.jobs.runDue();
  }

  it('is armed once the app is ready: one queued check of the environment, due after the interval', async () => {
    const [job, ...more] = await t.app.jobRepository.list({ type: CANARY_GUARD_JOB, status: 'queued' });
    assert.deepEqual(more, []);
    assert.deepEqual(job?.payload, { environment: ENVIRONMENT });
    assert.equal(job?.max_attempts, 1);
    assert.ok(job!.next_run_at.getTime() > clock.now().getTime());
  });

  it('rolls back a failing canary: remotes.json loses only its canary, history.json records why', async () => {
    await report('1.3.0', 'stable', 'load', 10);
    await report('1.4.0', 'canary', 'load-failure', 6);
    const before = JSON.parse(read(files().config)) as ReturnType<typeof stagingConfig>;
    await nextCheck();

    const { canary: _gone, ...stableEntry } = before.remotes.remote_checkout;
    const expected = { ...before, remotes: { ...before.remotes, remote_checkout: stableEntry } };
    assert.equal(read(files().config), `${JSON.stringify(expected, null, 2)}\n`, 'same bytes but the canary');
    const history = JSON.parse(read(files().history)) as ReturnType<typeof stagingHistory>;
    assert.deepEqual(history.remote_account, stagingHistory().remote_account);
    assert.deepEqual(history.remote_checkout.slice(0, 2), stagingHistory().remote_checkout);
    assert.deepEqual(history.remote_checkout[2], {
      version: '1.4.0',
      deployedAt: clock.now().toISOString(),
      channel: 'canary',
      share: 0,
      event: 'automatic-rollback',
      reason: 'error rate 100% over 6 loads against 0% for 1.3.0 (margin 5 points)',
    });
    // No temporary file is left beside them.
    assert.deepEqual(readdirSync(join(root, 'environments', ENVIRONMENT)).sort(), ['history.json', 'remotes.json']);
    // The chain goes on, and the next check finds nothing to do.
    assert.deepEqual(await queuedGuards(), [{ environment: ENVIRONMENT }]);
    const afterRollback = read(files().history);
    await nextCheck();
    assert.equal(read(files().history), afterRollback);
  });

  it('keeps a canary within the margin, and waits while it has fewer loads than the minimum', async () => {
    const configBytes = read(files().config);
    const historyBytes = read(files().history);
    await report('1.4.0', 'canary', 'load-failure', 2);
    assert.deepEqual(
      (await t.app.canaryGuard!.check()).map((check) => [check.remote, check.verdict.decision, check.rolledBack]),
      [['remote_checkout', 'wait', false]],
    );
    await report('1.3.0', 'stable', 'load', 18);
    await report('1.3.0', 'stable', 'render-error', 2);
    await report('1.4.0', 'canary', 'load', 38);
    const [check] = await t.app.canaryGuard!.check();
    // 2 failures in 40 tries (5%) against 2 in 18 (11.1%).
    assert.deepEqual(check?.verdict, {
      decision: 'keep',
      reason: 'error rate 5% over 40 loads against 11.1% for 1.3.0, within the margin of 5 points',
    });
    await nextCheck();
    assert.equal(read(files().config), configBytes);
    assert.equal(read(files().history), historyBytes);
  });

  it('counts the canary channel of the canary version and the stable channel of the stable version, from the hour it started', async () => {
    // Before the canary's hour (an earlier canary of the same version that failed): not counted.
    clock.advance(-2 * 3600);
    await report('1.4.0', 'canary', 'load-failure', 10);
    clock.advance(2 * 3600);
    // QA pins of the canary version and the stable version under another channel: not counted.
    await report('1.4.0', 'pinned', 'load-failure', 10);
    await report('1.4.0', 'stable', 'load-failure', 10);
    await report('1.4.0', 'canary', 'load', 5);
    const [check] = await t.app.canaryGuard!.check();
    assert.deepEqual(check?.verdict, {
      decision: 'keep',
      reason: 'error rate 0% over 5 loads against 0% for 1.3.0, within the margin of 5 points',
    });
  });

  it('leaves a canary alone when remotes.json changed it since (a deploy in between)', async () => {
    await report('1.4.0', 'canary', 'render-error', 3);
    await report('1.4.0', 'canary', 'load', 3);
    // Promoted meanwhile: 1.4.0 is stable, no canary.
    const promoted = stagingConfig();
    promoted.remotes.remote_checkout = {
      entry: '/remotes/remote-checkout/1.4.0/mf-manifest.json',
      version: '1.4.0',
    } as never;
    write(files().config, promoted);
    assert.deepEqual(await t.app.canaryGuard!.check(), []);
    assert.equal(read(files().config), `${JSON.stringify(promoted, null, 2)}\n`);
  });

  it('deletes its own runs once they are a day old, and no other job', async () => {
    const other = await t.app.jobRepository.enqueue({
      type: 'password-reset',
      payload: { marker: 'kept' },
      maxAttempts: 1,
      runAt: new Date(clock.now().getTime() - 3 * 86_400_000),
    });
    await sql`UPDATE jobs SET status = 'done', finished_at = ${new Date(clock.now().getTime() - 2 * 86_400_000)} WHERE id = ${other.id}`.execute(
      t.app.db,
    );
    await nextCheck();
    const runs = async () =>
      (await t.app.jobRepository.list({ type: CANARY_GUARD_JOB })).filter((job) => job.status === 'done');
    assert.ok((await runs()).length >= 1, 'a finished run is kept for a while');
    clock.advance(CANARY_GUARD_RUNS_KEPT_MS / 1000 + 60);
    await t.app.jobs.runDue();
    const left = await runs();
    assert.ok(
      left.every((job) => job.finished_at!.getTime() >= clock.now().getTime() - CANARY_GUARD_RUNS_KEPT_MS),
      'no run older than a day is left',
    );
    assert.equal(left.length, 1, 'only the run just made');
    assert.ok((await t.app.jobRepository.list({ type: 'password-reset' })).some((job) => job.id === other.id));
    await sql`DELETE FROM jobs WHERE id = ${other.id}`.execute(t.app.db);
  });

  it('runs once across instances: a second app on the database adds no second chain, and only one worker checks', async () => {
    const second = await buildApp({
      specPath,
      db: t.app.db,
      staticRoot: root,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        now: clock.now,
        portalEnv: ENVIRONMENT,
        canaryGuard: GUARD,
        uploads: t.app.config.uploads,
        rateLimits: false,
      },
    });
    try {
      await second.ready();
      await second.canaryGuard!.arm();
      assert.deepEqual(await queuedGuards(), [{ environment: ENVIRONMENT }]);
      await report('1.4.0', 'canary', 'load-failure', 4, second);
      clock.advance(GUARD.intervalSeconds);
      await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
      const history = JSON.parse(read(files().history)) as ReturnType<typeof stagingHistory>;
      assert.equal(
        history.remote_checkout.filter((entry) => 'event' in entry && entry.event === 'automatic-rollback').length,
        1,
      );
      const done = await t.app.jobRepository.list({ type: CANARY_GUARD_JOB, status: 'done' });
      assert.ok(done.length >= 1);
      assert.deepEqual(await queuedGuards(), [{ environment: ENVIRONMENT }]);
    } finally {
      await second.close();
    }
  });
});

describe('where the canary guard does not run', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is off without a static root, and with CANARY_GUARD=off', async () => {
    t = await buildTestApp({ config: { canaryGuard: GUARD } });
    await t.app.ready();
    assert.equal(t.app.canaryGuard, null);
    assert.deepEqual(await t.app.jobRepository.list({ type: CANARY_GUARD_JOB }), []);
    await t.close();
    const root = mkdtempSync(join(tmpdir(), 'pod-canary-guard-off-'));
    try {
      t = await buildTestApp({ staticRoot: root, config: { canaryGuard: { ...GUARD, enabled: false } } });
      await t.app.ready();
      assert.equal(t.app.canaryGuard, null);
      assert.deepEqual(await t.app.jobRepository.list({ type: CANARY_GUARD_JOB }), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('CANARY_* settings (config.ts)', () => {
  it('default to on, every 60 s, 5 points, 20 loads', () => {
    assert.deepEqual(loadCanaryGuardSettings({}), {
      enabled: true,
      intervalSeconds: 60,
      marginPoints: 5,
      minLoads: 20,
    });
    assert.deepEqual(
      loadCanaryGuardSettings({
        CANARY_GUARD: 'OFF',
        CANARY_GUARD_INTERVAL_SECONDS: '2',
        CANARY_ERROR_MARGIN: '2.5',
        CANARY_MIN_LOADS: '3',
      }),
      { enabled: false, intervalSeconds: 2, marginPoints: 2.5, minLoads: 3 },
    );
  });

  it('stop the start with a sentence naming the variable', () => {
    assert.throws(
      () => loadCanaryGuardSettings({ CANARY_GUARD: 'yes' }),
      /^Error: CANARY_GUARD must be "on" \(the default\) or "off", got 'yes'$/,
    );
    assert.throws(
      () => loadCanaryGuardSettings({ CANARY_GUARD_INTERVAL_SECONDS: '0' }),
      /CANARY_GUARD_INTERVAL_SECONDS must be a whole number from 1 to 86400, got '0'/,
    );
    assert.throws(
      () => loadCanaryGuardSettings({ CANARY_MIN_LOADS: '2.5' }),
      /CANARY_MIN_LOADS must be a whole number/,
    );
    assert.throws(
      () => loadCanaryGuardSettings({ CANARY_ERROR_MARGIN: 'five' }),
      /CANARY_ERROR_MARGIN must be a number of percentage points from 0 to 100, got 'five'/,
    );
    assert.throws(() => loadCanaryGuardSettings({ CANARY_ERROR_MARGIN: '101' }), /CANARY_ERROR_MARGIN/);
  });
});
