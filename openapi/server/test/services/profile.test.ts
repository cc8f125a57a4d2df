import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import {
  EMAIL_TAKEN_MESSAGE,
  FORGOT_PASSWORD_DESCRIPTION,
  FORGOT_PASSWORD_RATE_LIMITED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  VERIFY_FAILED_MESSAGE,
} from '../../src/services/profile.js';
import { PASSWORD_RULE_MESSAGE } from '@pod/shared-contracts/validation';
import {
  bearer,
  buildTestApp,
  createClock,
  latestMail,
  linkIn,
  registerUser,
  registrationBody,
  specPath,
  STRONG_PASSWORD,
  TEST_JOBS,
  TEST_JWT_SECRET,
  uniqueAddress,
  uniqueEmail,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

const HOUR = 60 * 60;
const NEW_PASSWORD = 'N3w#Secret';

describe('profile service', () => {
  const clock = createClock();
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://portal.example.test', now: clock.now } });
  });
  after(() => t.close());

  const addUser = (payload: Record<string, unknown>, remoteAddress = uniqueAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/adduser', payload, remoteAddress });
  const verify = (id: number | string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/user/verifyaccount/${id}/${encodeURIComponent(token)}` });
  const forgot = (email: string, remoteAddress = uniqueAddress()) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/user/forgotpwd/${encodeURIComponent(email)}`, remoteAddress });
  const reset = (id: number | string, token: string, password: string, confirm = password) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/pwdlinkcheck/${id}/${encodeURIComponent(token)}`,
      payload: { password, confirm_password: confirm },
    });
  const changePassword = (accessToken: string, password: string, confirm = password) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/pwd',
      headers: bearer(accessToken),
      payload: { password, confirm_password: confirm },
    });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/authO/login',
      payload: { email, password },
      remoteAddress: uniqueAddress(),
    });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/authO/refresh', payload: { token } });
  const me = async (accessToken: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(accessToken) })).json()
      .result;
  const badRequest = (message: string, code: string) => ({ statusCode: 400, error: 'Bad Request', message, code });

  /** The verification link e-mailed to a registered user. */
  async function verificationLink(user: RegisteredUser) {
    const mail = await latestMail(t.app, user.email);
    assert.ok(mail, `a mail to ${user.email}`);
    return linkIn(mail.text_body, '/verify');
  }

  /** Requests a reset for a registered user and returns the link's id and token. */
  async function resetLink(email: string) {
    assert.equal((await forgot(email)).statusCode, 200);
    const mail = await latestMail(t.app, email);
    assert.ok(mail);
    assert.equal(mail.subject, 'Reset your Print on Demand password');
    return linkIn(mail.text_body, '/reset-password');
  }

  describe('addUser', () => {
    it('registers, then the user can log in and read their profile', async () => {
      const body = registrationBody({ name_first: '  Sipho ', name_last: 'Dlamini' });
      const created = await addUser(body);
      assert.equal(created.statusCode, 201);
      const tokens = created.json();
      assert.equal(tokens.statusCode, 0);
      assert.equal(typeof tokens.description, 'string');
      assert.equal(typeof tokens.accessToken, 'string');
      assert.equal(typeof tokens.refreshToken, 'string');

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authO/login',
        payload: { email: body.email, password: body.password },
      });
      assert.equal(login.statusCode, 200);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/viewuserinfo',
        headers: bearer(login.json().accessToken),
      });
      assert.equal(me.statusCode, 200);
      const { statusCode, result } = me.json();
      assert.equal(statusCode, 0);
      assert.equal(typeof result.id, 'number');
      assert.deepEqual(
        { ...result, id: 0 },
        {
          id: 0,
          email: body.email,
          name_first: 'Sipho',
          name_last: 'Dlamini',
          firstname: 'Sipho',
          lastname: 'Dlamini',
          phone_main: null,
          balance: 100,
          user_status: 0,
          cart: [],
          misc: '{}',
          admin_confirmation: 0,
          user_confirmation: 0,
          pending_changes: null,
          initial_login: 0,
          two_factor_enabled: false,
          login_notifications: true,
        },
      );
    });

    it('stores the password as an argon2id hash', async () => {
      const user = await registerUser(t.app);
      const row = await t.app.userRepository.findByEmail(user.email);
      assert.ok(row);
      assert.ok(row.password_hash.startsWith('$argon2id$'), row.password_hash);
      assert.ok(!row.password_hash.includes(STRONG_PASSWORD));
    });

    it('answers 409 U30 for an e-mail already registered, whatever its case', async () => {
      const user = await registerUser(t.app);
      const again = await addUser(registrationBody({ email: user.email.toUpperCase() }));
      assert.equal(again.statusCode, 409);
      assert.deepEqual(again.json(), {
        statusCode: 409,
        error: 'Conflict',
        code: 'U30',
        message: 'This email alreay exists on our system, please use another email or login to continue',
      });
      assert.equal(EMAIL_TAKEN_MESSAGE, again.json().message);
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['missing e-mail', { email: undefined }, 'Please enter your email to continue'],
      ['blank e-mail', { email: '  ' }, 'Please enter your email to continue'],
      ['invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['short password', { password: 'Ab1#', confirm_password: 'Ab1#' }, PASSWORD_RULE_MESSAGE],
      ['no uppercase', { password: 'abcdef1#', confirm_password: 'abcdef1#' }, PASSWORD_RULE_MESSAGE],
      ['no lowercase', { password: 'ABCDEF1#', confirm_password: 'ABCDEF1#' }, PASSWORD_RULE_MESSAGE],
      ['no digit', { password: 'Abcdefg#', confirm_password: 'Abcdefg#' }, PASSWORD_RULE_MESSAGE],
      ['special outside the set', { password: 'Abcdefg1^', confirm_password: 'Abcdefg1^' }, PASSWORD_RULE_MESSAGE],
      ['missing confirmation', { confirm_password: '' }, 'Please confirm your password to continue'],
      ['different confirmation', { confirm_password: 'Other#Pass1' }, 'passwords must match'],
      ['missing first name', { name_first: '' }, 'Please enter your first name'],
      ['missing last name', { name_last: ' ' }, 'Please enter your last name'],
    ];

    for (const [name, overrides, message] of invalid) {
      it(`answers 400 VALIDATION for ${name}`, async () => {
        const body: Record<string, unknown> = registrationBody({ email: uniqueEmail(), ...overrides });
        for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
        const response = await addUser(body);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION' });
      });
    }

    it('e-mails a verification link whose token is stored only as a hash, valid 24 hours', async () => {
      const user = await registerUser(t.app);
      const row = await t.app.userRepository.findByEmail(user.email);
      assert.ok(row);
      const [mail] = await t.app.emailOutboxRepository.list({ to: user.email });
      assert.ok(mail, 'a mail in the dev outbox');
      assert.equal(mail.subject, 'Verify your Print on Demand account');
      assert.match(
        mail.html_body ?? '',
        /<a href="https:\/\/portal\.example\.test\/verify\?id=\d+&amp;token=[\w-]+">Verify my account<\/a>/,
      );
      const match = /https:\/\/portal\.example\.test\/verify\?id=(\d+)&token=([\w-]+)/.exec(mail.text_body);
      assert.ok(match, mail.text_body);
      assert.equal(Number(match[1]), row.id);

      const [stored] = await t.app.verificationTokenRepository.listForUser(row.id, 'verify');
      assert.ok(stored);
      assert.equal(stored.token_hash, createHash('sha256').update(match[2]!).digest('hex'));
      assert.notEqual(stored.token_hash, match[2]);
      assert.equal(stored.expires_at.getTime() - stored.created_at.getTime(), 24 * 60 * 60 * 1000);
      assert.equal(stored.used_at, null);
    });

    it('limits registration attempts per client address (429 with Retry-After)', async () => {
      const { max, windowSeconds } = DEFAULT_RATE_LIMITS.registrationsPerAddress;
      const address = '192.0.2.77';
      const taken = await registerUser(t.app);
      // U30 probes count like registrations: the limit also bounds e-mail enumeration.
      for (let i = 0; i < max; i += 1) {
        assert.equal((await addUser(registrationBody({ email: taken.email }), address)).statusCode, 409);
      }
      const limited = await addUser(registrationBody(), address);
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts, please try again in a few minutes',
        code: 'RATE_LIMITED',
      });
      assert.equal(Number(limited.headers['retry-after']), windowSeconds);
      assert.equal((await addUser(registrationBody())).statusCode, 201, 'other addresses are not affected');
    });
  });

  describe('viewUserInfo', () => {
    it('returns misc and pending_changes as JSON text', async () => {
      const user = await registerUser(t.app);
      const misc = { bankInfo: { bank_name: 'Capitec Bank Limited', brance_code: '470 010' } };
      const pending = { pendingUserChanges: { name_first: 'Nomsa', phone_main: '+27821234567' } };
      await t.app.db
        .updateTable('users')
        .set({ misc: JSON.stringify(misc), pending_changes: JSON.stringify(pending), user_confirmation: 1 })
        .where('email', '=', user.email)
        .execute();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/viewuserinfo',
        headers: bearer(user.accessToken),
      });
      const { result } = response.json();
      assert.deepEqual(JSON.parse(result.misc), misc);
      assert.deepEqual(JSON.parse(result.pending_changes), pending);
      assert.equal(result.user_confirmation, 1);
    });

    it('answers 404 when the account behind a valid token no longer exists', async () => {
      const user = await registerUser(t.app);
      await t.app.db.deleteFrom('users').where('email', '=', user.email).execute();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/viewuserinfo',
        headers: bearer(user.accessToken),
      });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().statusCode, 404);
      assert.equal(response.json().error, 'Not Found');
    });
  });
  describe('verifyAccount', () => {
    it('activates the account once: 200, user_status 1, then the same link answers 400', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await verificationLink(user);
      assert.equal((await me(user.accessToken)).user_status, 0);

      const response = await verify(id, token);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { statusCode: 0, description: 'Account verified' });
      assert.equal((await me(user.accessToken)).user_status, 1);
      const [stored] = await t.app.verificationTokenRepository.listForUser(id, 'verify');
      assert.ok(stored?.used_at, 'the token is marked used');

      const again = await verify(id, token);
      assert.equal(again.statusCode, 400);
      assert.deepEqual(again.json(), badRequest(VERIFY_FAILED_MESSAGE, 'LINK_INVALID'));
    });

    it('works until 24 hours after registration, not after', async () => {
      const early = await registerUser(t.app);
      const late = await registerUser(t.app);
      const earlyLink = await verificationLink(early);
      const lateLink = await verificationLink(late);
      clock.advance(24 * HOUR - 1);
      assert.equal((await verify(earlyLink.id, earlyLink.token)).statusCode, 200);
      clock.advance(1);
      const expired = await verify(lateLink.id, lateLink.token);
      assert.deepEqual(expired.json(), badRequest(VERIFY_FAILED_MESSAGE, 'LINK_INVALID'));
      // The access tokens have long expired too: read the account directly.
      assert.equal((await t.app.userRepository.findById(lateLink.id))?.user_status, 0);
    });

    it('rejects a token presented with another user id, and the token stays usable by its user', async () => {
      const owner = await registerUser(t.app);
      const other = await registerUser(t.app);
      const link = await verificationLink(owner);
      const otherId = (await verificationLink(other)).id;
      const wrongUser = await verify(otherId, link.token);
      assert.equal(wrongUser.statusCode, 400);
      assert.deepEqual(wrongUser.json(), badRequest(VERIFY_FAILED_MESSAGE, 'LINK_INVALID'));
      assert.equal((await me(other.accessToken)).user_status, 0);
      assert.equal((await verify(link.id, link.token)).statusCode, 200);
    });

    it('answers the same 400 for malformed links, whatever is wrong', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await verificationLink(user);
      const cases: Array<[number | string, string]> = [
        ['abc', token],
        [0, token],
        [99_999_999_999, token],
        [id, 'garbage'],
        [id, 'x'.repeat(600)],
        [id, `${token}x`],
      ];
      for (const [a, b] of cases) {
        const response = await verify(a, b);
        assert.equal(response.statusCode, 400, `${a}/${b}`);
        assert.deepEqual(response.json(), badRequest(VERIFY_FAILED_MESSAGE, 'LINK_INVALID'), `${a}/${b}`);
      }
      assert.equal((await verify(id, token)).statusCode, 200, 'none of them consumed the real token');
    });

    it('never downgrades an account awaiting re-signing (user_status 2)', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await verificationLink(user);
      await t.app.db.updateTable('users').set({ user_status: 2 }).where('id', '=', id).execute();
      assert.equal((await verify(id, token)).statusCode, 200);
      assert.equal((await me(user.accessToken)).user_status, 2);
    });
  });

  describe('forgotPassword', () => {
    it('answers the same for known and unknown addresses and mails only the known one', async () => {
      const user = await registerUser(t.app);
      const unknown = uniqueEmail('nobody');
      const known = await forgot(user.email.toUpperCase());
      const notKnown = await forgot(unknown);
      for (const response of [known, notKnown]) {
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), { statusCode: 0, description: FORGOT_PASSWORD_DESCRIPTION });
      }
      assert.equal(known.body, notKnown.body);

      const mail = await latestMail(t.app, user.email);
      assert.equal(mail?.subject, 'Reset your Print on Demand password');
      assert.equal(await latestMail(t.app, unknown), undefined);
    });

    it('does the same work for known and unknown addresses: one password-reset job, the same answer; only the job looks the user up', async () => {
      const user = await registerUser(t.app);
      await latestMail(t.app, user.email); // the verification mail is out of the way
      const unknown = uniqueEmail('nobody');
      const resetJobs = async () => (await t.app.jobRepository.list({ type: 'password-reset' })).length;
      const mails = async (to: string) => (await t.app.emailOutboxRepository.list({ to })).length;
      const mailsBefore = await mails(user.email);

      const answers = [];
      for (const email of [user.email, unknown]) {
        const before = await resetJobs();
        const response = await forgot(email);
        assert.equal(
          await resetJobs(),
          before + 1,
          `exactly one job for ${email === unknown ? 'the unknown' : 'the known'} address`,
        );
        answers.push(response);
      }
      assert.deepEqual(
        answers.map((a) => [a.statusCode, a.body]),
        [
          [200, JSON.stringify({ statusCode: 0, description: FORGOT_PASSWORD_DESCRIPTION })],
          [200, JSON.stringify({ statusCode: 0, description: FORGOT_PASSWORD_DESCRIPTION })],
        ],
      );
      await t.app.mailDispatcher.idle();
      assert.equal(await mails(user.email), mailsBefore, 'nothing sent by the handler itself');
      assert.equal(
        (
          await t.app.verificationTokenRepository.listForUser(
            (await t.app.userRepository.findByEmail(user.email))!.id,
            'reset',
          )
        ).length,
        0,
      );

      assert.ok((await t.app.jobs.runDue()) >= 2);
      assert.equal(await mails(user.email), mailsBefore + 1, 'the known address gets its mail once the job ran');
      assert.equal((await latestMail(t.app, user.email))?.subject, 'Reset your Print on Demand password');
      assert.equal(await mails(unknown), 0, 'the unknown address gets none');
    });

    it('mails a single-use /reset-password link, stored hashed, valid 1 hour', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await resetLink(user.email);
      const mail = await latestMail(t.app, user.email);
      assert.match(mail?.text_body ?? '', /https:\/\/portal\.example\.test\/reset-password\?id=\d+&token=/);
      assert.match(
        mail?.html_body ?? '',
        /<a href="https:\/\/portal\.example\.test\/reset-password\?id=\d+&amp;token=[\w-]+">Reset my password<\/a>/,
      );
      const [stored] = await t.app.verificationTokenRepository.listForUser(id, 'reset');
      assert.ok(stored);
      assert.equal(stored.token_hash, createHash('sha256').update(token).digest('hex'));
      assert.equal(stored.expires_at.getTime() - stored.created_at.getTime(), HOUR * 1000);
    });

    it('answers the same when the mail transport fails; the job is retried later', async () => {
      const user = await registerUser(t.app);
      const failing = await buildApp({
        specPath,
        db: t.app.db,
        config: { jwtSecret: TEST_JWT_SECRET, now: clock.now, jobs: TEST_JOBS },
        mailer: { kind: 'custom', send: async () => Promise.reject(new Error('SMTP down')) },
      });
      try {
        const response = await failing.inject({
          method: 'PUT',
          url: `/api/v1/user/forgotpwd/${encodeURIComponent(user.email)}`,
        });
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), { statusCode: 0, description: FORGOT_PASSWORD_DESCRIPTION });
        await failing.jobs.runDue();
        const [job] = (await failing.jobRepository.list({ type: 'password-reset' })).filter(
          (row) => row.payload.email === user.email,
        );
        assert.equal(job?.status, 'queued');
        assert.equal(job?.last_error, 'SMTP down');
        assert.ok(job!.next_run_at.getTime() > clock.now().getTime());
      } finally {
        await failing.close();
      }
    });

    it('validates the address with the forgot-password form messages', async () => {
      const invalid = await forgot('not-an-email');
      assert.equal(invalid.statusCode, 400);
      assert.deepEqual(invalid.json(), badRequest('Please enter a valid email address', 'VALIDATION'));
      const blank = await forgot(' ');
      assert.deepEqual(blank.json(), badRequest('Please enter your email address to continue', 'VALIDATION'));
    });

    it('invalidates older unused reset links when a new one is requested', async () => {
      const user = await registerUser(t.app);
      const first = await resetLink(user.email);
      const second = await resetLink(user.email);
      assert.deepEqual(
        (await reset(first.id, first.token, NEW_PASSWORD)).json(),
        badRequest(RESET_LINK_INVALID_MESSAGE, 'LINK_INVALID'),
      );
      assert.equal((await reset(second.id, second.token, NEW_PASSWORD)).statusCode, 200);
    });

    it('limits requests per e-mail address, known or not (429 with Retry-After)', async () => {
      const { max, windowSeconds } = DEFAULT_RATE_LIMITS.passwordResetsPerEmail;
      const user = await registerUser(t.app);
      const unknown = uniqueEmail('ghost');
      for (const email of [user.email, unknown]) {
        for (let i = 0; i < max; i += 1) assert.equal((await forgot(email)).statusCode, 200);
        const limited = await forgot(email.toUpperCase());
        assert.equal(limited.statusCode, 429, email);
        assert.deepEqual(limited.json(), {
          statusCode: 429,
          error: 'Too Many Requests',
          message: FORGOT_PASSWORD_RATE_LIMITED_MESSAGE,
          code: 'RATE_LIMITED',
        });
        assert.equal(Number(limited.headers['retry-after']), windowSeconds);
      }
      assert.equal((await forgot(uniqueEmail())).statusCode, 200, 'other addresses are not affected');
      clock.advance(windowSeconds);
      assert.equal((await forgot(user.email)).statusCode, 200, 'a new window');
    });

    it('limits requests per client address across e-mail addresses', async () => {
      const { max, windowSeconds } = DEFAULT_RATE_LIMITS.passwordResetsPerAddress;
      const client = '203.0.113.40';
      for (let i = 0; i < max; i += 1) assert.equal((await forgot(uniqueEmail(), client)).statusCode, 200);
      const limited = await forgot(uniqueEmail(), client);
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().code, 'RATE_LIMITED');
      assert.equal(limited.json().message, FORGOT_PASSWORD_RATE_LIMITED_MESSAGE);
      assert.equal((await forgot(uniqueEmail())).statusCode, 200, 'other clients are not affected');
      clock.advance(windowSeconds);
    });
  });

  describe('resetPassword', () => {
    it('sets the new password: the old one fails, the new one works', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await resetLink(user.email);
      const response = await reset(id, token, NEW_PASSWORD);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { statusCode: 0, description: 'Password changed' });
      assert.equal((await login(user.email, user.password)).statusCode, 401);
      assert.equal((await login(user.email, NEW_PASSWORD)).statusCode, 200);
      const row = await t.app.userRepository.findByEmail(user.email);
      assert.ok(row?.password_hash.startsWith('$argon2id$'));
    });

    it('revokes every existing session of the user', async () => {
      const user = await registerUser(t.app);
      const otherDevice = (await login(user.email, user.password)).json().refreshToken as string;
      const { id, token } = await resetLink(user.email);
      assert.equal((await reset(id, token, NEW_PASSWORD)).statusCode, 200);
      for (const refreshToken of [user.refreshToken, otherDevice]) {
        assert.equal((await refresh(refreshToken)).statusCode, 401);
      }
    });

    it('works once', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await resetLink(user.email);
      assert.equal((await reset(id, token, NEW_PASSWORD)).statusCode, 200);
      const reused = await reset(id, token, 'An0ther#Pass');
      assert.equal(reused.statusCode, 400);
      assert.deepEqual(reused.json(), badRequest(RESET_LINK_INVALID_MESSAGE, 'LINK_INVALID'));
      assert.equal((await login(user.email, NEW_PASSWORD)).statusCode, 200);
    });

    it('expires after 1 hour', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await resetLink(user.email);
      clock.advance(HOUR);
      const expired = await reset(id, token, NEW_PASSWORD);
      assert.deepEqual(expired.json(), badRequest(RESET_LINK_INVALID_MESSAGE, 'LINK_INVALID'));
      assert.equal((await login(user.email, user.password)).statusCode, 200, 'the password is unchanged');
    });

    it("rejects verification links, other users' ids and malformed links alike", async () => {
      const user = await registerUser(t.app);
      const other = await registerUser(t.app);
      const verifyLink = await verificationLink(user);
      const { id, token } = await resetLink(user.email);
      const otherId = (await verificationLink(other)).id;
      const cases: Array<[number | string, string]> = [
        [verifyLink.id, verifyLink.token],
        [otherId, token],
        ['abc', token],
        [id, 'y'.repeat(600)],
      ];
      for (const [a, b] of cases) {
        const response = await reset(a, b, NEW_PASSWORD);
        assert.deepEqual(response.json(), badRequest(RESET_LINK_INVALID_MESSAGE, 'LINK_INVALID'), `${a}/${b}`);
      }
      assert.equal((await reset(id, token, NEW_PASSWORD)).statusCode, 200);
    });

    it('checks the reset form rules first, without consuming the link', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await resetLink(user.email);
      const invalid: Array<[string, string, string]> = [
        ['', '', 'Please enter a new password'],
        [NEW_PASSWORD, '', 'Please confirm your new password'],
        [NEW_PASSWORD, 'Other#Pass1', 'passwords must match'],
        ['abcdefgh', 'abcdefgh', PASSWORD_RULE_MESSAGE],
        ['Ab#defg', 'Ab#defg', PASSWORD_RULE_MESSAGE],
      ];
      for (const [password, confirm, message] of invalid) {
        const response = await reset(id, token, password, confirm);
        assert.equal(response.statusCode, 400, message);
        assert.deepEqual(response.json(), badRequest(message, 'VALIDATION'));
      }
      // The reset rule: all four classes from 6 characters is enough.
      assert.equal((await reset(id, token, 'Ab1#ef')).statusCode, 200);
      assert.equal((await login(user.email, 'Ab1#ef')).statusCode, 200);
    });
  });

  describe('changePassword', () => {
    it("stores the new password and revokes every session, the caller's included", async () => {
      const user = await registerUser(t.app);
      const otherDevice = (await login(user.email, user.password)).json().refreshToken as string;
      const response = await changePassword(user.accessToken, NEW_PASSWORD);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { statusCode: 0, description: 'Password changed' });
      for (const refreshToken of [user.refreshToken, otherDevice]) {
        assert.equal((await refresh(refreshToken)).statusCode, 401);
      }
      assert.equal((await login(user.email, user.password)).statusCode, 401);
      assert.equal((await login(user.email, NEW_PASSWORD)).statusCode, 200);
    });

    it('discards outstanding reset links', async () => {
      const user = await registerUser(t.app);
      const { id, token } = await resetLink(user.email);
      assert.equal((await changePassword(user.accessToken, NEW_PASSWORD)).statusCode, 200);
      assert.equal((await reset(id, token, 'An0ther#Pass')).statusCode, 400);
    });

    it('answers the change-password form messages', async () => {
      const user = await registerUser(t.app);
      const invalid: Array<[string, string, string]> = [
        ['', NEW_PASSWORD, 'Please enter a new password'],
        [NEW_PASSWORD, ' ', 'Please confirm your new password'],
        [NEW_PASSWORD, 'Other#Pass1', 'Passwords must match'],
        ['abc', 'abc', PASSWORD_RULE_MESSAGE],
      ];
      for (const [password, confirm, message] of invalid) {
        const response = await changePassword(user.accessToken, password, confirm);
        assert.equal(response.statusCode, 400, message);
        assert.deepEqual(response.json(), badRequest(message, 'VALIDATION'));
      }
      assert.equal((await refresh(user.refreshToken)).statusCode, 200, 'failures revoke nothing');
    });

    it('needs a bearer token', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/pwd',
        payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      });
      assert.equal(response.statusCode, 401);
    });
  });

  describe('setInitialLogin', () => {
    const setInitialLogin = (accessToken: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/initiallogin',
        headers: bearer(accessToken),
        payload: payload as object,
      });

    it('stores initial_login and answers it', async () => {
      const user = await registerUser(t.app);
      assert.equal((await me(user.accessToken)).initial_login, 0);
      const response = await setInitialLogin(user.accessToken, { initial_login: 1 });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { statusCode: 0, initial_login: 1 });
      assert.equal((await me(user.accessToken)).initial_login, 1);
      assert.deepEqual((await setInitialLogin(user.accessToken, { initial_login: 0 })).json(), {
        statusCode: 0,
        initial_login: 0,
      });
    });

    it('accepts only 0 or 1, and only with a bearer token', async () => {
      const user = await registerUser(t.app);
      const invalid = await setInitialLogin(user.accessToken, { initial_login: 2 });
      assert.equal(invalid.statusCode, 400);
      assert.equal(invalid.json().code, 'FST_ERR_VALIDATION');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/initiallogin',
        payload: { initial_login: 1 },
      });
      assert.equal(anonymous.statusCode, 401);
    });
  });
});
