import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, createClock, TEST_JOBS, type TestApp } from '../helpers/test-app.js';

/**
 * The queue's claims (jobs/queue.ts, job-repository.ts): a job is run by one worker at a time; a
 * worker that died leaves its lease to expire and another runs the job; a worker whose claim
 * was taken over records nothing; a live worker keeps its lease however long the job runs.
 */
describe('job queue claims', () => {
  const clock = createClock();
  const LEASE_MS = 60_000;
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now, jobs: { ...TEST_JOBS, leaseMs: LEASE_MS } } });
  });
  after(() => t.close());

  it('fails a job whose last attempt’s worker vanished, and tells its handler', async () => {
    const failures: Array<{ error: string; final: boolean }> = [];
    t.app.jobs.define('abandoned', {
      maxAttempts: 1,
      async run() {
        throw new Error('never reached: the only attempt was claimed by a worker that died');
      },
      async onFailure(_payload, _job, error, final) {
        failures.push({ error, final });
      },
    });
    const job = await t.app.jobs.enqueue('abandoned', {});
    // A worker claims it and dies (no outcome is ever recorded).
    const at = clock.now();
    const claimed = await t.app.jobRepository.claimNext(at, new Date(at.getTime() + LEASE_MS));
    assert.equal(claimed?.id, job.id);
    assert.equal(await t.app.jobs.runDue(), 0);
    assert.equal((await t.app.jobRepository.list({ type: 'abandoned' }))[0]!.status, 'running');

    clock.advance(LEASE_MS / 1000 + 1);
    assert.equal(await t.app.jobs.runDue(), 0);
    const [failed] = await t.app.jobRepository.list({ type: 'abandoned' });
    assert.equal(failed!.status, 'failed');
    assert.match(failed!.last_error ?? '', /lease expired/);
    assert.deepEqual(
      failures.map((f) => f.final),
      [true],
    );
  });

  it('ignores the outcome of a claim that was taken over after its lease ran out', async () => {
    const runs: number[] = [];
    t.app.jobs.define('taken-over', {
      maxAttempts: 3,
      async run(_payload, job) {
        runs.push(job.attempts);
      },
    });
    const job = await t.app.jobs.enqueue('taken-over', {});
    const at = clock.now();
    const stale = await t.app.jobRepository.claimNext(at, new Date(at.getTime() + LEASE_MS));
    assert.equal(stale?.attempts, 1);
    clock.advance(LEASE_MS / 1000 + 1);
    assert.equal(await t.app.jobs.runDue(), 1);
    assert.deepEqual(runs, [2]);
    // The first worker wakes up late: none of its outcomes lands.
    assert.equal(await t.app.jobRepository.extendLease(job.id, 1, clock.now()), false);
    assert.equal(await t.app.jobRepository.retryLater(job.id, 1, 'late', clock.now()), false);
    assert.equal(await t.app.jobRepository.complete(job.id, 1, clock.now()), false);
    const [done] = await t.app.jobRepository.list({ type: 'taken-over' });
    assert.equal(done!.status, 'done');
    assert.equal(done!.attempts, 2);
    assert.equal(done!.last_error, null);
  });
});

describe('job queue lease renewal', () => {
  const LEASE_MS = 1500;
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { jobs: { ...TEST_JOBS, leaseMs: LEASE_MS } } });
  });
  after(() => t.close());

  it('keeps a live worker’s lease while its job runs longer than one lease', async () => {
    const competitorClaims: unknown[] = [];
    let attempts = 0;
    t.app.jobs.define('long', {
      maxAttempts: 3,
      async run() {
        attempts += 1;
        // Another worker keeps looking for due jobs meanwhile, for over three leases.
        const until = Date.now() + LEASE_MS * 3.5;
        while (Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 4));
          const now = new Date();
          const claimed = await t.app.jobRepository.claimNext(now, new Date(now.getTime() + LEASE_MS));
          if (claimed) competitorClaims.push(claimed);
        }
      },
    });
    await t.app.jobs.enqueue('long', {});
    assert.equal(await t.app.jobs.runDue(), 1);
    assert.deepEqual(competitorClaims, []);
    assert.equal(attempts, 1);
    const [job] = await t.app.jobRepository.list({ type: 'long' });
    assert.equal(job!.status, 'done');
    assert.equal(job!.attempts, 1);
  });
});
