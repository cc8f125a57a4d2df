import { installFakeFetch } from '../../testing';
import { QA_PINS_STORAGE_KEY } from '../../contracts';
import { logout } from '../logout';
import { setNavigator } from '../navigation';
import { STORAGE_KEYS } from '../storage';

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
});
