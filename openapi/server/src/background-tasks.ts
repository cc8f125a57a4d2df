import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request or a plugin starts without waiting for it (a mail handed to the transport, a
 * cache warmed up). Every such promise goes through here instead of `void promise`, so that
 * (1) a failure is logged, never an unhandled rejection that would end the process, and
 * (2) closing the app waits for it: the background plugin awaits `idle()` before the database
 * and the other resources close, so shutting down never cuts a write short.
 */
export interface BackgroundTasks {
  /**
   * Starts `task` now without waiting. `failure` is the log message if it rejects, logged (with
   * `context`) on `log`, or on the app's logger.
   */
  run(
    failure: string,
    task: () => Promise<unknown>,
    options?: { log?: FastifyBaseLogger; context?: Record<string, unknown> },
  ): void;
  /** Resolves when every task has settled, including tasks started meanwhile. Never rejects. */
  idle(): Promise<void>;
  /** How many tasks are running. */
  readonly pending: number;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(failure, task, options = {}) {
      let started: Promise<unknown>;
      try {
        started = Promise.resolve(task());
      } catch (err) {
        // A task that throws before returning its promise is a failure like any other.
        started = Promise.reject(err);
      }
      const settled: Promise<void> = started
        .then(
          () => undefined,
          (err: unknown) => (options.log ?? log).error({ err, ...options.context }, failure),
        )
        .finally(() => running.delete(settled));
      running.add(settled);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    get pending() {
      return running.size;
    },
  };
}
