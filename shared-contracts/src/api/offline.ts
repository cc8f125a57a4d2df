import { QUEUED_ALERTS } from '../constants/offline';
import type { QueuedAlertKind } from './offline-policy';

/**
 * A mutation the shared client could not send for lack of a network, handed to the offline
 * queue. It holds what a replay needs and nothing of the session: never the Authorization
 * header or a token (the replay goes through the session-aware fetch with the tokens of then).
 */
export interface OfflineRequest {
  method: string;
  /** The absolute URL, query included. */
  url: string;
  /** The body as sent (JSON text), or null. */
  body: string | null;
  /** The Content-Type the body was sent with, or null. */
  contentType: string | null;
  /** The change's Idempotency-Key: a replay repeats it, so the server applies the change once. */
  idempotencyKey: string;
  /** Which queued alert it showed. */
  alert: QueuedAlertKind;
  /** When it was queued (ms since the epoch). */
  createdAt: number;
}

/** Stores an {@link OfflineRequest} durably; rejects when it could not. */
export type OfflineQueueHandler = (request: OfflineRequest) => Promise<void>;

let queueHandler: OfflineQueueHandler | null = null;

/**
 * Registers the offline queue (the host does, at start-up) or removes it with null. Without
 * one, a mutation that cannot reach the server fails with `OFFLINE_NOT_SAVED_MESSAGE`.
 */
export function setOfflineQueue(handler: OfflineQueueHandler | null): void {
  queueHandler = handler;
}

/** The registered offline queue, or null. */
export function getOfflineQueue(): OfflineQueueHandler | null {
  return queueHandler;
}

/**
 * What a mutating call rejects with when it was queued instead of sent: the change is kept
 * and will be sent when the connection is back, and the queued alert (section 5) is already
 * on screen. Treat it like an accepted change (close the dialog, no failure message); test
 * with {@link isQueuedOffline}. `message` is the queued alert's text.
 */
export class QueuedOfflineError extends Error {
  override readonly name = 'QueuedOfflineError';
  constructor(
    /** The queued alert it raised. */
    readonly alert: QueuedAlertKind,
    /** The change's Idempotency-Key. */
    readonly idempotencyKey: string,
  ) {
    super(QUEUED_ALERTS[alert]);
  }
}

/** Whether a call's error means "queued, will be sent when online" rather than "failed". */
export function isQueuedOffline(error: unknown): error is QueuedOfflineError {
  return error instanceof QueuedOfflineError;
}

/** Whether `error` is fetch's rejection for a missing network (a TypeError), not an abort or an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Whether the browser says it has no network. */
export function browserOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

type ReachabilityListener = (reachable: boolean) => void;
const listeners = new Set<ReachabilityListener>();
let reachable = true;

/**
 * Whether the last request of the shared client reached the API (any answer) rather than
 * failing for lack of a network. The host's offline banner reads it besides `navigator.onLine`.
 */
export function isApiReachable(): boolean {
  return reachable;
}

/** Follows {@link isApiReachable}; returns the unsubscribe. */
export function subscribeApiReachability(listener: ReachabilityListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records what the last request found; called by the client, and by the host on an 'online' event. */
export function reportApiReachable(now: boolean): void {
  if (now === reachable) return;
  reachable = now;
  for (const listener of [...listeners]) listener(now);
}

/** A new Idempotency-Key: one per logical change, kept across its retries and replays. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
