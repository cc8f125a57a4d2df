import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEW_VERSION_EVENT, STORAGE_KEYS, MemoryRouter } from '@pod/shared-contracts';
import { announceNewVersion, setWaitingWorkerActivator } from '../../pwa/new-version';
import { UPDATE_NOTICE_INTERVAL_MS, UpdateNotice } from '../update-notice';

const NOW = Date.parse('2026-03-02T09:00:00Z');
const HOUR = UPDATE_NOTICE_INTERVAL_MS;

function renderNotice(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <UpdateNotice />
    </MemoryRouter>,
  );
}

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  localStorage.clear();
});

afterEach(() => {
  setWaitingWorkerActivator(null);
  jest.useRealTimers();
});

describe('UpdateNotice', () => {
  it("shows 'Update available' with a Refresh link when a new version is announced", () => {
    renderNotice('/books');
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();

    act(() => announceNewVersion({ source: 'remotes' }));

    const notice = screen.getByRole('status', { name: 'Update available' });
    expect(notice).toHaveTextContent('A new version of the portal is ready.');
    expect(screen.getByRole('link', { name: 'Refresh' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lastUpdate)).toBe(String(NOW));
  });

  it('listens to the window event itself, whoever raises it', () => {
    renderNotice('/orders');
    act(() => {
      window.dispatchEvent(new CustomEvent(NEW_VERSION_EVENT, { detail: { source: 'service-worker' } }));
    });
    expect(screen.getByRole('status', { name: 'Update available' })).toBeInTheDocument();
  });

  it('Refresh applies the update (the waiting service worker takes over)', async () => {
    const activate = jest.fn();
    setWaitingWorkerActivator(activate);
    renderNotice('/books');
    act(() => announceNewVersion({ source: 'service-worker' }));

    await user().click(screen.getByRole('link', { name: 'Refresh' }));

    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('shows at most once per hour, also across page loads (lastUpdate)', () => {
    localStorage.setItem(STORAGE_KEYS.lastUpdate, String(NOW - 40 * 60_000));
    renderNotice('/books');

    act(() => announceNewVersion({ source: 'remotes' }));
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(20 * 60_000 - 1));
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Update available' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lastUpdate)).toBe(String(NOW + 20 * 60_000));
  });

  it("'Later' closes it; it comes back an hour after it was shown", async () => {
    renderNotice('/books');
    act(() => announceNewVersion({ source: 'remotes' }));

    await user().click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();
    act(() => announceNewVersion({ source: 'remotes' }));
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(HOUR));
    expect(screen.getByRole('status', { name: 'Update available' })).toBeInTheDocument();
  });

  it.each(['/dashboard', '/login', '/'])(
    "on the key route %s it is the 'New Version' modal, which reloads",
    async (path) => {
      const activate = jest.fn();
      setWaitingWorkerActivator(activate);
      renderNotice(path);
      act(() => announceNewVersion({ source: 'service-worker' }));

      const dialog = screen.getByRole('dialog', { name: 'New Version' });
      expect(dialog).toHaveTextContent('A new version of the portal is available.');
      expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();
      await user().click(screen.getByRole('button', { name: 'Reload' }));
      expect(activate).toHaveBeenCalledTimes(1);
    },
  );

  it("the modal's 'Later' closes it", async () => {
    renderNotice('/dashboard');
    act(() => announceNewVersion({ source: 'remotes' }));
    await user().click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog', { name: 'New Version' })).not.toBeInTheDocument();
  });
});
