import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_HELP, runAdminCli } from '../../src/admin/command-line.js';
import { createAdminConsole } from '../../src/admin/index.js';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { totpSecretContext } from '../../src/domain/two-factor.js';
import { TWO_FACTOR_OFF_SUBJECT, TWO_FACTOR_ON_SUBJECT } from '../../src/services/emails.js';
import { PASSWORD_INCORRECT_MESSAGE } from '../../src/services/profile-changes.js';
import {
  ENABLE_CODE_INVALID_MESSAGE,
  NO_PENDING_SETUP_MESSAGE,
  TWO_FACTOR_OFF_MESSAGE,
  TWO_FACTOR_ON_MESSAGE,
} from '../../src/services/two-factor.js';
import {
  bearer,
  buildTestApp,
  createClock,
  latestMail,
  registerActiveUser,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';
import { loginRequest, setupTwoFactor, totpAt, turnOnTwoFactor } from '../helpers/two-factor.js';

type User = RegisteredUser & { id: number };

/**
 * The profile's two-factor settings (issue 15): POST /user/2fa/setup, /enable, /disable and
 * PUT /user/loginnotifications. Sign-in with a second factor: two-factor-login.test.ts.
 */
describe('two-factor settings', () => {
  const clock = createClock();
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({
      config: {
        now: clock.now,
        publicUrl: 'https://portal.example.test',
        rateLimits: { ...DEFAULT_RATE_LIMITS, twoFactorDisablesPerUser: { max: 3, windowSeconds: 3600 } },
      },
    });
  });
  after(() => t.close());

  const call = (user: User, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.accessToken), ...(payload && { payload }) });
  const userInfo = async (user: User) =>
    (await call(user, 'GET', '/user/viewuserinfo')).json<{ result: Record<string, unknown> }>().result;
  const row = (user: User) =>
    t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();

  it('answers a pending secret with its otpauth URI and an SVG QR code, sealed at rest, not yet on', async () => {
    const user = await registerActiveUser(t.app);
    const setup = await setupTwoFactor(t.app, user.accessToken);

    assert.match(setup.secret, /^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.host, 'totp');
    assert.equal(decodeURIComponent(uri.pathname), `/Print on Demand:${user.email}`);
    assert.equal(uri.searchParams.get('secret'), setup.secret);
    assert.equal(uri.searchParams.get('issuer'), 'Print on Demand');
    assert.match(setup.qrSvg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);

    const stored = await row(user);
    assert.equal(stored.totp_secret, null);
    assert.ok(stored.totp_pending_secret);
    assert.ok(!stored.totp_pending_secret.includes(setup.secret), 'the secret is not stored in clear');
    assert.equal(t.app.secretBox.open(stored.totp_pending_secret, totpSecretContext(user.id)), setup.secret);
    // Bound to its account: the same sealed value does not open as another user's.
    assert.equal(t.app.secretBox.open(stored.totp_pending_secret, totpSecretContext(user.id + 1)), undefined);
    assert.equal((await userInfo(user)).two_factor_enabled, false);

    // A second setup replaces the pending secret; the first one's codes no longer confirm.
    const again = await setupTwoFactor(t.app, user.accessToken);
    assert.notEqual(again.secret, setup.secret);
    const stale = await call(user, 'POST', '/user/2fa/enable', { code: await totpAt(setup.secret, clock.now()) });
    assert.equal(stale.statusCode, 400);
  });

  it('turns on with a code of the pending secret, answering 10 recovery codes once, stored hashed', async () => {
    const user = await registerActiveUser(t.app);
    const { secret } = await setupTwoFactor(t.app, user.accessToken);

    // A code of another moment (two minutes after the server's clock), and no code at all.
    const later = await totpAt(secret, new Date(clock.now().getTime() + 120_000));
    const wrong = await call(user, 'POST', '/user/2fa/enable', { code: later });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: ENABLE_CODE_INVALID_MESSAGE,
      code: 'CODE_INVALID',
    });
    assert.equal((await call(user, 'POST', '/user/2fa/enable', { code: 'abc' })).statusCode, 400);
    assert.equal((await userInfo(user)).two_factor_enabled, false);

    const code = await totpAt(secret, clock.now());
    const response = await call(user, 'POST', '/user/2fa/enable', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    assert.equal(response.statusCode, 200, response.body);
    const { recoveryCodes } = response.json<{ recoveryCodes: string[] }>();
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    for (const recovery of recoveryCodes) assert.match(recovery, /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);

    const stored = await t.app.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    assert.equal(stored.length, 10);
    const compact = recoveryCodes.map((c) => c.replace(/-/g, ''));
    for (const { code_hash } of stored) assert.ok(!compact.some((c) => code_hash.includes(c)));

    const info = await userInfo(user);
    assert.equal(info.two_factor_enabled, true);
    assert.ok(!JSON.stringify(info).includes(secret), 'the user never carries the secret');

    // The secret is never answered again, and another enable has nothing to confirm.
    const setupAgain = await call(user, 'POST', '/user/2fa/setup');
    assert.equal(setupAgain.statusCode, 409);
    assert.equal(setupAgain.json<{ message: string }>().message, TWO_FACTOR_ON_MESSAGE);
    assert.ok(!setupAgain.body.includes(secret));
    const enableAgain = await call(user, 'POST', '/user/2fa/enable', { code });
    assert.equal(enableAgain.statusCode, 409);
    assert.equal(enableAgain.json<{ code: string }>().code, 'TWO_FACTOR_ON');

    const mail = await latestMail(t.app, user.email);
    assert.equal(mail?.subject, TWO_FACTOR_ON_SUBJECT);
    assert.match(mail!.text_body, /turned on at 02-03-2026 10:00 SAST/);
  });

  it('refuses to confirm when no setup is waiting', async () => {
    const user = await registerActiveUser(t.app);
    const response = await call(user, 'POST', '/user/2fa/enable', { code: '123456' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), {
      statusCode: 409,
      error: 'Conflict',
      message: NO_PENDING_SETUP_MESSAGE,
      code: 'NO_PENDING_SETUP',
    });
  });

  it('turns off with the password only, dropping the secret and the recovery codes', async () => {
    const user = await registerActiveUser(t.app);
    await turnOnTwoFactor(t.app, user.accessToken, clock.now());

    const wrong = await call(user, 'POST', '/user/2fa/disable', { password: 'Not#ThePassword1' });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: PASSWORD_INCORRECT_MESSAGE,
      code: 'PASSWORD_INCORRECT',
    });
    assert.equal((await userInfo(user)).two_factor_enabled, true);

    const response = await call(user, 'POST', '/user/2fa/disable', { password: user.password });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { statusCode: 0, description: 'Two-factor authentication is off.' });
    assert.equal((await userInfo(user)).two_factor_enabled, false);
    const stored = await row(user);
    assert.deepEqual([stored.totp_secret, stored.totp_pending_secret, stored.totp_last_step], [null, null, null]);
    const codes = await t.app.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute();
    assert.equal(codes.length, 0);
    assert.equal((await latestMail(t.app, user.email))?.subject, TWO_FACTOR_OFF_SUBJECT);

    // Sign-in is password only again.
    const login = await loginRequest(t.app, { email: user.email, password: user.password });
    assert.equal(login.statusCode, 200);
    assert.ok(login.json<{ accessToken?: string }>().accessToken);

    const again = await call(user, 'POST', '/user/2fa/disable', { password: user.password });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json<{ message: string }>().message, TWO_FACTOR_OFF_MESSAGE);
  });

  it('counts attempts to turn it off per user before the password is checked', async () => {
    const user = await registerActiveUser(t.app);
    await turnOnTwoFactor(t.app, user.accessToken, clock.now());
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await call(user, 'POST', '/user/2fa/disable', { password: 'Wrong#Pass1' })).statusCode, 400);
    }
    const locked = await call(user, 'POST', '/user/2fa/disable', { password: user.password });
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.json<{ code: string }>().code, 'RATE_LIMITED');
    assert.ok(Number(locked.headers['retry-after']) > 0);
    assert.equal((await userInfo(user)).two_factor_enabled, true);
  });

  it('stores the login-notification choice and answers the user; on by default', async () => {
    const user = await registerActiveUser(t.app);
    assert.equal((await userInfo(user)).login_notifications, true);

    const off = await call(user, 'PUT', '/user/loginnotifications', { enabled: false });
    assert.equal(off.statusCode, 200);
    const body = off.json<{ statusCode: number; result: { id: number; login_notifications: boolean } }>();
    assert.equal(body.statusCode, 0);
    assert.equal(body.result.id, user.id);
    assert.equal(body.result.login_notifications, false);
    assert.equal((await userInfo(user)).login_notifications, false);

    const on = await call(user, 'PUT', '/user/loginnotifications', { enabled: true });
    assert.equal(on.json<{ result: { login_notifications: boolean } }>().result.login_notifications, true);
    assert.equal((await call(user, 'PUT', '/user/loginnotifications', { enabled: 'yes' })).statusCode, 400);
  });

  it('lets support turn two-factor off from the admin console, audited, telling the user', async () => {
    const user = await registerActiveUser(t.app);
    await turnOnTwoFactor(t.app, user.accessToken, clock.now());
    await latestMail(t.app, user.email); // the 'turned on' notice is sent
    assert.ok(ADMIN_HELP.includes('two-factor off <user>'));
    const run = (...argv: string[]) =>
      runAdminCli(argv, async () => createAdminConsole({ db: t.app.db, actor: 'support-test', now: clock.now }));

    const outcome = await run('two-factor', 'off', user.email);
    assert.equal(outcome.exitCode, 0, outcome.stderr);
    assert.equal(outcome.stdout, `userId: ${user.id}\ntwoFactor: off`);
    assert.equal((await userInfo(user)).two_factor_enabled, false);
    assert.equal((await latestMail(t.app, user.email))?.subject, TWO_FACTOR_OFF_SUBJECT);
    const audit = await createAdminConsole({ db: t.app.db, actor: 'x', now: clock.now }).listAudit(
      '5',
      String(user.id),
    );
    assert.deepEqual(
      audit.map((row) => [row.actor, row.action]),
      [['support-test', 'two-factor.off']],
    );

    const again = await run('two-factor', 'off', String(user.id));
    assert.equal(again.exitCode, 1);
    assert.equal(again.stderr, `error: Two-factor authentication is not on for user ${user.id}`);
  });

  it('asks for a bearer token on every settings call', async () => {
    for (const [method, url, payload] of [
      ['POST', '/user/2fa/setup', undefined],
      ['POST', '/user/2fa/enable', { code: '123456' }],
      ['POST', '/user/2fa/disable', { password: 'x' }],
      ['PUT', '/user/loginnotifications', { enabled: false }],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api/v1${url}`, ...(payload && { payload }) });
      assert.equal(response.statusCode, 401, url);
    }
  });
});
