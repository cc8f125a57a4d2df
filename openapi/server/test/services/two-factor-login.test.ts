import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import {
  CHALLENGE_EXPIRED_MESSAGE,
  CODE_INVALID_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  TOO_MANY_CODES_MESSAGE,
} from '../../src/services/auth.js';
import { LOGIN_NOTIFICATION_SUBJECT } from '../../src/services/emails.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerActiveUser,
  uniqueAddress,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';
import { challengeFor, loginRequest, secondStep, totpAt, turnOnTwoFactor } from '../helpers/two-factor.js';

type User = RegisteredUser & { id: number };
const perAccount = DEFAULT_RATE_LIMITS.loginFailuresPerEmail;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Sign-in with a second factor (POST /authO/login, then /authO/login/2fa) and login notifications. */
describe('two-factor sign-in', () => {
  const clock = createClock();
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now, publicUrl: 'https://portal.example.test' } });
  });
  after(() => t.close());

  /** A fresh window of every limit, and a fresh 30-second step. */
  const nextWindow = () => clock.advance(perAccount.windowSeconds + 30);
  const credentials = (user: User) => ({ email: user.email, password: user.password });
  const deviceCookie = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((c) => c.name === 'pod_device')?.value;

  /** A user with two-factor on; the clock then moves to the next step (the enabling code is used). */
  async function userWithTwoFactor() {
    const user = await registerActiveUser(t.app);
    const { secret, recoveryCodes } = await turnOnTwoFactor(t.app, user.accessToken, clock.now());
    clock.advance(30);
    return { user, secret, recoveryCodes };
  }

  /** The notices in the outbox to `to` with the login-notification subject. */
  async function loginNotices(to: string) {
    await t.app.jobs.runDue();
    await t.app.mailDispatcher.idle();
    const mails = await t.app.emailOutboxRepository.list({ to, limit: 50 });
    return mails.filter((m) => m.subject === LOGIN_NOTIFICATION_SUBJECT);
  }

  it('answers a challenge and no tokens or cookie for the right password, then signs in with the code', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    const first = await loginRequest(t.app, credentials(user));
    assert.equal(first.statusCode, 200);
    const answer = first.json<Record<string, unknown>>();
    assert.deepEqual(Object.keys(answer).sort(), ['challenge', 'twoFactorRequired']);
    assert.equal(answer.twoFactorRequired, true);
    assert.equal(first.headers['set-cookie'], undefined, 'no device cookie before the sign-in completes');

    const second = await secondStep(t.app, answer.challenge as string, await totpAt(secret, clock.now()));
    assert.equal(second.statusCode, 200, second.body);
    const tokens = second.json<{ accessToken: string; refreshToken: string }>();
    assert.ok(tokens.accessToken && tokens.refreshToken);
    assert.ok(deviceCookie(second), 'the device cookie comes with the completed sign-in');
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/viewuserinfo',
      headers: bearer(tokens.accessToken),
    });
    assert.equal(info.json<{ result: { id: number } }>().result.id, user.id);

    // A wrong password still answers the ordinary refusal.
    const wrong = await loginRequest(t.app, { ...credentials(user), password: 'Wrong#Pass1' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json<{ message: string }>().message, LOGIN_FAILED_MESSAGE);
  });

  it('accepts one step of clock drift either way, and no more', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    clock.advance(120); // far from the enabling step, so only the tolerance can refuse
    const at = (seconds: number) => totpAt(secret, new Date(clock.now().getTime() + seconds * 1000));
    const tooLate = await secondStep(t.app, await challengeFor(t.app, credentials(user)), await at(-90));
    assert.equal(tooLate.statusCode, 401);
    const behind = await secondStep(t.app, await challengeFor(t.app, credentials(user)), await at(-30));
    assert.equal(behind.statusCode, 200);
    const ahead = await secondStep(t.app, await challengeFor(t.app, credentials(user)), await at(30));
    assert.equal(ahead.statusCode, 200);
  });

  it('refuses a wrong code with a clear message and a used code (replay) the same way', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeFor(t.app, credentials(user));
    const wrong = await secondStep(t.app, challenge, await totpAt(secret, new Date(clock.now().getTime() + 300_000)));
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), {
      statusCode: 401,
      error: 'Unauthorized',
      message: CODE_INVALID_MESSAGE,
      code: 'CODE_INVALID',
    });

    // The enabling code's step counts as used: its code cannot sign in.
    const enablingCode = await totpAt(secret, new Date(clock.now().getTime() - 30_000));
    assert.equal((await secondStep(t.app, challenge, enablingCode)).statusCode, 401);

    const code = await totpAt(secret, clock.now());
    assert.equal((await secondStep(t.app, challenge, code)).statusCode, 200);
    const replay = await secondStep(t.app, await challengeFor(t.app, credentials(user)), code);
    assert.equal(replay.statusCode, 401);
    assert.equal(replay.json<{ code: string }>().code, 'CODE_INVALID');
  });

  it('lets one of two parallel requests with the same code through', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    const code = await totpAt(secret, clock.now());
    const challenges = await Promise.all([1, 2].map(() => challengeFor(t.app, credentials(user))));
    const answers = await Promise.all(challenges.map((challenge) => secondStep(t.app, challenge, code)));
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 401]);
  });

  it('accepts each recovery code once, however it is typed', async () => {
    nextWindow();
    const { user, recoveryCodes } = await userWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const typed = ` ${first.toUpperCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'O')} `;
    assert.equal((await secondStep(t.app, await challengeFor(t.app, credentials(user)), typed)).statusCode, 200);
    const again = await secondStep(t.app, await challengeFor(t.app, credentials(user)), first);
    assert.equal(again.statusCode, 401);
    assert.equal(again.json<{ message: string }>().message, CODE_INVALID_MESSAGE);
    assert.equal((await secondStep(t.app, await challengeFor(t.app, credentials(user)), second)).statusCode, 200);
  });

  it('refuses an expired, altered, foreign or already completed challenge', async () => {
    nextWindow();
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const expect401 = async (challenge: string, code: string, message = CHALLENGE_EXPIRED_MESSAGE) => {
      const response = await secondStep(t.app, challenge, code);
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { statusCode: 401, error: 'Unauthorized', message, code: 'CHALLENGE_INVALID' });
    };

    const expiring = await challengeFor(t.app, credentials(user));
    clock.advance(5 * 60 + 1);
    await expect401(expiring, await totpAt(secret, clock.now()));

    const challenge = await challengeFor(t.app, credentials(user));
    const [head, payload, signature] = challenge.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(user.id + 1) })).toString('base64url');
    await expect401(`${head}.${forged}.${signature}`, recoveryCodes[0]!);
    // An access token is not a challenge (another key, another purpose).
    await expect401(user.accessToken, recoveryCodes[0]!);

    assert.equal((await secondStep(t.app, challenge, recoveryCodes[0]!)).statusCode, 200);
    await expect401(challenge, recoveryCodes[1]!);
  });

  it('ends a challenge when the password changes after it was given', async () => {
    nextWindow();
    const { user, recoveryCodes } = await userWithTwoFactor();
    const challenge = await challengeFor(t.app, credentials(user));
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/pwd',
      headers: bearer(user.accessToken),
      payload: { password: 'N3w#Password', confirm_password: 'N3w#Password' },
    });
    assert.equal(changed.statusCode, 200);
    assert.equal((await secondStep(t.app, challenge, recoveryCodes[0]!)).statusCode, 401);
  });

  it('takes 5 wrong codes per challenge, then asks for the password again', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeFor(t.app, credentials(user));
    for (let i = 0; i < 5; i += 1) assert.equal((await secondStep(t.app, challenge, 'abcdef')).statusCode, 401);
    const used = await secondStep(t.app, challenge, await totpAt(secret, clock.now()));
    assert.equal(used.statusCode, 401);
    assert.equal(used.json<{ message: string }>().message, TOO_MANY_CODES_MESSAGE);
    assert.equal(
      (await secondStep(t.app, await challengeFor(t.app, credentials(user)), await totpAt(secret, clock.now())))
        .statusCode,
      200,
    );
  });

  it("counts wrong codes against the account's limit, but never against the owner's own browser", async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    // The owner's browser signed in before: it holds the account's device cookie.
    const owner = await secondStep(
      t.app,
      await challengeFor(t.app, credentials(user)),
      await totpAt(secret, clock.now()),
    );
    const device = deviceCookie(owner)!;
    clock.advance(30);

    // A thief with the password, from many addresses: 2 challenges x 5 wrong codes.
    for (let round = 0; round < perAccount.max / 5; round += 1) {
      const challenge = await challengeFor(t.app, credentials(user));
      for (let i = 0; i < 5; i += 1) assert.equal((await secondStep(t.app, challenge, '000-bad')).statusCode, 401);
    }
    const code = await totpAt(secret, clock.now());
    const locked = await loginRequest(t.app, credentials(user));
    assert.equal(locked.statusCode, 429, 'the password step of an untrusted browser is locked too');
    assert.equal(locked.json<{ code: string }>().code, 'RATE_LIMITED');

    const challenge = await challengeFor(t.app, credentials(user), { device });
    assert.equal((await secondStep(t.app, challenge, code, { device })).statusCode, 200);
  });

  it('locks the second step of an untrusted browser once the account is locked', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeFor(t.app, credentials(user));
    for (let i = 0; i < perAccount.max; i += 1)
      await loginRequest(t.app, { ...credentials(user), password: 'Wrong#Pass1' });
    const locked = await secondStep(t.app, challenge, await totpAt(secret, clock.now()));
    assert.equal(locked.statusCode, 429);
    assert.ok(Number(locked.headers['retry-after']) > 0);
  });

  it('e-mails a sign-in from a new browser, once the sign-in completes, when notifications are on', async () => {
    nextWindow();
    const user = await registerActiveUser(t.app);
    const address = uniqueAddress();
    const first = await loginRequest(t.app, credentials(user), {
      remoteAddress: address,
      userAgent: CHROME_ON_WINDOWS,
    });
    assert.equal(first.statusCode, 200);
    const [notice, ...rest] = await loginNotices(user.email);
    assert.equal(rest.length, 0);
    assert.ok(notice);
    assert.match(notice.text_body, /When: 02-03-2026 \d\d:\d\d SAST/);
    assert.match(notice.text_body, /Browser: Chrome 126 on Windows/);
    assert.ok(notice.text_body.includes(`Address: ${address}`));
    assert.ok(notice.text_body.includes('https://portal.example.test/profile'));

    // The same browser again (its device cookie): no mail.
    const device = deviceCookie(first)!;
    assert.equal((await loginRequest(t.app, credentials(user), { device })).statusCode, 200);
    assert.equal((await loginNotices(user.email)).length, 1);

    // Another browser with notifications off: no mail either.
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/loginnotifications',
      headers: bearer(user.accessToken),
      payload: { enabled: false },
    });
    assert.equal((await loginRequest(t.app, credentials(user))).statusCode, 200);
    assert.equal((await loginNotices(user.email)).length, 1);
  });

  it('e-mails a two-factor sign-in from a new browser after the code, not after the password', async () => {
    nextWindow();
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeFor(t.app, credentials(user));
    assert.equal((await loginNotices(user.email)).length, 0);
    assert.equal((await secondStep(t.app, challenge, await totpAt(secret, clock.now()))).statusCode, 200);
    assert.equal((await loginNotices(user.email)).length, 1);
  });
});
