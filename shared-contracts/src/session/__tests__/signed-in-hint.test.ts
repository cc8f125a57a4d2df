import { setCurrentUser } from '../store';
import { SIGNED_IN_HINT_COOKIE } from '../../constants';
import { clearStorageExcept, STORAGE_KEYS, syncSignedInHint } from '../storage';
import type { User } from '../user';

const hint = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))
    ?.slice(SIGNED_IN_HINT_COOKIE.length + 1);

const user = { id: 7, name_first: 'Thandi' } as unknown as User;

beforeEach(() => {
  localStorage.clear();
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the signed-in hint cookie', () => {
  it('is set with the current user and holds nothing but 1', () => {
    setCurrentUser(user);
    expect(hint()).toBe('1');
    expect(document.cookie).not.toContain('Thandi');
  });

  it('goes when the user is cleared, and when logout clears storage', () => {
    setCurrentUser(user);
    setCurrentUser(null);
    expect(hint()).toBeUndefined();

    setCurrentUser(user);
    clearStorageExcept([STORAGE_KEYS.lastUpdate]);
    expect(hint()).toBeUndefined();
  });

  it('follows storage at start: set for a stored user, removed without one', () => {
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
    syncSignedInHint();
    expect(hint()).toBe('1');
    localStorage.removeItem(STORAGE_KEYS.currentUser);
    syncSignedInHint();
    expect(hint()).toBeUndefined();
  });
});
