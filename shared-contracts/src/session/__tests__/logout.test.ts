import { installFakeFetch } from '../../testing';
import { alertsAtom, clearAlerts, raiseAlert } from '../../alerts';
import { QA_PINS_STORAGE_KEY } from '../../contracts';
import { logout } from '../logout';
import { setNavigator } from '../navigation';
import { STORAGE_KEYS } from '../storage';
import { sessionStore } from '../store';

describe('logout and session storage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0 } }));
    setNavigator(jest.fn());
  });

  it('clears session storage but keeps the QA version pins', async () => {
    sessionStorage.setItem(QA_PINS_STORAGE_KEY, 'checkout@1.3.0');
    sessionStorage.setItem('draft', 'user data');
    localStorage.setItem(STORAGE_KEYS.currentUser, '{"id":7}');
    localStorage.setItem(STORAGE_KEYS.lastUpdate, '123');

    await logout();

    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(sessionStorage.getItem(QA_PINS_STORAGE_KEY)).toBe('checkout@1.3.0');
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastUpdate)).toBe('123');
  });

  it('leaves no pins key behind when there were none', async () => {
    sessionStorage.setItem('draft', 'user data');

    await logout();

    expect(sessionStorage.length).toBe(0);
  });

  it("clears the page's alerts but keeps sticky ones, and raises none without a notice", async () => {
    sessionStore.set(alertsAtom, []);
    raiseAlert({ variant: 'danger', message: 'Said on the page being left' });
    raiseAlert({ variant: 'danger', message: 'Unable to refresh token', sticky: true });

    await logout();

    expect(sessionStore.get(alertsAtom)).toMatchObject([{ message: 'Unable to refresh token' }]);
    sessionStore.set(alertsAtom, []);
  });
});

describe('logout with a notice', () => {
  let navigate: jest.Mock;

  beforeEach(() => {
    localStorage.clear();
    sessionStore.set(alertsAtom, []);
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0 } }));
    navigate = jest.fn();
    setNavigator(navigate);
  });

  it('raises the notice once the stored session is gone, before going to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.currentUser, '{"id":7}');
    const seen: { storedUser: string | null; path: string | null }[] = [];
    const unsubscribe = sessionStore.sub(alertsAtom, () => {
      seen.push({
        storedUser: localStorage.getItem(STORAGE_KEYS.currentUser),
        path: (navigate.mock.calls[0]?.[0] as string | undefined) ?? null,
      });
    });

    await logout({ notice: { variant: 'success', message: 'Your password was changed successfully' } });
    unsubscribe();

    expect(seen).toEqual([{ storedUser: null, path: null }]);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(sessionStore.get(alertsAtom)).toMatchObject([
      { variant: 'success', message: 'Your password was changed successfully', sticky: true },
    ]);
  });

  it('keeps the notice when the page being left clears its alerts', async () => {
    await logout({ notice: { variant: 'success', title: 'Check your e-mail', message: 'Follow the link' } });

    clearAlerts();

    expect(sessionStore.get(alertsAtom)).toMatchObject([{ title: 'Check your e-mail', message: 'Follow the link' }]);
    clearAlerts({ all: true });
    expect(sessionStore.get(alertsAtom)).toEqual([]);
  });
});
