import { act, screen } from '@testing-library/react';
import { ACTIVE_TAB_STORAGE_KEYS, navigateTo } from '@pod/shared-contracts';
import { MemoryStorage } from '../../test-support/memory-storage';
import { renderApp, THANDI } from '../../test-support/render-app';
import { createTabGuard, HEARTBEAT_MS } from '../tab-guard';

const KEY = ACTIVE_TAB_STORAGE_KEYS.activeTab;
const NOTICE = { level: 1, name: 'Important Notice: Data Integrity and Security' } as const;

let local: MemoryStorage;
let events: Window;

function thisTab() {
  return createTabGuard({ local, session: new MemoryStorage(), events, createId: () => 'this-tab' });
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
  local = new MemoryStorage();
  events = new EventTarget() as unknown as Window;
});

afterEach(() => jest.useRealTimers());

describe('the tab guard in the portal', () => {
  it('sends a second tab to /tab-error and keeps it there', async () => {
    local.setItem(KEY, JSON.stringify({ id: 'first-tab', timestamp: Date.now() - 2_000 }));
    renderApp('/dashboard', { user: THANDI, tabGuard: thisTab() });

    expect(await screen.findByRole('heading', NOTICE)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tab-error');
    expect(screen.getByText(/Each book upload needs its own session tab/)).toBeInTheDocument();
    expect(screen.getByText(/continue in the other tab, or close it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
    expect(JSON.parse(local.getItem(KEY) ?? '{}').id).toBe('first-tab');

    act(() => navigateTo('/books'));
    expect(await screen.findByRole('heading', NOTICE)).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Important Notice');
  });

  it('claims a stale record and opens the page', async () => {
    local.setItem(KEY, JSON.stringify({ id: 'gone-tab', timestamp: Date.now() - 60_000 }));
    renderApp('/dashboard', { user: THANDI, tabGuard: thisTab() });

    expect(await screen.findByRole('heading', { name: 'remote_library/App at /dashboard' })).toBeInTheDocument();
    expect(JSON.parse(local.getItem(KEY) ?? '{}')).toEqual({ id: 'this-tab', timestamp: Date.now() });
  });

  it('moves the owning tab to /tab-error when a newer tab took over while it was asleep', async () => {
    renderApp('/books', { user: THANDI, tabGuard: thisTab() });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    local.setItem(KEY, JSON.stringify({ id: 'newer-tab', timestamp: Date.now() }));
    await act(async () => jest.advanceTimersByTime(HEARTBEAT_MS));

    expect(await screen.findByRole('heading', NOTICE)).toBeInTheDocument();
  });

  it('keeps its record fresh while it lives', async () => {
    renderApp('/books', { user: THANDI, tabGuard: thisTab() });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    await act(async () => jest.advanceTimersByTime(60_000));

    const record = JSON.parse(local.getItem(KEY) ?? '{}') as { id: string; timestamp: number };
    expect(record.id).toBe('this-tab');
    expect(Date.now() - record.timestamp).toBeLessThan(HEARTBEAT_MS + 1);
  });
});
