import {
  alertMessage,
  CONNECTION_RESTORED,
  dismissAlertByKey,
  isNetworkFailure,
  queuedAlertKey,
  raiseAlert,
  sendQueuedRequest,
  toApiError,
  type OfflineRequest,
  type QueuedAlertKind,
} from '@pod/shared-contracts';
import type { OfflineStore, QueuedChange } from './offline-store';

/** The cause key of the replay's progress alert ('Connection restored', 'Sending 1 of 2 changes…'). */
export const REPLAY_PROGRESS_ALERT = 'offline:replay';
/** The cause key of the alert when a replay had to stop on a server error. */
export const REPLAY_PAUSED_ALERT = 'offline:replay-paused';
/** What the user reads when the server could not take the rest of the queue just now. */
export const REPLAY_PAUSED_MESSAGE =
  'Some changes could not be sent yet. They will be sent again when the portal reconnects or starts.';
/** The title of the danger alert for a change the server refused (its message is the server's). */
export const CHANGE_REFUSED_TITLE = 'A change made offline was not applied';

const QUEUED_KINDS: QueuedAlertKind[] = ['submit', 'delete', 'update'];

/** 'Sending 1 of 2 changes…' */
export function progressMessage(index: number, total: number): string {
  return `Sending ${index} of ${total} ${total === 1 ? 'change' : 'changes'}…`;
}

/** 'Your change was sent.' / 'All 2 changes were sent.' */
export function sentMessage(total: number): string {
  return total === 1 ? 'Your change was sent.' : `All ${total} changes were sent.`;
}

/** What one replay did. */
export interface ReplayOutcome {
  /** Changes the server accepted (2xx). */
  sent: number;
  /** Changes the server refused with a 4xx (removed, their message shown). */
  refused: number;
  /** Changes still queued for this user. */
  remaining: number;
  /** Why it stopped early: the network failed again, or the server could not answer (5xx, 401, 408, 429). */
  stopped: 'network' | 'server' | null;
  /** Another replay (this tab or another) was running, or this tab may not replay: nothing was done. */
  skipped: boolean;
}

/** Options of {@link createOfflineQueue}. */
export interface OfflineQueueOptions {
  store: OfflineStore;
  /** The signed-in user's id, or null. */
  currentUserId: () => number | null;
  /** Sends one stored change (the session-aware fetch, with its key); rejects on a network failure. */
  send?: (change: QueuedChange) => Promise<Response>;
  /** Runs after a replay that sent or refused something: the screens re-read what changed. */
  afterReplay?: () => Promise<unknown>;
  /** Whether this tab may replay (the tab guard's active tab). */
  mayReplay?: () => boolean;
  /** Runs `work` while holding the cross-tab replay lock, or resolves null when another holds it. */
  withLock?: <T>(work: () => Promise<T>) => Promise<T | null>;
}

/** The host's offline queue: the client's `setOfflineQueue` handler and the replay. */
export interface OfflineQueue {
  /** Stores a change for the signed-in user (the handler for `setOfflineQueue`). */
  enqueue(request: OfflineRequest): Promise<void>;
  /** Sends the queued changes in order, one at a time. Never rejects. */
  replay(): Promise<ReplayOutcome>;
  /** Forgets every change (logout). */
  clear(): Promise<void>;
  /** Forgets every change that is not `userId`'s. */
  keepOnly(userId: number | null): Promise<void>;
}

/**
 * One replay at a time across tabs: the Web Locks API where the browser has it (the tab guard
 * already lets only one tab be active; the lock also covers the moment a new tab takes over).
 */
export function browserLock<T>(work: () => Promise<T>): Promise<T | null> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  return locks.request('pod-offline-replay', { ifAvailable: true }, (lock) => (lock ? work() : null));
}

const SKIPPED: ReplayOutcome = { sent: 0, refused: 0, remaining: 0, stopped: null, skipped: true };

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The persisted offline queue (account-area.md section 4). Replay: in order, one change at a
 * time, each through the session-aware fetch (a fresh access token; an expired one is refreshed
 * first) with the Idempotency-Key of its first attempt; the progress alert 'Connection restored'
 * says 'Sending 1 of 2 changes…'. A change is removed once the server answered it: 2xx, or a 4xx,
 * which is definitive (its message shows as a danger alert). A network failure stops the replay
 * and keeps the rest; so do a 5xx, 401, 408 and 429, which may pass later. Another user's changes
 * are dropped, never sent. After anything was answered the queries are invalidated.
 */
export function createOfflineQueue({
  store,
  currentUserId,
  send = sendQueuedRequest,
  afterReplay,
  mayReplay = () => true,
  withLock = browserLock,
}: OfflineQueueOptions): OfflineQueue {
  let running: Promise<ReplayOutcome> | null = null;

  async function keepOnly(userId: number | null): Promise<void> {
    const changes = await store.list();
    for (const change of changes) {
      if (change.userId !== userId && change.seq !== undefined) await store.remove(change.seq);
    }
  }

  async function sendAll(userId: number): Promise<ReplayOutcome> {
    await keepOnly(userId);
    const changes = await store.list();
    const outcome: ReplayOutcome = { sent: 0, refused: 0, remaining: changes.length, stopped: null, skipped: false };
    if (changes.length === 0) return outcome;
    try {
      for (const [index, change] of changes.entries()) {
        // A logout or another sign-in meanwhile: nothing more of this user is sent.
        if (currentUserId() !== userId) break;
        if (globalThis.navigator?.onLine === false) {
          outcome.stopped = 'network';
          break;
        }
        dismissAlertByKey(REPLAY_PROGRESS_ALERT);
        raiseAlert({
          variant: 'info',
          title: CONNECTION_RESTORED,
          message: progressMessage(index + 1, changes.length),
          key: REPLAY_PROGRESS_ALERT,
          sticky: true,
        });
        let response: Response;
        try {
          response = await send(change);
        } catch (error) {
          if (!isNetworkFailure(error)) console.warn('A queued change could not be sent', error);
          outcome.stopped = 'network';
          break;
        }
        const status = response.status;
        if (response.ok || (status >= 400 && status < 500 && ![401, 408, 429].includes(status))) {
          if (change.seq !== undefined) await store.remove(change.seq);
          outcome.remaining -= 1;
          if (response.ok) outcome.sent += 1;
          else {
            outcome.refused += 1;
            raiseAlert({
              variant: 'danger',
              title: CHANGE_REFUSED_TITLE,
              message: alertMessage(toApiError(status, await readBody(response))),
            });
          }
        } else {
          outcome.stopped = 'server';
          break;
        }
      }
    } finally {
      dismissAlertByKey(REPLAY_PROGRESS_ALERT);
    }
    if (outcome.remaining === 0) {
      for (const kind of QUEUED_KINDS) dismissAlertByKey(queuedAlertKey(kind));
      dismissAlertByKey(REPLAY_PAUSED_ALERT);
      if (outcome.sent > 0) {
        raiseAlert({ variant: 'success', title: CONNECTION_RESTORED, message: sentMessage(outcome.sent) });
      }
    } else if (outcome.stopped === 'server') {
      raiseAlert({ variant: 'warning', message: REPLAY_PAUSED_MESSAGE, key: REPLAY_PAUSED_ALERT });
    }
    if (outcome.sent + outcome.refused > 0) await afterReplay?.();
    return outcome;
  }

  function replay(): Promise<ReplayOutcome> {
    running ??= (async () => {
      const userId = currentUserId();
      if (userId === null || !mayReplay()) return SKIPPED;
      const outcome = await withLock(() => sendAll(userId));
      return outcome ?? SKIPPED;
    })()
      .catch((error: unknown) => {
        console.warn('The offline queue could not be replayed', error);
        return SKIPPED;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    enqueue: async (request) => {
      const userId = currentUserId();
      if (userId === null) throw new Error('Nobody is signed in: a change cannot be queued');
      await store.add({ ...request, userId });
    },
    replay,
    clear: () => store.clear(),
    keepOnly,
  };
}
