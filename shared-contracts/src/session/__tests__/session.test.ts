import { ApiError } from '../../api/errors';
import { fakeJwt, installFakeFetch } from '../../testing';
import {
  decodeToken,
  getAccessToken,
  getCurrentUser,
  hydrateSession,
  initSession,
  isTokenExpired,
  setNavigator,
  setTokens,
  signIn,
  completeTwoFactorSignIn,
  needsSecondFactor,
  STORAGE_KEYS,
  type User,
} from '..';

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
});

describe('tokens', () => {
  it('decodes the payload of a JWT and rejects garbage', () => {
    expect(decodeToken(fakeJwt(60, { sub: '7', name_first: 'Thandi' }))?.name_first).toBe('Thandi');
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });

  it('treats an unreadable or past token as expired', () => {
    expect(isTokenExpired(fakeJwt(600))).toBe(false);
    expect(isTokenExpired(fakeJwt(-1))).toBe(true);
    expect(isTokenExpired('garbage')).toBe(true);
  });

  it('refreshes a little early, but never a short-lived token the moment it is issued', () => {
    const now = Date.now();
    const iat = Math.floor(now / 1000);
    expect(isTokenExpired(fakeJwt(3, { iat: iat - 597 }), now)).toBe(true); // 3 s left of 600
    expect(isTokenExpired(fakeJwt(5, { iat }), now)).toBe(false); // a fresh 5 s token
    expect(isTokenExpired(fakeJwt(0.5, { iat: iat - 4.5 }), now)).toBe(true); // 0.5 s left of 5
  });
});

describe('signIn', () => {
  it('stores both tokens under the spec keys and the merged current user', async () => {
    const access = fakeJwt(600, { sub: '7', user_status: 1 });
    installFakeFetch((request) =>
      request.path === '/authO/login'
        ? { status: 200, body: { accessToken: access, refreshToken: fakeJwt(3600) } }
        : {
            status: 200,
            body: { statusCode: 0, result: { id: 7, email: 'a@b.co', name_first: 'Thandi', balance: 10 } },
          },
    );

    const outcome = await signIn('a@b.co', 'pw');

    expect(needsSecondFactor(outcome)).toBe(false);
    const user = outcome as User;
    expect(user.name_first).toBe('Thandi');
    expect(user.tokenPayload?.user_status).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser) ?? '{}').name_first).toBe('Thandi');
    // lastUpdate is the update notice's (shown at most once per hour), not a sign-in stamp.
    expect(localStorage.getItem(STORAGE_KEYS.lastUpdate)).toBeNull();
  });

  it('throws an ApiError with the status on bad credentials and stores nothing', async () => {
    installFakeFetch(() => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Login unsuccessful' },
    }));

    await expect(signIn('a@b.co', 'wrong')).rejects.toMatchObject({ status: 401 });
    await expect(signIn('a@b.co', 'wrong')).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
  });

  it('reports a lock with the Retry-After seconds', async () => {
    installFakeFetch(() => ({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts', code: 'RATE_LIMITED' },
      headers: { 'Retry-After': '900' },
    }));

    await expect(signIn('a@b.co', 'pw')).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 900,
    });
  });

  it('lets the browser send and keep the device cookie (same-origin credentials)', async () => {
    const log = installFakeFetch(() => ({ status: 401, body: { message: 'Login unsuccessful' } }));

    await expect(signIn('a@b.co', 'pw')).rejects.toMatchObject({ status: 401 });
    expect(log[0]?.credentials).toBe('same-origin');
  });
});

describe('two-factor sign-in', () => {
  const access = fakeJwt(600, { sub: '7', user_status: 1 });
  const refresh = fakeJwt(3600, { sub: '7' });

  it('stores nothing after the password when a second factor is needed, and says so with the challenge', async () => {
    const log = installFakeFetch(() => ({
      status: 200,
      body: { twoFactorRequired: true, challenge: 'signed.challenge' },
    }));

    const outcome = await signIn('a@b.co', 'pw');

    expect(needsSecondFactor(outcome)).toBe(true);
    expect(outcome).toEqual({ twoFactorRequired: true, challenge: 'signed.challenge' });
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(getCurrentUser()).toBeNull();
    expect(log.map((r) => r.path)).toEqual(['/authO/login']);
  });

  it('completes with the challenge and a code: stores the tokens and loads the user', async () => {
    const log = installFakeFetch((request) =>
      request.path === '/authO/login/2fa'
        ? { status: 200, body: { accessToken: access, refreshToken: refresh } }
        : {
            status: 200,
            body: { statusCode: 0, result: { id: 7, email: 'a@b.co', name_first: 'Thandi', balance: 0 } },
          },
    );

    const user = await completeTwoFactorSignIn('signed.challenge', '123456');

    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/authO/login/2fa',
      body: { challenge: 'signed.challenge', code: '123456' },
      authorization: null,
      credentials: 'same-origin',
    });
    expect(log[1]).toMatchObject({ method: 'GET', path: '/user/viewuserinfo', authorization: `Bearer ${access}` });
    expect(user.name_first).toBe('Thandi');
    expect(getAccessToken()).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(refresh);
  });

  it("throws the server's refusal of a wrong code and stores nothing", async () => {
    installFakeFetch(() => ({
      status: 401,
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'The code is not valid. Try again or use a recovery code.',
        code: 'CODE_INVALID',
      },
    }));

    await expect(completeTwoFactorSignIn('signed.challenge', '000000')).rejects.toMatchObject({
      status: 401,
      code: 'CODE_INVALID',
      message: 'The code is not valid. Try again or use a recovery code.',
    });
    expect(getAccessToken()).toBeNull();
  });
});

describe('initSession (account-area.md section 4)', () => {
  it('does nothing without tokens', async () => {
    const log = installFakeFetch(() => ({ status: 500 }));
    await initSession('/dashboard');
    expect(log).toHaveLength(0);
  });

  it('refreshes and replaces both tokens when access expired and refresh valid', async () => {
    const access = fakeJwt(600, { n: 2 });
    const refresh = fakeJwt(3600, { n: 2 });
    setTokens({ accessToken: fakeJwt(-10), refreshToken: fakeJwt(3600) });
    installFakeFetch(() => ({ status: 200, body: { accessToken: access, refreshToken: refresh } }));

    await initSession('/dashboard');

    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(refresh);
  });

  it('logs out to /login when both tokens are expired', async () => {
    setTokens({ accessToken: fakeJwt(-10), refreshToken: fakeJwt(-10) });
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ id: 1 }));
    hydrateSession();
    const navigate = jest.fn();
    setNavigator(navigate);
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'ok' } }));

    await initSession('/dashboard');

    expect(navigate).toHaveBeenCalledWith('/login');
    expect(getCurrentUser()).toBeNull();
  });

  it('logs out when the access token is unreadable, but not on /login itself', async () => {
    setTokens({ accessToken: 'garbage', refreshToken: fakeJwt(-10) });
    const navigate = jest.fn();
    setNavigator(navigate);
    installFakeFetch(() => ({ status: 200, body: {} }));

    await initSession('/login');
    expect(navigate).not.toHaveBeenCalled();

    await initSession('/books');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('offline (the refresh cannot reach the server) keeps the session and its user', async () => {
    const access = fakeJwt(-10);
    const refresh = fakeJwt(3600);
    setTokens({ accessToken: access, refreshToken: refresh });
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ id: 1, email: 'a@b.co' }));
    hydrateSession();
    const navigate = jest.fn();
    setNavigator(navigate);
    const log = installFakeFetch(() => new TypeError('Failed to fetch'));

    await initSession('/profile');

    expect(log.map((request) => request.path)).toEqual(['/authO/refresh']);
    expect(navigate).not.toHaveBeenCalled();
    expect(getCurrentUser()?.email).toBe('a@b.co');
    expect(getAccessToken()).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(refresh);
  });

  it('logs out when the server refuses the refresh', async () => {
    setTokens({ accessToken: fakeJwt(-10), refreshToken: fakeJwt(3600) });
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ id: 1 }));
    hydrateSession();
    const navigate = jest.fn();
    setNavigator(navigate);
    installFakeFetch((request) =>
      request.path === '/authO/refresh'
        ? { status: 401, body: { statusCode: 401, message: 'Unable to refresh token' } }
        : { status: 200, body: { statusCode: 0, description: 'ok' } },
    );

    await initSession('/profile');

    expect(navigate).toHaveBeenCalledWith('/login');
    expect(getCurrentUser()).toBeNull();
  });
});
