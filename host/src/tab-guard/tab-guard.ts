import { ACTIVE_TAB_STORAGE_KEYS, LIMITS } from '@pod/shared-contracts';
import { decide, parseRecord, type TabRecord } from './tab-guard-core';

/** 'active': this tab may be used; 'blocked': another tab owns the portal (sticky until the page loads again). */
export type TabGuardState = 'active' | 'blocked';

/** The owner renews its record this often, well inside the 10 s window. */
export const HEARTBEAT_MS = 3_000;

/** Options of {@link createTabGuard}; the defaults are the browser's. Tests inject their own. */
export interface TabGuardOptions {
  local?: Storage | null;
  session?: Storage | null;
  /** Where `storage`, `pagehide`, `pageshow` and `visibilitychange` are heard. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  createId?: () => string;
  heartbeatMs?: number;
  windowMs?: number;
}

/** One tab's guard. Created once per page load (bootstrap), started before the first render. */
export interface TabGuard {
  readonly id: string;
  /** Decides at once (claim or block), then keeps checking. Idempotent. */
  start(): void;
  /** Stops the timers and listeners; the record stays (only pagehide releases it). */
  stop(): void;
  /** Reads the record and acts on it (used by the timer and the events). */
  check(): void;
  getState(): TabGuardState;
  subscribe(listener: () => void): () => void;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // storage disabled: no guard rather than a broken portal
  }
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The tab guard of account-area.md section 4.
 *
 * Record: `{ id, timestamp }` under localStorage 'activeTab'. On start a tab claims it
 * unless another tab's record is younger than 10 s, in which case it is blocked (the
 * host shows /tab-error) and never writes. The owner renews the timestamp every 3 s (its
 * heartbeat is also its periodic check, more often than the spec's 10 s), so its record
 * never looks stale while it lives; every tab also checks on `storage` events and when it
 * becomes visible again. The owner removes the record on `pagehide`.
 *
 * Tab id: handed to the next page of the same tab through sessionStorage at `pagehide`
 * and taken out again on load, so a reload keeps its id but a duplicated tab (which
 * copies a live tab's sessionStorage) does not inherit it and is blocked like any other.
 *
 * Background tabs: browsers may slow a hidden tab's timers to one run a minute, so its
 * record can go stale; a tab opened then claims the portal and the older tab, on its next
 * check, finds that fresh record and is blocked. Exactly one tab stays usable.
 */
export function createTabGuard(options: TabGuardOptions = {}): TabGuard {
  const local = options.local === undefined ? browserStorage('localStorage') : options.local;
  const session = options.session === undefined ? browserStorage('sessionStorage') : options.session;
  const events = options.events ?? globalThis.window;
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const windowMs = options.windowMs ?? LIMITS.tabConflictWindowMs;
  const KEY = ACTIVE_TAB_STORAGE_KEYS.activeTab;
  const ID_KEY = ACTIVE_TAB_STORAGE_KEYS.tabId;

  const id = session?.getItem(ID_KEY) || (options.createId ?? randomId)();
  session?.removeItem(ID_KEY);

  let state: TabGuardState = 'active';
  // Between pagehide and pageshow the page is leaving (or frozen in the back/forward cache):
  // a last timer tick must not claim the record it just released.
  let leaving = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  const read = (): TabRecord | null => parseRecord(local?.getItem(KEY) ?? null);
  const write = () => local?.setItem(KEY, JSON.stringify({ id, timestamp: now() } satisfies TabRecord));

  function block(): void {
    state = 'blocked';
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    listeners.forEach((listener) => listener());
  }

  function check(): void {
    if (state === 'blocked' || leaving || !local) return;
    if (decide(now(), read(), id, windowMs) === 'conflict') block();
    else write();
  }

  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key === null || key === KEY) check(); // null: another tab cleared the storage (logout)
  };
  const onPageHide = () => {
    leaving = true;
    session?.setItem(ID_KEY, id);
    if (state === 'active' && read()?.id === id) local?.removeItem(KEY);
  };
  const onPageShow = (event: Event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    leaving = false;
    session?.removeItem(ID_KEY); // back from the back/forward cache: this page lives on
    check();
  };
  const onVisibility = () => {
    if (globalThis.document?.visibilityState !== 'hidden') check();
  };

  let started = false;
  return {
    id,
    start() {
      if (started) return;
      started = true;
      check();
      events?.addEventListener('storage', onStorage);
      events?.addEventListener('pagehide', onPageHide);
      events?.addEventListener('pageshow', onPageShow);
      globalThis.document?.addEventListener('visibilitychange', onVisibility);
      if (state === 'active' && local) timer = setInterval(check, heartbeatMs);
    },
    stop() {
      if (!started) return;
      started = false;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      events?.removeEventListener('storage', onStorage);
      events?.removeEventListener('pagehide', onPageHide);
      events?.removeEventListener('pageshow', onPageShow);
      globalThis.document?.removeEventListener('visibilitychange', onVisibility);
    },
    check,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
