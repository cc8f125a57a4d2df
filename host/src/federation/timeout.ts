/** How long one remote request (remotes.json, a manifest, a remoteEntry script) may take. */
export const REQUEST_TIMEOUT_MS = 8_000;

/** A request that did not answer in time; nothing retries it (the user may, with Retry). */
export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `work` with an AbortSignal and rejects with a {@link TimeoutError} after `ms`,
 * aborting the signal, even when the work ignores the signal (a hung body read, a fake).
 */
export function withTimeout<T>(what: string, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeoutError(what, ms);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}
