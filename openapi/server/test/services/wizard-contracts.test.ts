import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  APPENDIX_ALREADY_SIGNED_MESSAGE,
  BOOK_CANCELLED_MESSAGE,
  CONTRACT_ALREADY_SIGNED_MESSAGE,
  CONTRACT_NOT_SIGNED_MESSAGE,
} from '../../src/services/wizard/contract-books.js';
import { SIGN_DATA_MISSING_MESSAGE, SIGNATURE_INVALID_MESSAGE } from '../../src/services/wizard/contracts.js';
import { CONTRACT_MAIL_JOB } from '../../src/jobs/contract-mail.js';
import { contractBody, LOCAL_BANK, pdfText, pngDataUrl, PUBLISHER } from '../helpers/contract-body.js';
import { quoteBody } from '../helpers/quote-body.js';
import {
  bearer,
  buildTestApp,
  latestMail,
  registerActiveUser,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };
interface Ids {
  local: number | null;
  international: number | null;
}

describe('wizard contracts: viewcontract, saveusersignature, uploadsignature, the appendix', () => {
  let t: TestApp;
  let user: User;
  let other: User;

  before(async () => {
    t = await buildTestApp();
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const post = (url: string, payload: object, who: User = user) =>
    t.app.inject({ method: 'POST', url: `/api/v1/user/${url}`, headers: bearer(who.accessToken), payload });

  async function newUpload(who: User = user, overrides: Record<string, unknown> = {}): Promise<Ids> {
    const response = await post('getquote', quoteBody(overrides), who);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ localBookId: number | null; internationalBookId: number | null }>();
    return { local: body.localBookId ?? null, international: body.internationalBookId ?? null };
  }

  const records = async (who: User, ids: Ids) =>
    Promise.all(
      [ids.local, ids.international]
        .filter((id): id is number => id !== null)
        .map(async (id) => (await t.app.bookRepository.findOwned(who.id, id))!),
    );

  const stages = async (who: User, ids: Ids) => (await records(who, ids)).map((book) => book.misc.bookStage);

  describe('POST /user/saveusersignature', () => {
    it('stores a PNG data URL and replaces it on the next call', async () => {
      const first = await post('saveusersignature', { fileData: pngDataUrl(30, 10) });
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json(), { statusCode: 0, description: 'Successful' });
      const second = pngDataUrl(50, 20);
      assert.equal((await post('saveusersignature', { fileData: second })).statusCode, 200);
      assert.equal(await t.app.contractRepository.findSignature(user.id), second);
    });

    it('answers 400 for anything that is not a PNG image, and for an image over 1 MB', async () => {
      const jpeg = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]).toString('base64')}`;
      const bigPng = `data:image/png;base64,${Buffer.alloc(1_200_000, 7).toString('base64')}`;
      for (const fileData of ['', 'hello', 'data:image/png;base64,AA==', 'data:text/plain;base64,aGk=', jpeg, bigPng]) {
        const response = await post('saveusersignature', { fileData });
        assert.equal(response.statusCode, 400, `${fileData.slice(0, 30)}: ${response.body}`);
        assert.equal(response.json().message, SIGNATURE_INVALID_MESSAGE);
      }
    });
  });

  describe('GET /user/viewcontract', () => {
    const view = (query: string, who: User = user) =>
      t.app.inject({ method: 'GET', url: `/api/v1/user/viewcontract${query}`, headers: bearer(who.accessToken) });

    it("answers the unsigned contract PDF, filled with the book's details", async () => {
      const ids = await newUpload(user, { book_title: 'Rain Queen Chronicles' });
      const response = await view(`?local_bookId=${ids.local}&international_bookId=${ids.international}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/pdf');
      const { text } = await pdfText(response.rawPayload);
      assert.match(text, /Rain Queen Chronicles/);
      assert.match(text, /Lerato Mokoena/);
      assert.match(text, /Not signed yet/);
      assert.match(text, /R 249\.00/);
    });

    it('answers a contract without book details when no id is given', async () => {
      const response = await view('');
      assert.equal(response.statusCode, 200);
      assert.match((await pdfText(response.rawPayload)).text, /PUBLISHING AND DISTRIBUTION AGREEMENT/);
    });

    it("answers 404 for another user's book", async () => {
      const ids = await newUpload(other);
      assert.equal((await view(`?local_bookId=${ids.local}`)).statusCode, 404);
      assert.equal((await view(`?international_bookId=${ids.international}`)).statusCode, 404);
    });
  });

  describe('POST /user/uploadsignature (first pass)', () => {
    it('signs: stores the PDF, moves getquote -> signedcontract, saves the details, mails the PDF', async () => {
      const ids = await newUpload(user, { book_title: 'Mopane Mornings' });
      const response = await post('uploadsignature', contractBody(ids, { branch_name: '' }));
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 0, description: 'Successful' });

      for (const book of await records(user, ids)) {
        assert.equal(book.misc.bookStage, 'signedcontract');
        assert.equal(book.misc.status, 'pending');
        assert.equal(book.contract?.signed_place, '12 Church Street, Polokwane');
        assert.deepEqual(
          book.files.map((file) => file.kind),
          ['contract'],
        );
      }
      // The library lists the contract, and the viewer serves the stored, signed PDF.
      const library = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/getuserbooks',
        headers: bearer(user.accessToken),
      });
      const listed = library.json().localBooks.find((book: { id: number }) => book.id === ids.local);
      assert.ok(listed.files.some((file: { contract: boolean }) => file.contract));
      const signed = await post('viewsignedcontract', { local_bookId: ids.local, international_bookId: null });
      assert.equal(signed.statusCode, 200, signed.body);
      const { text } = await pdfText(signed.rawPayload);
      assert.match(text, /Mopane Mornings/);
      assert.match(text, /Signed at: 12 Church Street, Polokwane/);
      assert.match(text, /Limpopo Leaf Press/);
      assert.match(text, /Account number: •••• 6789/);
      assert.doesNotMatch(text, /123456789/);

      const saved = (await t.app.userRepository.findById(user.id))!.misc as Record<string, unknown>;
      assert.equal(saved.publish_name, PUBLISHER.publish_name);
      assert.deepEqual(saved.bankInfo, { ...LOCAL_BANK, branch_name: 'N/A' });

      const mail = await latestMail(t.app, user.email);
      assert.ok(mail, 'no contract mail');
      assert.match(mail.subject, /signed Print on Demand contract: Mopane Mornings/);
      assert.match(mail.text_body, new RegExp(`/books/local/${ids.local}`));
      assert.equal(mail.attachments.length, 1);
      assert.equal(mail.attachments[0]!.contentType, 'application/pdf');
      assert.equal(Buffer.from(mail.attachments[0]!.content, 'base64').subarray(0, 5).toString(), '%PDF-');
    });

    it('answers the saved details for prefill with the account number masked, and keeps them on a later contract', async () => {
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/viewuserinfo',
        headers: bearer(user.accessToken),
      });
      assert.equal(profile.statusCode, 200);
      assert.doesNotMatch(profile.body, /123456789|1234 56789/);
      const misc = JSON.parse(profile.json().result.misc);
      assert.equal(misc.publish_name, PUBLISHER.publish_name);
      assert.equal(misc.bankInfo.account_number, '•••• 6789');
      assert.equal(misc.bankInfo.bank_name, LOCAL_BANK.bank_name);

      // The wizard sends the locked (masked) values back, or other ones: saved values win.
      const ids = await newUpload(user);
      const response = await post(
        'uploadsignature',
        contractBody(ids, { publish_name: 'Another Press', account_number: misc.bankInfo.account_number }),
      );
      assert.equal(response.statusCode, 200, response.body);
      const saved = (await t.app.userRepository.findById(user.id))!.misc as { publish_name: string; bankInfo: object };
      assert.equal(saved.publish_name, PUBLISHER.publish_name);
      assert.deepEqual(saved.bankInfo, { ...LOCAL_BANK, branch_name: 'N/A' });
    });

    it("validates the publisher and bank details and the sign data with the specification's messages", async () => {
      const fresh = await registerActiveUser(t.app);
      const ids = await newUpload(fresh);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ publish_name: ' ' }, 'Please enter the publishers name'],
        [{ reg_id_no: 'x' }, 'Please enter a valid registration ID within the range of 2-30 characters'],
        [{ physical_address: 'abc' }, 'Please enter a valid physical address'],
        [{ postal_address: null }, 'Please select the publishers postal address'],
        [{ telephone: '12-34' }, 'Please enter a valid telephone number'],
        [{ email: 'press@' }, 'Please enter a valid email'],
        [{ contact_person: 'L3rato' }, 'Please enter a valid author name with no special characters and numbers'],
        [{ bank_name: '' }, 'Please enter your banks name'],
        [{ brance_code: 'abc' }, 'Please enter a valid branch code within the range of 2-30 numbers'],
        [{ account_type: 'Gold' }, 'Please enter your bank account type'],
        [{ account_number: '' }, 'Please enter your account number'],
        [{ international_swift_code: 'ABSAZAJJ' }, 'Please enter your bank address'],
        [
          {
            international_bank_address: '1 Bank Street, London',
            international_iban_number: 'GB!!',
            international_swift_code: 'X1',
          },
          'Please enter a valid IBAN number within the range of 2-34 characters and numbers',
        ],
        [
          {
            international_bank_address: '1 Bank Street, London',
            international_iban_number: 'GB29 NWBK 6016 1331 9268 19',
            international_swift_code: 'NWBKGB2L',
            paypal: 'not-an-email',
          },
          'Please enter a valid paypal',
        ],
        [{ signed_place: ' ' }, SIGN_DATA_MISSING_MESSAGE],
        [{ initial_base64: '' }, SIGN_DATA_MISSING_MESSAGE],
        [{ filedata: 'data:image/png;base64,AA==' }, SIGN_DATA_MISSING_MESSAGE],
      ];
      for (const [overrides, message] of cases) {
        const response = await post('uploadsignature', contractBody(ids, overrides), fresh);
        assert.equal(response.statusCode, 400, `${JSON.stringify(overrides)}: ${response.body}`);
        assert.equal(response.json().message, message, JSON.stringify(overrides));
      }
      assert.deepEqual(await stages(fresh, ids), ['getquote', 'getquote']);
      assert.deepEqual((await t.app.userRepository.findById(fresh.id))!.misc, {});
      assert.equal(await t.app.contractRepository.findDocument((await records(fresh, ids))[0]!.pair_id), undefined);
    });

    it('signs with the saved signature when the payload carries none', async () => {
      const fresh = await registerActiveUser(t.app);
      const ids = await newUpload(fresh);
      assert.equal((await post('uploadsignature', contractBody(ids, { filedata: '' }), fresh)).statusCode, 400);
      assert.equal((await post('saveusersignature', { fileData: pngDataUrl() }, fresh)).statusCode, 200);
      const response = await post('uploadsignature', contractBody(ids, { filedata: '' }), fresh);
      assert.equal(response.statusCode, 200, response.body);
    });

    it('accepts an international account (swift, IBAN and address) without local fields', async () => {
      const fresh = await registerActiveUser(t.app);
      const ids = await newUpload(fresh);
      const response = await post(
        'uploadsignature',
        contractBody(ids, {
          bank_name: null,
          brance_code: null,
          account_type: null,
          account_number: null,
          international_bank_address: '1 Bank Street, London',
          international_iban_number: 'GB29 NWBK 6016 1331 9268 19',
          international_swift_code: 'NWBKGB2L',
          paypal: 'lerato@example.test',
        }),
        fresh,
      );
      assert.equal(response.statusCode, 200, response.body);
      const misc = JSON.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(fresh.accessToken) })
        ).json().result.misc,
      );
      assert.equal(misc.bankInfo.international_iban_number, '•••• 6819');
      assert.equal(misc.bankInfo.international_swift_code, 'NWBKGB2L');
    });
  });

  describe('stages and ownership', () => {
    it('refuses a second signing (409) and an appendix before the contract (409)', async () => {
      const ids = await newUpload();
      const early = await post('uploadsignatureappendix', contractBody(ids));
      assert.equal(early.statusCode, 409, early.body);
      assert.equal(early.json().message, CONTRACT_NOT_SIGNED_MESSAGE);
      assert.equal((await post('submitcontractappendix', contractBody(ids))).statusCode, 409);

      assert.equal((await post('uploadsignature', contractBody(ids))).statusCode, 200);
      for (const url of ['uploadsignature', 'submitcontract']) {
        const again = await post(url, contractBody(ids));
        assert.equal(again.statusCode, 409, again.body);
        assert.equal(again.json().message, CONTRACT_ALREADY_SIGNED_MESSAGE);
      }
    });

    it('appends the appendix to the signed contract once, answers Successful and mails it', async () => {
      const ids = await newUpload(user, { book_title: 'Appendix Book' });
      assert.equal((await post('submitcontract', contractBody(ids))).statusCode, 200);
      const before = await post('viewsignedcontract', { local_bookId: ids.local, international_bookId: null });
      const pagesBefore = (await pdfText(before.rawPayload)).pages;

      const response = await post('uploadsignatureappendix', contractBody(ids, { signed_place: 'Tzaneen' }));
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().description, 'Successful');
      const after = await post('viewsignedcontract', { local_bookId: null, international_bookId: ids.international });
      const { text, pages } = await pdfText(after.rawPayload);
      assert.ok(pages > pagesBefore, `${pages} pages, before ${pagesBefore}`);
      assert.match(text, /APPENDIX: APPLICABILITY OF TERMS AND CONDITIONS/);
      assert.match(text, /Signed at: Tzaneen/);
      const mail = await latestMail(t.app, user.email);
      assert.match(mail!.subject, /appendix: Appendix Book/);

      const again = await post('submitcontractappendix', contractBody(ids));
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, APPENDIX_ALREADY_SIGNED_MESSAGE);
    });

    it('refuses a cancelled book', async () => {
      const ids = await newUpload();
      await t.app.bookRepository.archive(user.id, ids.local!, false);
      const response = await post('uploadsignature', contractBody(ids));
      assert.equal(response.statusCode, 409);
      assert.equal(response.json().message, BOOK_CANCELLED_MESSAGE);
    });

    it("answers 404 for another user's books, and for ids of two different uploads, changing nothing", async () => {
      const foreign = await newUpload(other);
      const mine = await newUpload(user);
      for (const url of ['uploadsignature', 'submitcontract', 'uploadsignatureappendix', 'submitcontractappendix']) {
        assert.equal((await post(url, contractBody(foreign))).statusCode, 404, url);
        assert.equal(
          (await post(url, contractBody({ local: mine.local, international: foreign.international }))).statusCode,
          404,
          url,
        );
      }
      const mixed = await newUpload(user);
      const response = await post(
        'uploadsignature',
        contractBody({ local: mine.local, international: mixed.international }),
      );
      assert.equal(response.statusCode, 404);
      assert.deepEqual(await stages(other, foreign), ['getquote', 'getquote']);
      assert.deepEqual(await stages(user, mine), ['getquote', 'getquote']);
    });

    it('answers 400 when no book id is given', async () => {
      const response = await post('uploadsignature', contractBody({ local: null, international: null }));
      assert.equal(response.statusCode, 400);
    });

    it('lets only one of two parallel signings of one upload succeed', async () => {
      const ids = await newUpload();
      const answers = await Promise.all([
        post('uploadsignature', contractBody(ids)),
        post('submitcontract', contractBody(ids, { signed_place: 'Durban' })),
      ]);
      assert.deepEqual(
        answers.map((answer) => answer.statusCode).sort(),
        [200, 409],
        answers.map((a) => a.body).join(' | '),
      );
      const pairId = (await records(user, ids))[0]!.pair_id;
      const documents = await sql<{ count: string }>`
        SELECT count(*)::text AS count FROM contract_documents WHERE pair_id = ${pairId}`.execute(t.app.db);
      assert.equal(documents.rows[0]!.count, '1');
      const jobs = await t.app.jobRepository.list({ type: CONTRACT_MAIL_JOB });
      const documentId = (await t.app.contractRepository.findDocument(pairId))!.id;
      assert.equal(jobs.filter((job) => job.payload.documentId === documentId).length, 1);
    });

    it('records the audio files of an audiobook sent with submitcontract', async () => {
      const ids = await newUpload(user, {
        format_type: 'audiobook',
        is_local: false,
        local_price: null,
        l_paper_type_id: null,
        l_cover_type_id: null,
        i_paper_type_id: null,
        i_cover_type_id: null,
        international_price: 12.99,
      });
      const response = await post('submitcontract', contractBody(ids, { audio_files: ['chapter-1.mp3'] }));
      assert.equal(response.statusCode, 200, response.body);
      const [book] = await records(user, ids);
      assert.deepEqual(book!.misc.audioFiles, ['chapter-1.mp3']);
    });
  });
});
