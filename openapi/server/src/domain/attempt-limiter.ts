/**
 * Rules of the attempt limits (login, registration, password-reset requests). The counting itself
 * is atomic in PostgreSQL (plugins/app/attempt-repository.ts): every API instance must agree on
 * it, and parallel requests must not all read the same count before any of them writes.
 */
export interface AttemptLimit {
  /** Attempts a key may make per window. */
  max: number;
  windowSeconds: number;
}

/** Whole seconds until a window ending at `resetsAt` is over; at least 1 (Retry-After: 0 invites a retry storm). */
export function retryAfterSeconds(resetsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
}

/** Expired windows are purged at most this often per process, in batches of PURGE_BATCH rows. */
export const PURGE_INTERVAL_SECONDS = 60;
export const PURGE_BATCH = 500;
