import fp from 'fastify-plugin';
import { createJobRepository } from '../plugins/app/job-repository.js';
import { createJobQueue, type JobQueue } from './queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobsSettings {
  /** Whether this process runs a worker (env JOBS_WORKER=off: only enqueue; tests run jobs by hand). */
  worker: boolean;
  /** How often an idle worker polls (env JOBS_POLL_MS); an enqueue in this process wakes it at once. */
  pollIntervalMs: number;
  /**
   * How long a claimed job stays reserved for its worker (env JOBS_LEASE_MS, default 5 minutes):
   * after it, a job whose instance died is run by another. Longer than any job takes.
   */
  leaseMs?: number;
}

/**
 * `app.jobs`: the queue. Services define their job types while the app is built; the worker
 * starts once the app is ready and, on close, stops before the database closes, waiting for the
 * job in progress (jobs not started stay stored and the next worker on the database runs them).
 */
export default fp<{ settings: JobsSettings }>(
  async (app, { settings }) => {
    const queue = createJobQueue({
      repository: createJobRepository(app.db),
      now: () => app.config.now(),
      log: app.log.child({ component: 'jobs' }),
      pollIntervalMs: settings.pollIntervalMs,
      ...(settings.leaseMs && { leaseMs: settings.leaseMs }),
    });
    app.decorate('jobs', queue);
    if (settings.worker) app.addHook('onReady', async () => queue.start());
    // preClose runs before every onClose hook, hence before the database is destroyed.
    app.addHook('preClose', async () => {
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
