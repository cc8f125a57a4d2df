import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { PASSWORD_RULE_MESSAGE } from '../../src/domain/password-rules.js';
import { EMAIL_TAKEN_MESSAGE } from '../../src/services/profile.js';
import {
  bearer,
  buildTestApp,
  registerUser,
  registrationBody,
  STRONG_PASSWORD,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.js';

describe('profile service', () => {
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://portal.example.test' } });
  });
  after(() => t.close());

  const addUser = (payload: Record<string, unknown>, remoteAddress = uniqueAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user/adduser', payload, remoteAddress });

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
      const match = /https:\/\/portal\.example\.test\/verify\?id=(\d+)&token=([\w-]+)/.exec(mail.text_body);
      assert.ok(match, mail.text_body);
      assert.equal(Number(match[1]), row.id);

      const [stored] = await t.app.verificationTokenRepository.listForUser(row.id, 'verify');
      assert.ok(stored);
      assert.equal(stored.token_hash, createHash('sha256').update(match[2]!).digest('hex'));
      assert.notEqual(stored.token_hash, match[2]);
      assert.equal(stored.expires_at.getTime() - stored.created_at.getTime(), 24 * 60 * 60 * 1000);
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
});
