import type { FastifyInstance } from 'fastify';
import type { JobHandler } from './queue.js';

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency-cleanup';

/** How often expired keys are swept (they are already ignored by the claim; this only frees the rows). */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

const BATCH = 500;

/** Deletes every Idempotency-Key row past its expiry, in bounded batches; answers how many. */
export async function removeExpiredIdempotencyKeys(app: FastifyInstance): Promise<number> {
  let removed = 0;
  for (;;) {
    const now = await app.idempotencyRepository.purgeExpired(app.config.now(), BATCH);
    removed += now;
    if (now < BATCH) return removed;
  }
}

/** Whether a sweep is already waiting or running (any instance's). */
async function sweepPending(app: FastifyInstance): Promise<boolean> {
  for (const status of ['queued', 'running'] as const) {
    if ((await app.jobRepository.list({ type: IDEMPOTENCY_CLEANUP_JOB, status })).length > 0) return true;
  }
  return false;
}

/**
 * Arms the hourly sweep unless one is pending. Called on the first key a process claims, so an
 * app that never sees a key (most tests) gets no job; two instances arming at once make two
 * chains, which merge at their next run (a sweep only re-arms when no other one waits).
 */
export async function armIdempotencyCleanup(app: FastifyInstance): Promise<void> {
  if (await sweepPending(app)) return;
  await app.jobs.enqueue(
    IDEMPOTENCY_CLEANUP_JOB,
    {},
    { runAt: new Date(app.config.now().getTime() + IDEMPOTENCY_CLEANUP_INTERVAL_MS) },
  );
}

/** The sweep: remove expired keys, then wait an hour for the next one. */
export function createIdempotencyCleanupJob(app: FastifyInstance): JobHandler {
  return {
    maxAttempts: 3,
    async run() {
      await removeExpiredIdempotencyKeys(app);
      // This job is 'running' while it runs: only another queued sweep means another chain.
      if ((await app.jobRepository.list({ type: IDEMPOTENCY_CLEANUP_JOB, status: 'queued' })).length > 0) return;
      await app.jobs.enqueue(
        IDEMPOTENCY_CLEANUP_JOB,
        {},
        { runAt: new Date(app.config.now().getTime() + IDEMPOTENCY_CLEANUP_INTERVAL_MS) },
      );
    },
  };
}
