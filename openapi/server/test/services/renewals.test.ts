import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAdminConsole } from '../../src/admin/index.js';
import { REQUEST_APPROVED_CHAT } from '../../src/admin/requests.js';
import { CONTRACT_MAIL } from '../../src/services/emails.js';
import { NOTHING_TO_RESIGN_MESSAGE, RESIGN_FAILED_MESSAGE } from '../../src/services/renewals.js';
import { contractBody, pdfText, pngDataUrl } from '../helpers/contract-body.js';
import { quoteBody } from '../helpers/quote-body.js';
import {
  bearer,
  buildTestApp,
  latestMail,
  loginToken,
  registerActiveUser,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };
interface Ids {
  local: number | null;
  international: number | null;
}
interface ResignBook {
  id: number;
  book_title: string;
  format_type: string;
  is_international: 0 | 1;
  contract: string | null;
}

const NEW_BANK = {
  bank_name: 'Nedbank Limited',
  brance_code: '198 765',
  branch_name: 'Sandton',
  account_name: 'Lerato Mokoena',
  account_type: 'Cheque',
  account_number: '5555 4444 3210',
};
const PUBLISHER = {
  publish_name: 'Limpopo Leaf Press',
  email: 'press@example.test',
  telephone: '+27821234567',
  contact_person: 'Lerato Mokoena',
  reg_id_no: '2019/123456/07',
  postal_address: 'PO Box 55, Polokwane, 0700',
  physical_address: '12 Church Street, Polokwane, 0699',
};

/**
 * The whole journey of issue 15: update request -> admin approval (the console's function) ->
 * user_status 2 -> booksrenewal lists the signed uploads -> each re-signed -> user_status 1,
 * with the audit rows, the new documents and their mails.
 */
describe('re-signing: requestchange -> admin approve -> booksrenewal -> resign', () => {
  let t: TestApp;
  let user: User;
  let other: User;
  let pair: Ids;
  let localOnly: Ids;
  let unsigned: Ids;
  const admin = () => createAdminConsole({ db: t.app.db, actor: 'renewal-admin', now: () => new Date() });

  before(async () => {
    t = await buildTestApp();
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
    pair = await newUpload(user, { book_title: 'Stars over Limpopo' });
    localOnly = await newUpload(user, { book_title: 'River Songs', is_international: false });
    unsigned = await newUpload(user, { book_title: 'Still a Quote', is_international: false });
    for (const ids of [pair, localOnly]) {
      const signed = await post('uploadsignature', contractBody(ids), user);
      assert.equal(signed.statusCode, 200, signed.body);
    }
    await t.app.jobs.runDue();
    // The other user has a signed contract too: nothing of hers may move.
    const hers = await newUpload(other, { book_title: 'Her Book' });
    assert.equal((await post('uploadsignature', contractBody(hers), other)).statusCode, 200);
  });
  after(() => t.close());

  async function newUpload(who: User, overrides: Record<string, unknown>): Promise<Ids> {
    const response = await post('getquote', quoteBody(overrides), who);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ localBookId: number | null; internationalBookId: number | null }>();
    return { local: body.localBookId ?? null, international: body.internationalBookId ?? null };
  }
  function post(url: string, payload: object, who: { accessToken: string }) {
    return t.app.inject({ method: 'POST', url: `/api/v1/user/${url}`, headers: bearer(who.accessToken), payload });
  }
  const renewals = async (who: { accessToken: string }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/booksrenewal',
      headers: bearer(who.accessToken),
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ statusCode: number; results: ResignBook[] }>().results;
  };
  const resign = (who: { accessToken: string }, id: number | null, flag: 0 | 1, payload: object = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/resign/${id}/${flag}`,
      headers: bearer(who.accessToken),
      payload: {
        filedata: pngDataUrl(),
        initial_base64: pngDataUrl(16, 12),
        signedPlace: 'Sandton',
        ...payload,
      },
    });
  const status = async (who: User) => (await t.app.userRepository.findById(who.id))!.user_status;
  const fresh = async (who: User) => ({ accessToken: await loginToken(t.app, who.email, who.password) });

  it('lists nothing and keeps user_status 1 before any approval', async () => {
    assert.deepEqual(await renewals(user), []);
    assert.equal(await status(user), 1);
    const refused = await resign(user, pair.local, 0);
    assert.equal(refused.statusCode, 404);
    assert.equal(refused.json().message, NOTHING_TO_RESIGN_MESSAGE);
  });

  it('an approved update request opens one renewal per signed upload and sets user_status 2', async () => {
    const request = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/requestchange',
      headers: bearer(user.accessToken),
      payload: {
        pendingUserChanges: {
          name_first: 'Lerato',
          name_last: 'Mokoena',
          username: user.email,
          phone_main: '0821234567',
        },
        bankInfo: { ...NEW_BANK, ...PUBLISHER },
        isInternational: false,
      },
    });
    assert.equal(request.statusCode, 200, request.body);

    assert.deepEqual(
      (await admin().listRequests()).map((r) => r.userId),
      [user.id],
    );
    const outcome = await admin().approveRequest(String(user.id));
    assert.equal(outcome.renewalsOpened, 2);
    assert.equal(outcome.userStatus, 2);
    assert.equal(outcome.email, 'unchanged');
    assert.ok(outcome.changed.includes('bankInfo.account_number'));
    assert.equal(await status(user), 2);
    assert.equal(await status(other), 1);

    const saved = (await t.app.userRepository.findById(user.id))!;
    assert.equal((saved.misc.bankInfo as Record<string, string>).account_number, '5555 4444 3210');
    assert.equal(saved.admin_confirmation, 1);
    assert.equal(saved.user_confirmation, 0);

    const [audit] = await t.app.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'requests.approve')
      .execute();
    assert.equal(audit?.actor, 'renewal-admin');
    assert.equal(audit?.user_id, user.id);
    assert.deepEqual((audit?.details as { renewalsOpened: number }).renewalsOpened, 2);
    assert.doesNotMatch(JSON.stringify(audit?.details), /5555/);

    const chat = await t.app.chatRepository.listByUser(user.id);
    assert.deepEqual(
      chat.map((m) => [m.source, m.message]),
      [['system', REQUEST_APPROVED_CHAT]],
    );
  });

  it('booksrenewal lists each upload once, with the new contract to preview', async () => {
    const listed = await renewals(user);
    assert.deepEqual(
      listed.map((b) => [b.id, b.book_title, b.is_international]),
      [
        [pair.local, 'Stars over Limpopo', 0],
        [localOnly.local, 'River Songs', 0],
      ],
    );
    const { text } = await pdfText(Buffer.from(listed[0]!.contract!, 'base64'));
    assert.match(text, /Nedbank Limited/);
    assert.match(text, /•••• 3210/);
    assert.doesNotMatch(text, /5555 4444/);
    assert.deepEqual(await renewals(other), []);
  });

  it("refuses another user's book, a book with nothing to re-sign, a wrong region and missing sign data", async () => {
    const foreign = await resign(other, pair.local, 0);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().message, 'Book not found');
    const quote = await resign(user, unsigned.local, 0);
    assert.equal(quote.statusCode, 404);
    assert.equal(quote.json().message, NOTHING_TO_RESIGN_MESSAGE);
    assert.equal((await resign(user, pair.local, 1)).statusCode, 404);
    for (const payload of [
      { filedata: 'data:,' },
      { initial_base64: 'data:image/png;base64,AAAA' },
      { signedPlace: '  ' },
    ]) {
      const response = await resign(user, pair.local, 0, payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        statusCode: 400,
        error: 'Bad Request',
        message: RESIGN_FAILED_MESSAGE,
        code: 'VALIDATION',
      });
    }
    assert.equal((await renewals(user)).length, 2);
    assert.equal(await status(user), 2);
  });

  it('re-signs each upload (either region record), storing and mailing a new contract; the last sets user_status 1', async () => {
    const signedBefore = await t.app.contractRepository.findDocument(
      (await t.app.bookRepository.findOwned(user.id, pair.local!))!.pair_id,
    );
    // The international record of the pair names the same upload.
    const first = await resign(user, pair.international, 1, { signedPlace: 'Johannesburg' });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), {
      statusCode: 0,
      description: 'Contract for book Stars over Limpopo re-signed successfully.',
    });
    assert.equal(await status(user), 2);
    assert.deepEqual(
      (await renewals(user)).map((b) => b.id),
      [localOnly.local],
    );
    assert.equal((await resign(user, pair.local, 0)).statusCode, 404);

    const mail = await latestMail(t.app, user.email);
    assert.equal(mail?.subject, `${CONTRACT_MAIL.renewal}: Stars over Limpopo`);
    assert.equal(mail?.attachments[0]?.contentType, 'application/pdf');

    const contract = await post('viewsignedcontract', { local_bookId: pair.local, international_bookId: null }, user);
    assert.equal(contract.statusCode, 200);
    const { text } = await pdfText(contract.rawPayload);
    assert.match(text, /Johannesburg/);
    assert.match(text, /•••• 3210/);
    const current = await t.app.contractRepository.findDocument(signedBefore!.pair_id);
    assert.notEqual(current?.id, signedBefore?.id);
    const superseded = await t.app.db
      .selectFrom('contract_documents')
      .select(['id', 'superseded_at'])
      .where('id', '=', signedBefore!.id)
      .executeTakeFirstOrThrow();
    assert.ok(superseded.superseded_at instanceof Date);

    const last = await resign(user, localOnly.local, 0);
    assert.equal(last.statusCode, 200, last.body);
    assert.equal(last.json().description, 'Contract for book River Songs re-signed successfully.');
    assert.equal(await status(user), 1);
    assert.deepEqual(await renewals(user), []);
  });

  it('booksrenewal drops a cancelled upload and then sets user_status back to 1', async () => {
    const author = await registerActiveUser(t.app);
    const ids = await newUpload(author, { book_title: 'Soon Cancelled', is_international: false });
    assert.equal((await post('uploadsignature', contractBody(ids), author)).statusCode, 200);
    await t.app.db
      .updateTable('books')
      .set({ misc: JSON.stringify({ bookStage: 'signedcontract', status: 'pending' }) })
      .where('id', '=', ids.local!)
      .execute();
    const request = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/requestchange',
      headers: bearer(author.accessToken),
      payload: {
        pendingUserChanges: { name_first: 'Ayanda', name_last: 'Dube', email: author.email, phone_main: '0821234567' },
        bankInfo: { ...NEW_BANK, ...PUBLISHER },
      },
    });
    assert.equal(request.statusCode, 200, request.body);
    assert.equal((await admin().approveRequest(author.email)).userStatus, 2);
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/archivebook/${ids.local}/0`,
      headers: bearer((await fresh(author)).accessToken),
    });
    assert.equal(archived.statusCode, 200, archived.body);
    assert.deepEqual(await renewals(await fresh(author)), []);
    assert.equal(await status(author), 1);
  });
});
