import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CHANGE_EMAIL_MESSAGES,
  EDIT_DETAILS_MESSAGES,
  UPDATE_REQUEST_MESSAGES as M,
} from '@pod/shared-contracts/validation';
import { createAdminConsole } from '../../src/admin/index.js';
import { EMAIL_CHANGE_MAIL, EMAIL_CHANGE_NOTICE_SUBJECT, EMAIL_CHANGED_SUBJECT } from '../../src/services/emails.js';
import {
  CHANGES_APPROVED,
  EMAIL_CHANGE_SENT,
  NOTHING_TO_APPROVE_MESSAGE,
  PASSWORD_INCORRECT_MESSAGE,
  REQUEST_SUBMITTED,
  SAME_EMAIL_MESSAGE,
} from '../../src/services/profile-changes.js';
import { EMAIL_TAKEN_MESSAGE, VERIFY_FAILED_MESSAGE } from '../../src/services/profile.js';
import {
  bearer,
  buildTestApp,
  createClock,
  latestMail,
  linkIn,
  loginToken,
  registerActiveUser,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };

const PERSON = {
  name_first: 'Thandi',
  name_last: "O'Neill-Nkosi",
  username: '',
  email: '',
  phone_main: '+27821234567',
};
const LOCAL_BANK = {
  bank_name: 'Capitec Bank Limited',
  brance_code: '470 010',
  branch_name: 'Polokwane',
  account_name: 'Thandi Nkosi',
  account_type: 'Savings',
  account_number: '1234 5678 9012',
};
const PUBLISHER = {
  publish_name: 'Leaf Press',
  email: 'press@example.test',
  telephone: '0821234567',
  contact_name: 'Lerato Mokoena',
  reg_id_no: '2019/123456/07',
  postal_address: 'PO Box 55, Polokwane',
  physical_address: '12 Church Street, Polokwane',
};

/** A complete local update request of `who` (the Username field carries the account's e-mail). */
const updateRequest = (
  who: { email: string },
  change: { person?: object; bank?: object; isInternational?: boolean } = {},
) => ({
  pendingUserChanges: { ...PERSON, username: who.email, email: who.email, ...change.person },
  bankInfo: { ...LOCAL_BANK, ...PUBLISHER, ...change.bank },
  isInternational: change.isInternational ?? false,
});

describe('profile changes: edituser, requestchange, userapproved, changeemail', () => {
  const clock = createClock();
  let t: TestApp;
  let user: User;
  let other: User;

  before(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://portal.example.test', now: clock.now } });
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const put = (url: string, payload: object, who: { accessToken: string } = user) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/user/${url}`, headers: bearer(who.accessToken), payload });
  const me = async (who: { accessToken: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(who.accessToken) })).json()
      .result;
  const validation = (message: string) => ({ statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION' });

  describe('PUT /user/edituser', () => {
    it('changes names and phone of the token user only, ignoring an e-mail in the body', async () => {
      const otherBefore = await me(other);
      const response = await put('edituser', {
        name_first: ' Zoë Anne ',
        name_last: 'Nkosi',
        phone_main: '0821234567',
        email: 'hijack@example.test',
      });
      assert.equal(response.statusCode, 200, response.body);
      const result = response.json().result;
      assert.equal(result.name_first, 'Zoë Anne');
      assert.equal(result.firstname, 'Zoë Anne');
      assert.equal(result.phone_main, '0821234567');
      assert.equal(result.email, user.email);
      assert.deepEqual(await me(other), otherBefore);
    });

    it('answers the modal messages, all three fields required', async () => {
      const cases: Array<[object, string]> = [
        [{ name_first: "O'Neill", name_last: 'Nkosi', phone_main: '0821234567' }, EDIT_DETAILS_MESSAGES.name],
        [{ name_first: 'Thandi', name_last: 'N8', phone_main: '0821234567' }, EDIT_DETAILS_MESSAGES.surname],
        [{ name_first: 'Thandi', name_last: 'Nkosi', phone_main: '082 123' }, EDIT_DETAILS_MESSAGES.phone],
        [{ name_first: ' ', name_last: 'Nkosi', phone_main: '0821234567' }, EDIT_DETAILS_MESSAGES.name],
        [{ name_first: 'Thandi', name_last: 'Nkosi' }, EDIT_DETAILS_MESSAGES.phone],
        [{ name_first: 'Thandi', name_last: 'Nkosi', phone_main: null }, EDIT_DETAILS_MESSAGES.phone],
      ];
      for (const [payload, message] of cases) {
        const response = await put('edituser', payload);
        assert.deepEqual(response.json(), validation(message), JSON.stringify(payload));
      }
      assert.equal((await me(user)).name_first, 'Zoë Anne');
    });
  });

  describe('PUT /user/requestchange', () => {
    it('stores the request for review, masked in the profile, changing nothing yet', async () => {
      const before = await me(user);
      const response = await put('requestchange', updateRequest(user));
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 200, description: REQUEST_SUBMITTED });
      const after = await me(user);
      assert.equal(after.user_confirmation, 1);
      assert.equal(after.misc, before.misc);
      assert.equal(after.name_last, before.name_last);
      const pending = JSON.parse(after.pending_changes);
      assert.equal(pending.bankInfo.account_number, '•••• 9012');
      // The form's "contact name" is stored as contact_person.
      assert.equal(pending.bankInfo.contact_person, 'Lerato Mokoena');
      assert.equal(pending.pendingUserChanges.name_last, "O'Neill-Nkosi");
      assert.equal((await me(other)).user_confirmation, 0);
    });

    it('replaces a pending request with a newer one', async () => {
      await put('requestchange', updateRequest(user, { person: { name_first: 'Thandeka' } }));
      assert.equal(JSON.parse((await me(user)).pending_changes).pendingUserChanges.name_first, 'Thandeka');
    });

    it('answers the first broken rule: person, then bank, then publisher, in the words of the spec', async () => {
      const cases: Array<[ReturnType<typeof updateRequest>, string]> = [
        [updateRequest(user, { person: { name_first: ' ' } }), M.firstName],
        [updateRequest(user, { person: { name_last: 'N' } }), M.lastName],
        [updateRequest(user, { person: { username: 'not-an-email', email: '' } }), M.email],
        [updateRequest(user, { person: { phone_main: '12345' } }), M.phone],
        [updateRequest(user, { bank: { bank_name: 'Bank of Nowhere' } }), M.bankName],
        [updateRequest(user, { bank: { brance_code: '123' } }), M.branchCodeInvalid],
        [updateRequest(user, { bank: { brance_code: ' ' } }), M.branchCodeRequired],
        [updateRequest(user, { bank: { branch_name: '' } }), M.branchNameRequired],
        [updateRequest(user, { bank: { account_number: '12a4' } }), M.accountNumberInvalid],
        [updateRequest(user, { bank: { account_type: 'Current' } }), M.accountType],
        [updateRequest(user, { isInternational: true }), M.bankAddressRequired],
        [
          updateRequest(user, {
            isInternational: true,
            bank: {
              international_bank_address: '1 Bank Road, London',
              international_iban_number: 'GB29 NWBK',
              international_swift_code: 'NW BK',
            },
          }),
          M.swiftInvalid,
        ],
        [updateRequest(user, { bank: { reg_id_no: 'x' } }), M.regIdInvalid],
        [updateRequest(user, { bank: { physical_address: 'PO 1' } }), M.physicalAddressInvalid],
        [updateRequest(user, { bank: { telephone: '' } }), M.publisherPhoneRequired],
        [updateRequest(user, { bank: { contact_name: '', contact_person: '' } }), M.contactNameRequired],
      ];
      for (const [payload, message] of cases) {
        const response = await put('requestchange', payload);
        assert.deepEqual(response.json(), validation(message), message);
      }
    });

    it('takes an international account and keeps only its fields', async () => {
      const response = await put(
        'requestchange',
        updateRequest(user, {
          isInternational: true,
          bank: {
            international_bank_address: '1 Bank Road, London',
            international_iban_number: 'GB29 NWBK 6016 1331 9268 19',
            international_swift_code: 'NWBKGB2L',
            account_type: 'Savings',
            paypal: 'thandi@example.test',
          },
        }),
      );
      assert.equal(response.statusCode, 200, response.body);
      const bank = JSON.parse((await me(user)).pending_changes).bankInfo;
      assert.equal(bank.bank_name, undefined);
      // The account type belongs to both sets (the spec lists it for an international account too).
      assert.equal(bank.account_type, 'Savings');
      assert.equal(bank.international_iban_number, '•••• 6819');
      assert.equal(bank.international_swift_code, 'NWBKGB2L');
    });

    it('checks an international account type when one is given', async () => {
      const response = await put(
        'requestchange',
        updateRequest(user, {
          isInternational: true,
          bank: {
            international_bank_address: '1 Bank Road, London',
            international_iban_number: 'GB29 NWBK 6016 1331 9268 19',
            international_swift_code: 'NWBKGB2L',
            account_type: 'Fixed deposit',
          },
        }),
      );
      assert.deepEqual(response.json(), validation(M.accountType));
    });

    it('refuses a body that does not match the contract', async () => {
      const response = await put('requestchange', { ...updateRequest(user), extra: 1 });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().code, 'FST_ERR_VALIDATION');
    });
  });

  describe('PUT /user/userapproved', () => {
    it('answers 409 while nothing is waiting for the user', async () => {
      const response = await put('userapproved', {}, other);
      assert.equal(response.statusCode, 409);
      assert.equal(response.json().message, NOTHING_TO_APPROVE_MESSAGE);
    });

    it('accepts what an admin applied, ends every session, and only once', async () => {
      const author = await registerActiveUser(t.app);
      assert.equal((await put('requestchange', updateRequest(author), author)).statusCode, 200);
      const admin = createAdminConsole({ db: t.app.db, actor: 'test-admin', now: clock.now });
      await admin.approveRequest(author.email);
      const profile = await me(author);
      assert.equal(profile.admin_confirmation, 1);
      assert.equal(profile.user_confirmation, 0);
      assert.equal(profile.name_last, "O'Neill-Nkosi");

      // Another user cannot approve it for her: the token decides whose changes.
      assert.equal((await put('userapproved', { id: author.id }, other)).statusCode, 409);
      const response = await put('userapproved', { ...profile }, author);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 200, description: CHANGES_APPROVED });
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authO/refresh',
        payload: { token: author.refreshToken },
      });
      assert.equal(refresh.statusCode, 401);
      const again = await put(
        'userapproved',
        {},
        { accessToken: await loginToken(t.app, author.email, author.password) },
      );
      assert.equal(again.statusCode, 409);
    });
  });

  describe('PUT /user/changeemail', () => {
    const change = (who: { accessToken: string }, email: string, password: string) =>
      put('changeemail', { email, password }, who);

    it('checks the address, the password and that the address is free', async () => {
      const author = await registerActiveUser(t.app);
      assert.deepEqual((await change(author, 'new@', author.password)).json(), validation(CHANGE_EMAIL_MESSAGES.email));
      assert.deepEqual((await change(author, uniqueEmail(), ' ')).json(), validation(CHANGE_EMAIL_MESSAGES.password));
      const wrong = await change(author, uniqueEmail(), 'Wr0ng#Password');
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual(wrong.json(), {
        statusCode: 400,
        error: 'Bad Request',
        message: PASSWORD_INCORRECT_MESSAGE,
        code: 'PASSWORD_INCORRECT',
      });
      assert.deepEqual(
        (await change(author, author.email.toUpperCase(), author.password)).json(),
        validation(SAME_EMAIL_MESSAGE),
      );
      const taken = await change(author, other.email, author.password);
      assert.equal(taken.statusCode, 409);
      assert.deepEqual(taken.json(), { statusCode: 409, error: 'Conflict', message: EMAIL_TAKEN_MESSAGE, code: 'U30' });
    });

    it('changes the address only when the link mailed to it is followed, then ends every session', async () => {
      const author = await registerActiveUser(t.app);
      const newEmail = uniqueEmail('moved');
      const response = await change(author, newEmail, author.password);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 0, description: EMAIL_CHANGE_SENT });

      const confirm = await latestMail(t.app, newEmail);
      assert.equal(confirm?.subject, EMAIL_CHANGE_MAIL.subject);
      const notice = await latestMail(t.app, author.email);
      assert.equal(notice?.subject, EMAIL_CHANGE_NOTICE_SUBJECT);
      assert.match(notice!.text_body, new RegExp(newEmail.replace(/[.]/g, '\\.')));
      assert.equal((await me(author)).email, author.email);

      const link = linkIn(confirm!.text_body, '/verify');
      assert.equal(link.id, author.id);
      // Another user's id with this token is no good.
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/verifyaccount/${other.id}/${link.token}`,
      });
      assert.equal(foreign.statusCode, 400);
      const verify = await t.app.inject({ method: 'GET', url: `/api/v1/user/verifyaccount/${link.id}/${link.token}` });
      assert.equal(verify.statusCode, 200, verify.body);

      const row = await t.app.userRepository.findById(author.id);
      assert.equal(row?.email, newEmail);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authO/refresh',
        payload: { token: author.refreshToken },
      });
      assert.equal(refresh.statusCode, 401);
      assert.equal((await latestMail(t.app, author.email))?.subject, EMAIL_CHANGED_SUBJECT);
      assert.ok(await loginToken(t.app, newEmail, author.password));
      const reused = await t.app.inject({ method: 'GET', url: `/api/v1/user/verifyaccount/${link.id}/${link.token}` });
      assert.equal(reused.json().message, VERIFY_FAILED_MESSAGE);
    });

    it('fails the link, changing nothing, when another account took the address meanwhile', async () => {
      const author = await registerActiveUser(t.app);
      const wanted = uniqueEmail('contested');
      assert.equal((await change(author, wanted, author.password)).statusCode, 200);
      const link = linkIn((await latestMail(t.app, wanted))!.text_body, '/verify');
      await registerUser(t.app, { email: wanted });
      const verify = await t.app.inject({ method: 'GET', url: `/api/v1/user/verifyaccount/${link.id}/${link.token}` });
      assert.equal(verify.statusCode, 400);
      assert.equal((await t.app.userRepository.findById(author.id))?.email, author.email);
    });

    it('is limited to 5 requests per user and hour, counted before the password', async () => {
      const author = await registerActiveUser(t.app);
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await change(author, uniqueEmail(), 'Wr0ng#Password')).statusCode, 400);
      }
      const limited = await change(author, uniqueEmail(), author.password);
      assert.equal(limited.statusCode, 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);
      // Per user: another account is not affected.
      const fresh = await registerActiveUser(t.app);
      assert.equal((await change(fresh, uniqueEmail(), fresh.password)).statusCode, 200);
    });
  });
});
