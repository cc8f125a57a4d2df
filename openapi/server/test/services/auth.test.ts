import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { buildApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../../src/config.js';
import { LOGIN_FAILED_MESSAGE, REFRESH_FAILED_MESSAGE } from '../../src/services/auth.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerUser,
  specPath,
  TEST_JWT_SECRET,
  uniqueAddress,
  type TestApp,
} from '../helpers/test-app.js';

const DAY = 24 * 60 * 60;

type Inject = TestApp['app']['inject'];

function api(inject: Inject) {
  return {
    login: (email: string, password: string) =>
      inject({ method: 'POST', url: '/api/v1/authO/login', payload: { email, password } }),
    refresh: (token: string) => inject({ method: 'POST', url: '/api/v1/authO/refresh', payload: { token } }),
    logout: (token: string) => inject({ method: 'DELETE', url: '/api/v1/authO/logout', payload: { token } }),
    me: (accessToken: string) =>
      inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(accessToken) }),
  };
}

describe('auth service', () => {
  const clock = createClock();
  let t: TestApp;
  let call: ReturnType<typeof api>;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now, accessTokenTtlSeconds: 60 } });
    call = api(t.app.inject.bind(t.app));
  });
  after(() => t.close());

  describe('login', () => {
    it('returns an access and a refresh token for the right password', async () => {
      const user = await registerUser(t.app);
      const response = await call.login(user.email.toUpperCase(), user.password);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(Object.keys(body).sort(), ['accessToken', 'refreshToken']);

      const claims = decodeJwt(body.accessToken);
      assert.equal(claims.sub, String((await t.app.userRepository.findByEmail(user.email))?.id));
      assert.equal(claims.email, user.email);
      assert.equal(claims.name_first, 'Lerato');
      assert.equal(claims.name_last, 'Mokoena');
      assert.equal(claims.user_status, 0);
      assert.equal(claims.typ, 'access');
      assert.equal(decodeJwt(body.refreshToken).typ, 'refresh');
      assert.equal(typeof decodeJwt(body.refreshToken).fam, 'string');
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const user = await registerUser(t.app);
      for (const response of [
        await call.login(user.email, 'Wrong#Pass1'),
        await call.login('nobody@example.test', 'x'),
      ]) {
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.json(), { statusCode: 401, error: 'Unauthorized', message: LOGIN_FAILED_MESSAGE });
      }
    });

    it('asks for the missing e-mail or password', async () => {
      const noEmail = await call.login(' ', 'x');
      assert.equal(noEmail.statusCode, 400);
      assert.equal(noEmail.json().message, 'Please enter your email address');
      for (const password of ['', '   ']) {
        const noPassword = await call.login('a@b.co', password);
        assert.deepEqual(noPassword.json(), {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Please enter your password',
          code: 'VALIDATION',
        });
      }
    });
  });

  describe('rate limits', () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.loginFailuresPerEmail;
    const login = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/authO/login', payload: { email, password }, remoteAddress });

    it('locks an e-mail after repeated failures, even for the right password, until the window ends', async () => {
      const user = await registerUser(t.app);
      for (let i = 0; i < max; i += 1) {
        assert.equal((await login(user.email, 'Wrong#Pass1', uniqueAddress())).statusCode, 401);
      }
      const locked = await login(user.email.toUpperCase(), user.password, uniqueAddress());
      assert.equal(locked.statusCode, 429);
      assert.equal(locked.json().code, 'RATE_LIMITED');
      assert.equal(locked.json().message, 'Too many attempts, please try again in a few minutes');
      assert.equal(Number(locked.headers['retry-after']), windowSeconds);

      clock.advance(windowSeconds);
      assert.equal((await login(user.email, user.password, uniqueAddress())).statusCode, 200);
    });

    it('limits failures per client address across e-mails; successes never count', async () => {
      const perAddress = DEFAULT_RATE_LIMITS.loginFailuresPerAddress;
      const address = '198.51.100.9';
      const user = await registerUser(t.app);
      for (let i = 0; i < max + 5; i += 1) {
        assert.equal((await login(user.email, user.password, address)).statusCode, 200);
      }
      for (let i = 0; i < perAddress.max; i += 1) {
        assert.equal((await login(`ghost${i}@example.test`, 'x', address)).statusCode, 401);
      }
      const limited = await login(user.email, user.password, address);
      assert.equal(limited.statusCode, 429);
      assert.equal((await login(user.email, user.password, uniqueAddress())).statusCode, 200);
      clock.advance(perAddress.windowSeconds);
    });
  });

  describe('refresh', () => {
    it('rotates: the new pair works and the presented refresh token does not work twice', async () => {
      const user = await registerUser(t.app);
      const first = await call.refresh(user.refreshToken);
      assert.equal(first.statusCode, 200);
      const rotated = first.json();
      assert.notEqual(rotated.refreshToken, user.refreshToken);
      assert.equal(decodeJwt(rotated.refreshToken).fam, decodeJwt(user.refreshToken).fam);
      assert.equal((await call.me(rotated.accessToken)).statusCode, 200);

      const replay = await call.refresh(user.refreshToken);
      assert.equal(replay.statusCode, 401);
      assert.deepEqual(replay.json(), { statusCode: 401, error: 'Unauthorized', message: REFRESH_FAILED_MESSAGE });
    });

    it('revokes the whole family on reuse, so the newest token stops working too', async () => {
      const user = await registerUser(t.app);
      const second = (await call.refresh(user.refreshToken)).json().refreshToken as string;
      const third = (await call.refresh(second)).json().refreshToken as string;

      assert.equal((await call.refresh(user.refreshToken)).statusCode, 401); // reuse of the first
      assert.equal((await call.refresh(third)).statusCode, 401); // the newest died with its family

      // Other sessions of the same user are other families and survive.
      const other = (await call.login(user.email, user.password)).json().refreshToken as string;
      assert.equal((await call.refresh(other)).statusCode, 200);
    });

    it('rejects garbage and access tokens', async () => {
      const user = await registerUser(t.app);
      for (const token of ['', 'garbage', user.accessToken]) {
        const response = await call.refresh(token);
        assert.equal(response.statusCode, 401, token);
        assert.equal(response.json().message, REFRESH_FAILED_MESSAGE);
      }
    });

    it('ends the family 30 days after login however often it was rotated', async () => {
      const user = await registerUser(t.app);
      clock.advance(29 * DAY);
      let token = (await call.refresh(user.refreshToken)).json().refreshToken as string;
      clock.advance(DAY - 10);
      const lastRotation = await call.refresh(token);
      assert.equal(lastRotation.statusCode, 200);
      token = lastRotation.json().refreshToken;
      assert.equal(decodeJwt(token).exp, decodeJwt(user.refreshToken).exp, 'rotation never extends the session');

      clock.advance(11);
      const expired = await call.refresh(token);
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().message, REFRESH_FAILED_MESSAGE);
    });
  });

  describe('logout', () => {
    it('revokes the session of the presented refresh token', async () => {
      const user = await registerUser(t.app);
      const rotated = (await call.refresh(user.refreshToken)).json().refreshToken as string;
      const response = await call.logout(rotated);
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().statusCode, 0);
      assert.equal(typeof response.json().description, 'string');
      assert.equal((await call.refresh(rotated)).statusCode, 401);
    });

    it('answers 200 for unknown or invalid tokens', async () => {
      for (const token of ['', 'garbage', 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
        const response = await call.logout(token);
        assert.equal(response.statusCode, 200);
        assert.equal(response.json().statusCode, 0);
      }
    });
  });

  describe('access token', () => {
    it('expires after its lifetime', async () => {
      const user = await registerUser(t.app);
      assert.equal((await call.me(user.accessToken)).statusCode, 200);
      clock.advance(61);
      const expired = await call.me(user.accessToken);
      assert.equal(expired.statusCode, 401);
      assert.deepEqual(expired.json(), { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
    });
  });
  describe('ACCESS_TOKEN_TTL_SECONDS', () => {
    it('defaults the access-token lifetime to 15 minutes and reads overrides in seconds', () => {
      assert.equal(loadConfig({}).accessTokenTtlSeconds, 900);
      assert.equal(loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '5' }).accessTokenTtlSeconds, 5);
      assert.throws(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '-1' }));
      assert.equal(loadConfig({ RATE_LIMIT: 'off' }).rateLimits, false);
    });

    it('is honoured by buildApp: with 5, tokens live 5 seconds', async () => {
      const saved = process.env.ACCESS_TOKEN_TTL_SECONDS;
      process.env.ACCESS_TOKEN_TTL_SECONDS = '5';
      // A second app on the same (already migrated) database: no new PGlite to start.
      const shortLived = await buildApp({
        specPath,
        db: t.app.db,
        config: { jwtSecret: TEST_JWT_SECRET, now: clock.now },
      });
      try {
        const { accessToken } = await registerUser(shortLived);
        const claims = decodeJwt(accessToken);
        assert.equal((claims.exp ?? 0) - (claims.iat ?? 0), 5);
        const me = () =>
          shortLived.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(accessToken) });
        assert.equal((await me()).statusCode, 200);
        clock.advance(5);
        assert.equal((await me()).statusCode, 401);
      } finally {
        if (saved === undefined) delete process.env.ACCESS_TOKEN_TTL_SECONDS;
        else process.env.ACCESS_TOKEN_TTL_SECONDS = saved;
        await shortLived.close();
      }
    });
  });
});
