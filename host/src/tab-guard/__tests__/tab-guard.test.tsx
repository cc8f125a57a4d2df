import { act, renderHook } from '@testing-library/react';
import { ACTIVE_TAB_STORAGE_KEYS } from '@pod/shared-contracts';
import { MemoryStorage } from '../../test-support/memory-storage';
import { createTabGuard, HEARTBEAT_MS, type TabGuard } from '../tab-guard';
import { useTabGuard } from '../use-tab-guard';

const KEY = ACTIVE_TAB_STORAGE_KEYS.activeTab;

/** One browser: a shared localStorage; each tab its own sessionStorage and event target. */
function browser() {
  const local = new MemoryStorage();
  let count = 0;
  const guards: TabGuard[] = [];
  const openTab = (session = new MemoryStorage()) => {
    count += 1;
    const events = new EventTarget() as unknown as Window;
    const guard = createTabGuard({ local, session, events, createId: () => `tab-${count}` });
    guards.push(guard);
    return { guard, session, events };
  };
  /** What a browser does in the OTHER tabs when one writes localStorage. */
  const notify = (...tabs: { events: Window }[]) =>
    tabs.forEach(({ events }) => events.dispatchEvent(new StorageEvent('storage', { key: KEY })));
  const record = () => JSON.parse(local.getItem(KEY) ?? 'null') as { id: string; timestamp: number } | null;
  return { local, openTab, notify, record, stopAll: () => guards.forEach((guard) => guard.stop()) };
}

let world: ReturnType<typeof browser>;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
  world = browser();
});

afterEach(() => {
  world.stopAll();
  jest.useRealTimers();
});

describe('createTabGuard', () => {
  it('lets the first tab claim the portal', () => {
    const { guard } = world.openTab();

    guard.start();

    expect(guard.getState()).toBe('active');
    expect(world.record()).toEqual({ id: 'tab-1', timestamp: Date.now() });
  });

  it('blocks a second tab opened while the first lives, without touching its record', () => {
    const first = world.openTab();
    first.guard.start();
    jest.advanceTimersByTime(2_000);
    const before = world.record();

    const second = world.openTab();
    second.guard.start();

    expect(second.guard.getState()).toBe('blocked');
    expect(world.record()).toEqual(before);
    expect(first.guard.getState()).toBe('active');
  });

  it('keeps the owner alive with a heartbeat, so a tab opened a minute later is still blocked', () => {
    const first = world.openTab();
    first.guard.start();

    jest.advanceTimersByTime(60_000);
    expect(world.record()?.timestamp).toBeGreaterThan(Date.now() - HEARTBEAT_MS - 1);

    const second = world.openTab();
    second.guard.start();
    expect(second.guard.getState()).toBe('blocked');
  });

  it('claims over a stale record (its tab died without releasing it)', () => {
    world.local.setItem(KEY, JSON.stringify({ id: 'dead-tab', timestamp: Date.now() - 10_000 }));
    const { guard } = world.openTab();

    guard.start();

    expect(guard.getState()).toBe('active');
    expect(world.record()?.id).toBe('tab-1');
  });

  it('blocks the older tab when, on a storage event, it finds a fresh record of another tab', () => {
    const first = world.openTab();
    first.guard.start();
    jest.advanceTimersByTime(HEARTBEAT_MS);

    // The first tab was frozen long enough for its record to go stale; a new tab claimed.
    world.local.setItem(KEY, JSON.stringify({ id: 'newer-tab', timestamp: Date.now() }));
    world.notify(first);

    expect(first.guard.getState()).toBe('blocked');
    expect(world.record()?.id).toBe('newer-tab');
  });

  it('finds the conflict on its periodic check even without a storage event', () => {
    const first = world.openTab();
    first.guard.start();
    world.local.setItem(KEY, JSON.stringify({ id: 'newer-tab', timestamp: Date.now() }));

    jest.advanceTimersByTime(HEARTBEAT_MS);

    expect(first.guard.getState()).toBe('blocked');
  });

  it('stays blocked and never claims, even after the owner is gone (until the page loads again)', () => {
    const first = world.openTab();
    first.guard.start();
    const second = world.openTab();
    second.guard.start();

    first.events.dispatchEvent(new Event('pagehide'));
    expect(world.record()).toBeNull();
    world.notify(second);
    jest.advanceTimersByTime(30_000);

    expect(second.guard.getState()).toBe('blocked');
    expect(world.record()).toBeNull();
  });

  it('re-claims its record when a logout cleared the storage', () => {
    const { guard, events } = world.openTab();
    guard.start();

    world.local.clear();
    events.dispatchEvent(new StorageEvent('storage', { key: null }));

    expect(world.record()?.id).toBe('tab-1');
    expect(guard.getState()).toBe('active');
  });

  it('releases the record on pagehide and keeps its id across a reload', () => {
    const first = world.openTab();
    first.guard.start();

    first.events.dispatchEvent(new Event('pagehide'));
    first.guard.stop();
    expect(world.record()).toBeNull();

    const reloaded = world.openTab(first.session);
    reloaded.guard.start();
    expect(reloaded.guard.id).toBe('tab-1');
    expect(reloaded.guard.getState()).toBe('active');
  });

  it('keeps its id across a reload even when the record was not released in time', () => {
    const first = world.openTab();
    first.guard.start();
    first.session.setItem(ACTIVE_TAB_STORAGE_KEYS.tabId, first.guard.id); // what pagehide hands over
    first.guard.stop();

    const reloaded = world.openTab(first.session);
    reloaded.guard.start();

    expect(reloaded.guard.getState()).toBe('active');
  });

  it('does not let a duplicated tab (a copy of a live tab session storage) pass as the original', () => {
    const first = world.openTab();
    first.guard.start();

    const copy = new MemoryStorage();
    for (let i = 0; i < first.session.length; i += 1) {
      const key = first.session.key(i) as string;
      copy.setItem(key, first.session.getItem(key) as string);
    }
    const duplicate = world.openTab(copy);
    duplicate.guard.start();

    expect(duplicate.guard.id).not.toBe(first.guard.id);
    expect(duplicate.guard.getState()).toBe('blocked');
  });
});

describe('useTabGuard', () => {
  it('starts the guard and re-renders when another tab takes over', () => {
    const first = world.openTab();
    const { result, unmount } = renderHook(() => useTabGuard(first.guard));
    expect(result.current).toBe('active');
    expect(world.record()?.id).toBe('tab-1');

    act(() => {
      world.local.setItem(KEY, JSON.stringify({ id: 'newer-tab', timestamp: Date.now() }));
      world.notify(first);
    });
    expect(result.current).toBe('blocked');

    unmount();
  });

  it('reports a second tab as blocked from its first check', () => {
    world.openTab().guard.start();
    const second = world.openTab();

    const { result } = renderHook(() => useTabGuard(second.guard));

    expect(result.current).toBe('blocked');
  });

  it('stops its heartbeat when unmounted', () => {
    const { guard } = world.openTab();
    const { unmount } = renderHook(() => useTabGuard(guard));
    const claimedAt = world.record()?.timestamp;

    unmount();
    jest.advanceTimersByTime(HEARTBEAT_MS * 3);

    expect(world.record()?.timestamp).toBe(claimedAt);
  });
});

describe('the back/forward cache', () => {
  it('re-claims when the page comes back from it', () => {
    const { guard, events, session } = world.openTab();
    guard.start();
    events.dispatchEvent(new Event('pagehide'));
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(world.record()).toBeNull();

    events.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));

    expect(world.record()?.id).toBe(guard.id);
    expect(session.getItem(ACTIVE_TAB_STORAGE_KEYS.tabId)).toBeNull();
  });
});
