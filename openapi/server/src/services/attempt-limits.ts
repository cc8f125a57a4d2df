import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PURGE_BATCH,
  PURGE_INTERVAL_SECONDS,
  retryAfterSeconds,
  type AttemptLimit,
} from '../domain/attempt-limiter.js';

/** A reservation: granted (the attempt is counted; `release` gives it back) or refused. */
export type Reservation = { granted: true; release(): Promise<void> } | { granted: false; retryAfter: number };

/** One limit to reserve against: the rule and what it counts (an e-mail, an address, a device). */
export interface LimitedKey {
  limit: AttemptLimit;
  /** A namespace such as 'login-account', so equal values of different kinds never share a counter. */
  scope: string;
  value: string;
}

/** Keys are stored hashed: the table must not become a list of e-mail and IP addresses. */
function storedKey({ scope, value }: LimitedKey): string {
  return `${scope}:${createHash('sha256').update(value).digest('base64url')}`;
}

/** The per-account login counter of an e-mail address (case and surrounding blanks do not matter). */
export function loginAccountKey(limit: AttemptLimit, email: string): LimitedKey {
  return { limit, scope: 'login-account', value: email.trim().toLowerCase() };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;

/**
 * Reserve-then-act attempt limits over `attemptRepository`: an attempt is counted before the
 * expensive or sensitive work (a password verification, a mail), so N parallel requests against
 * a limit of M do exactly min(N, M) pieces of work. Callers give a reservation back when the
 * attempt turns out not to count (a successful login).
 */
export function createAttemptLimits(app: FastifyInstance, now: () => Date) {
  const repository = app.attemptRepository;
  let lastPurge = Number.NEGATIVE_INFINITY;

  /** Cheap upkeep: one bounded, indexed DELETE per process per interval, not per request. */
  async function purgeIfDue(at: Date): Promise<void> {
    if (at.getTime() - lastPurge < PURGE_INTERVAL_SECONDS * 1000) return;
    lastPurge = at.getTime();
    await repository.purgeExpired(at, PURGE_BATCH);
  }

  /**
   * Reserves one attempt on every key, in order. When one refuses, the keys already reserved are
   * given back (the attempt is not made, so it must not use up their allowance) and the answer
   * is that key's wait.
   */
  async function reserveAll(keys: LimitedKey[]): Promise<Reservation> {
    const at = now();
    await purgeIfDue(at);
    const held: { key: string; resetsAt: Date }[] = [];
    const releaseHeld = () => Promise.all(held.map((h) => repository.release(h.key, h.resetsAt))).then(() => {});
    for (const limited of keys) {
      const key = storedKey(limited);
      const result = await repository.reserve(key, limited.limit.max, limited.limit.windowSeconds, at);
      if (!result.granted) {
        await releaseHeld();
        return { granted: false, retryAfter: retryAfterSeconds(result.resetsAt, at) };
      }
      held.push({ key, resetsAt: result.resetsAt });
    }
    return { granted: true, release: releaseHeld };
  }

  /** Ends the keys' windows at once. */
  async function forget(keys: LimitedKey[]): Promise<void> {
    for (const limited of keys) await repository.forget(storedKey(limited));
  }

  return { reserveAll, forget };
}
