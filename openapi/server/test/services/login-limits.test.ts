import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import {
  buildTestApp,
  createClock,
  latestMail,
  linkIn,
  registerUser,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.js';

/**
 * Login limits under concurrency and the device-cookie exemption (OWASP "Slow Down Online Guessing
 * Attacks with Device Cookies"). Run on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const DEVICE_COOKIE = 'pod_device';
const perAccount = DEFAULT_RATE_LIMITS.loginFailuresPerEmail;
const perAddress = DEFAULT_RATE_LIMITS.loginFailuresPerAddress;
const WRONG = 'Wrong#Pass1';

describe('login limits', () => {
  const clock = createClock();
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
  });
  after(() => t.close());

  const login = (email: string, password: string, remoteAddress: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/authO/login',
      payload: { email, password },
      remoteAddress,
      ...(device !== undefined && { cookies: { [DEVICE_COOKIE]: device } }),
    });

  /** Signs in once from a fresh address and answers the device cookie the browser would keep. */
  async function deviceCookieOf(email: string, password: string): Promise<string> {
    const response = await login(email, password, uniqueAddress());
    assert.equal(response.statusCode, 200);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    assert.ok(cookie, 'a successful login sets the device cookie');
    return cookie.value;
  }

  /** Counts answers by status. */
  function statuses(responses: { statusCode: number }[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }

  /** Starts every test in fresh windows, so one test's failures never limit the next. */
  const nextWindow = () => clock.advance(Math.max(perAccount.windowSeconds, perAddress.windowSeconds));

  it('evaluates exactly the per-account limit of 30 parallel wrong passwords', async () => {
    nextWindow();
    const user = await registerUser(t.app);
    const responses = await Promise.all(Array.from({ length: 30 }, () => login(user.email, WRONG, uniqueAddress())));
    assert.deepEqual(statuses(responses), { 401: perAccount.max, 429: 30 - perAccount.max });
  });

  it('evaluates exactly the per-address limit of parallel failures across e-mails', async () => {
    nextWindow();
    const address = uniqueAddress();
    const responses = await Promise.all(
      Array.from({ length: perAddress.max + 15 }, () => login(uniqueEmail('ghost'), WRONG, address)),
    );
    assert.deepEqual(statuses(responses), { 401: perAddress.max, 429: 15 });
  });

  it('sets a signed device cookie: HttpOnly, SameSite=Strict, scoped to /api/v1/authO, long-lived', async () => {
    const user = await registerUser(t.app);
    const response = await login(user.email, user.password, uniqueAddress());
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/api/v1/authO');
    assert.ok((cookie.maxAge ?? 0) >= 30 * 24 * 60 * 60);
    assert.equal(cookie.secure, undefined, 'not Secure while PUBLIC_URL is http');
  });

  it('lets a correct password with its device cookie through an address that exceeded its limit', async () => {
    nextWindow();
    const victim = await registerUser(t.app);
    const device = await deviceCookieOf(victim.email, victim.password);
    const address = uniqueAddress();
    for (let i = 0; i < perAddress.max + 5; i += 1) await login(uniqueEmail('ghost'), WRONG, address);

    assert.equal((await login(victim.email, victim.password, address, device)).statusCode, 200);
    // Without the cookie she is an untrusted client behind a throttled address.
    assert.equal((await login(victim.email, victim.password, address)).statusCode, 429);
  });

  it('lets the real user sign in with her device cookie after failures from elsewhere locked the account', async () => {
    nextWindow();
    const victim = await registerUser(t.app);
    const device = await deviceCookieOf(victim.email, victim.password);
    for (let i = 0; i < perAccount.max + 3; i += 1) await login(victim.email, WRONG, uniqueAddress());

    assert.equal((await login(victim.email, victim.password, uniqueAddress())).statusCode, 429);
    assert.equal((await login(victim.email, victim.password, uniqueAddress(), device)).statusCode, 200);
  });

  it('gives no exemption to a forged, other-account or expired device cookie', async () => {
    nextWindow();
    const victim = await registerUser(t.app);
    const other = await registerUser(t.app);
    const device = await deviceCookieOf(victim.email, victim.password);
    const otherDevice = await deviceCookieOf(other.email, other.password);
    for (let i = 0; i < perAccount.max; i += 1) await login(victim.email, WRONG, uniqueAddress());

    const victimId = device.split('.')[0]!;
    // Another account's signed cookie relabelled with the victim's id; a flipped signature character.
    const relabelled = [victimId, ...otherDevice.split('.').slice(1)].join('.');
    const flipped = device.slice(0, -1) + (device.at(-1) === 'A' ? 'B' : 'A');
    for (const cookie of [relabelled, flipped, otherDevice, 'garbage', '']) {
      assert.equal((await login(victim.email, victim.password, uniqueAddress(), cookie)).statusCode, 429, cookie);
    }

    // A cookie past its lifetime: the account is locked again in the new windows.
    clock.advance(400 * 24 * 60 * 60);
    for (let i = 0; i < perAccount.max; i += 1) await login(victim.email, WRONG, uniqueAddress());
    assert.equal((await login(victim.email, victim.password, uniqueAddress(), device)).statusCode, 429);
  });

  it('locks a device cookie after its own failures, without locking the account elsewhere', async () => {
    nextWindow();
    const user = await registerUser(t.app);
    const device = await deviceCookieOf(user.email, user.password);
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => login(user.email, WRONG, uniqueAddress(), device)),
    );
    assert.deepEqual(statuses(responses), { 401: perAccount.max, 429: 25 - perAccount.max });
    const locked = await login(user.email, user.password, uniqueAddress(), device);
    assert.equal(locked.statusCode, 429);
    assert.equal(Number(locked.headers['retry-after']), perAccount.windowSeconds);
    // Guessing through the cookie did not lock the account for her other browsers.
    assert.equal((await login(user.email, user.password, uniqueAddress())).statusCode, 200);
  });

  it('lifts the account lock when the owner resets her password through the e-mailed link', async () => {
    nextWindow();
    const victim = await registerUser(t.app);
    for (let i = 0; i < perAccount.max; i += 1) await login(victim.email, WRONG, uniqueAddress());
    assert.equal((await login(victim.email, victim.password, uniqueAddress())).statusCode, 429);

    const forgot = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/forgotpwd/${encodeURIComponent(victim.email)}`,
      remoteAddress: uniqueAddress(),
    });
    assert.equal(forgot.statusCode, 200);
    const mail = await latestMail(t.app, victim.email);
    const { id, token } = linkIn(mail?.text_body ?? '', '/reset-password');
    const fresh = 'N3w#Passw0rd';
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/pwdlinkcheck/${id}/${encodeURIComponent(token)}`,
      payload: { password: fresh, confirm_password: fresh },
    });
    assert.equal(reset.statusCode, 200);

    assert.equal((await login(victim.email, fresh, uniqueAddress())).statusCode, 200);
  });

  it('keeps the state in the database: a second app instance on the same database sees the lock', async () => {
    nextWindow();
    const { buildApp } = await import('../../src/app.js');
    const { specPath, TEST_JWT_SECRET } = await import('../helpers/test-app.js');
    const second = await buildApp({ specPath, db: t.app.db, config: { jwtSecret: TEST_JWT_SECRET, now: clock.now } });
    try {
      const user = await registerUser(t.app);
      for (let i = 0; i < perAccount.max; i += 1) await login(user.email, WRONG, uniqueAddress());
      const response = await second.inject({
        method: 'POST',
        url: '/api/v1/authO/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: uniqueAddress(),
      });
      assert.equal(response.statusCode, 429);
    } finally {
      await second.close();
    }
  });
});
