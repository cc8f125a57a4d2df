/** Exponential backoff of a failed job: how long to wait before attempt `attempt + 1`. */
export interface Backoff {
  /** Wait after the first failure. */
  baseMs: number;
  /** Never wait longer than this. */
  maxMs: number;
}

/** 10 s, 20 s, 40 s... capped at 1 hour: a provider outage of a few hours is ridden out in ~10 attempts. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 10_000, maxMs: 60 * 60 * 1000 };

/** Delay after the `attempt`-th failed attempt (1-based): base x 2^(attempt-1), capped. */
export function retryDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** exponent);
}
