import { userStatusRedirect } from '../user-status-redirect';

describe('userStatusRedirect', () => {
  it.each(['/dashboard', '/books', '/new-book/publishing-rights', '/checkout/cart', '/profile', '/'])(
    'sends a user_status 0 user from %s to /activate-account-info',
    (path) => {
      expect(userStatusRedirect(path, 0, false)).toBe('/activate-account-info');
    },
  );

  it.each([
    '/activate-account-info',
    '/login',
    '/register',
    '/register/your-details',
    '/verify',
    '/forgot-password',
    '/reset-password',
    '/tab-error',
  ])('lets a user_status 0 user open %s', (path) => {
    expect(userStatusRedirect(path, 0, false)).toBeNull();
  });

  it('sends a user_status 2 user with books to re-sign to /resign-contract, except from the re-sign screens', () => {
    expect(userStatusRedirect('/books', 2, true)).toBe('/resign-contract');
    expect(userStatusRedirect('/resign-contract', 2, true)).toBeNull();
    expect(userStatusRedirect('/renewal', 2, true)).toBeNull();
    expect(userStatusRedirect('/books', 2, false)).toBeNull();
  });

  it('leaves an active user (1) and an unknown status alone', () => {
    expect(userStatusRedirect('/books', 1, true)).toBeNull();
    expect(userStatusRedirect('/books', undefined, false)).toBeNull();
  });
});
