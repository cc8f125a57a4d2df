import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from '../domain/backoff.js';
import type { JobRow } from '../plugins/external/db-schema.js';
import type { JobRepository } from '../plugins/app/job-repository.js';

/** What a job type does. `run` must be idempotent: a job whose worker died is run again. */
export interface JobHandler<Payload = Record<string, unknown>> {
  /** Attempts before the job is given up (status failed). */
  maxAttempts: number;
  run(payload: Payload, job: JobRow): Promise<void>;
  /** Called after a failed attempt (`final`: no attempt follows); e.g. to record it elsewhere. */
  onFailure?(payload: Payload, job: JobRow, error: string, final: boolean): Promise<void>;
}

export interface JobQueueOptions {
  repository: JobRepository;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (other instances' jobs, retries that fell due). */
  pollIntervalMs: number;
  /** How long a claimed job is reserved for its worker; after that another worker may take it. */
  leaseMs?: number;
  backoff?: Backoff;
}

/** The PostgreSQL-backed queue of background work (jobs table, migration 006). */
export interface JobQueue {
  /** Defines what a job type does (defining it again replaces the handler: the services are rebuilt by some tests). */
  define<Payload extends Record<string, unknown>>(type: string, handler: JobHandler<Payload>): void;
  /** Stores a job due now (or at `runAt`) and wakes this process's worker. */
  enqueue(type: string, payload: Record<string, unknown>, options?: { runAt?: Date }): Promise<JobRow>;
  /** The attempts a job type gets (for callers that enqueue inside their own transaction). */
  maxAttemptsOf(type: string): number;
  /** Tells the worker that a job was stored (after the enqueuing transaction committed). */
  wake(): void;
  /** Runs every job due now, one after the other, in this call; answers how many ran (tests, scripts). */
  runDue(): Promise<number>;
  /** Starts polling (the app does when config.jobs.worker is on). */
  start(): void;
  /** Stops polling and waits for the job in progress; jobs not started stay stored for the next worker. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 5 * 60 * 1000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { repository, now, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const handlers = new Map<string, JobHandler<Record<string, unknown>>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  /** The worker's current pass over due jobs, awaited by stop(). */
  let pass: Promise<void> | undefined;
  let wakeAgain = false;

  /** Lease renewals of the jobs this process is running; stop() ends them (the process is going). */
  const renewals = new Set<NodeJS.Timeout>();

  /**
   * Keeps the lease of a running job ahead of the clock, so a job that runs longer than one lease
   * is not taken by another worker while this one is alive. Only a worker that died (no renewals)
   * lets its lease run out.
   */
  function renewWhileRunning(job: JobRow): () => void {
    const renewal = setInterval(
      () => {
        repository
          .extendLease(job.id, job.attempts, new Date(now().getTime() + leaseMs))
          .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'job lease could not be renewed'));
      },
      Math.max(Math.floor(leaseMs / 3), 10),
    );
    renewal.unref();
    renewals.add(renewal);
    return () => {
      clearInterval(renewal);
      renewals.delete(renewal);
    };
  }

  /** Logs when an outcome was not recorded because the claim was lost (another worker has the job). */
  function recorded(done: boolean, job: JobRow, outcome: string) {
    if (!done) log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, outcome }, 'job claim lost');
  }

  /** Claims and runs one due job; false when none was due. */
  async function runOne(): Promise<boolean> {
    const at = now();
    const job = await repository.claimNext(at, new Date(at.getTime() + leaseMs));
    if (!job) return false;
    const handler = handlers.get(job.type);
    const stopRenewing = renewWhileRunning(job);
    try {
      if (!handler) throw new Error(`no handler for job type '${job.type}'`);
      await handler.run(job.payload, job);
      stopRenewing();
      recorded(await repository.complete(job.id, job.attempts, now()), job, 'done');
    } catch (err) {
      stopRenewing();
      const error = errorText(err);
      const final = job.attempts >= job.max_attempts;
      log.error({ err, jobId: job.id, type: job.type, attempt: job.attempts, final }, 'job failed');
      if (final) recorded(await repository.fail(job.id, job.attempts, error, now()), job, 'failed');
      else {
        const nextRunAt = new Date(now().getTime() + retryDelayMs(job.attempts, backoff));
        recorded(await repository.retryLater(job.id, job.attempts, error, nextRunAt), job, 'retry');
      }
      await handler?.onFailure?.(job.payload, job, error, final).catch((hookErr: unknown) => {
        log.error({ err: hookErr, jobId: job.id }, 'job failure hook failed');
      });
    }
    return true;
  }

  /** Fails the jobs whose last attempt's worker died, telling their handlers as a failed attempt would. */
  async function failAbandoned(): Promise<void> {
    for (const job of await repository.failAbandoned(now())) {
      const error = job.last_error ?? 'lease expired';
      log.error({ jobId: job.id, type: job.type, attempt: job.attempts, final: true }, 'job abandoned');
      await handlers
        .get(job.type)
        ?.onFailure?.(job.payload, job, error, true)
        .catch((hookErr: unknown) => log.error({ err: hookErr, jobId: job.id }, 'job failure hook failed'));
    }
  }

  async function runDue(): Promise<number> {
    await failAbandoned();
    let count = 0;
    while (await runOne()) count += 1;
    return count;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // The idle poll never keeps the process alive; a wake (0 ms) does, or an unref'd timer could
    // be all that is left and the job just enqueued would wait for the process's end.
    if (delayMs > 0) timer.unref();
  }

  function tick() {
    if (!running) return;
    if (pass) {
      wakeAgain = true;
      return;
    }
    wakeAgain = false;
    pass = (async () => {
      await failAbandoned();
      while (running && (await runOne())) {
        // one job after another until none is due
      }
    })()
      .catch((err: unknown) => log.error({ err }, 'job worker pass failed'))
      .finally(() => {
        pass = undefined;
        schedule(wakeAgain ? 0 : options.pollIntervalMs);
      });
  }

  return {
    define(type, handler) {
      handlers.set(type, handler as unknown as JobHandler<Record<string, unknown>>);
    },
    async enqueue(type, payload, enqueueOptions = {}) {
      const job = await repository.enqueue({
        type,
        payload,
        maxAttempts: this.maxAttemptsOf(type),
        runAt: enqueueOptions.runAt ?? now(),
      });
      this.wake();
      return job;
    },
    maxAttemptsOf(type) {
      const handler = handlers.get(type);
      if (!handler) throw new Error(`job type '${type}' is not defined`);
      return handler.maxAttempts;
    },
    wake() {
      if (running) schedule(0);
    },
    runDue,
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      // The worker's job in progress keeps its lease until it ends; then nothing here renews.
      await pass;
      for (const renewal of renewals) clearInterval(renewal);
      renewals.clear();
    },
  };
}
