import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FILE_LINK_TTL_SECONDS } from '../../src/domain/file-links.js';
import {
  FILE_CACHE_CONTROL,
  FILE_NOT_FOUND_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  RANGE_NOT_SATISFIABLE_MESSAGE,
} from '../../src/services/files.js';
import { DEMO_ACCOUNT, seedDemo } from '../../src/seed/index.js';
import { demoFiles } from '../../src/seed/library.js';
import {
  bearer,
  buildTestApp,
  createClock,
  loginToken,
  registerActiveUser,
  type TestApp,
} from '../helpers/test-app.js';

type BookFile = {
  filename: string;
  title: string;
  kind: string;
  contract: boolean;
  url: string;
  size: number | null;
  contentType: string;
};
type Book = { id: number; book_title: string; is_international: boolean; files: BookFile[] };
type Books = { localBooks: Book[]; internationalBooks: Book[] };

describe('file links (GET /api/v1/files/{token})', () => {
  let t: TestApp;
  const clock = createClock();
  let demo: string;
  let demoId: number;
  let other: { accessToken: string; id: number };

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
    await seedDemo(t.app);
    demo = await loginToken(t.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    demoId = (await t.app.userRepository.findByEmail(DEMO_ACCOUNT.email))!.id;
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const library = async (token = demo) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/user/getuserbooks', headers: bearer(token) })).json<Books>();
  const find = async (title: string, international = false) => {
    const books = await library();
    const book = (international ? books.internationalBooks : books.localBooks).find((b) => b.book_title === title);
    assert.ok(book, title);
    return book;
  };
  /** The book as GET /user/viewusersbookinfo answers it (fresh links, sizes). */
  const info = async (title: string, international = false, token = demo) => {
    const book = await find(title, international);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/viewusersbookinfo/${book.id}/${international ? 1 : 0}`,
      headers: bearer(token),
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ result: Book }>().result;
  };
  const fileOf = async (title: string, kind: string, international = false) => {
    const file = (await info(title, international)).files.find((f) => f.kind === kind);
    assert.ok(file, `${title}: ${kind}`);
    return file;
  };
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });
  const stored = async (name: string) => (await t.app.fileStore.readAll(name))!;

  describe('issuing', () => {
    it("links a book's files only in its owner's answers", async () => {
      const book = await find("The Baobab's Secret");
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/viewusersbookinfo/${book.id}/0`,
        headers: bearer(other.accessToken),
      });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.body.includes('/api/v1/files/'), false);
      assert.deepEqual(await library(other.accessToken), { statusCode: 0, localBooks: [], internationalBooks: [] });
    });

    it('gives every file of the demo library a size, and every link serves exactly that many bytes', async () => {
      const books = await library();
      let checked = 0;
      for (const book of [...books.localBooks, ...books.internationalBooks]) {
        const { files } = await info(book.book_title, book.is_international);
        for (const file of files) {
          const response = await get(file.url);
          assert.equal(response.statusCode, 200, `${book.book_title}: ${file.filename}`);
          assert.equal(response.headers['content-type'], file.contentType);
          if (file.size !== null) assert.equal(response.rawPayload.length, file.size, file.filename);
          else assert.equal(file.kind, 'contract', 'only a contract rendered on demand has no size');
          checked += 1;
        }
      }
      assert.ok(checked >= 40, `${checked} files`);
    });
  });

  describe('seed files', () => {
    it('stores every file the demo library lists, as real PDFs and WAVs', async () => {
      const files = demoFiles();
      assert.equal(files.length, 17);
      for (const file of files) {
        const bytes = await stored(file.filename);
        assert.ok(bytes, file.filename);
        if (file.filename.endsWith('.pdf')) assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', file.filename);
        else {
          assert.equal(bytes.subarray(0, 4).toString(), 'RIFF', file.filename);
          assert.equal(bytes.subarray(8, 12).toString(), 'WAVE', file.filename);
        }
      }
    });

    it('puts back a missing seed file at the next seeding, and nothing else', async () => {
      const [first] = demoFiles();
      await t.app.fileStore.delete(first!.filename);
      const result = await seedDemo(t.app);
      assert.equal(result.filesCreated, 1);
      assert.ok(await t.app.fileStore.exists(first!.filename));
      assert.equal((await seedDemo(t.app)).filesCreated, 0);
    });

    it('serves an audio chapter as audio/wav, inline for the player', async () => {
      const chapter = await fileOf('Voices of the Veld', 'audio');
      assert.equal(chapter.filename, 'voices-of-the-veld-chapter-1.wav');
      const response = await get(`${chapter.url}?disposition=inline`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'audio/wav');
      assert.match(
        String(response.headers['content-disposition']),
        /^inline; filename="voices-of-the-veld-chapter-1\.wav"/,
      );
      assert.deepEqual(response.rawPayload, await stored(chapter.filename));
    });
  });

  describe('downloads', () => {
    it('serves the whole file as a download with its type, name, nosniff and a short private cache', async () => {
      const book = await fileOf("The Baobab's Secret", 'book');
      const response = await get(book.url);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.rawPayload, await stored('the-baobab-s-secret.pdf'));
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(
        response.headers['content-disposition'],
        `attachment; filename="the-baobab-s-secret.pdf"; filename*=UTF-8''the-baobab-s-secret.pdf`,
      );
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['cache-control'], FILE_CACHE_CONTROL);
      assert.equal(response.headers['accept-ranges'], 'bytes');
      assert.equal(response.headers['content-length'], String(book.size));
      assert.equal(response.headers['content-range'], undefined);
      assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
    });

    it('works without any bearer token (the link is the credential) and says inline when asked', async () => {
      const cover = await fileOf("The Baobab's Secret", 'cover');
      const response = await get(`${cover.url}?disposition=inline`);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-disposition']), /^inline; /);
      const refused = await get(`${cover.url}?disposition=open`);
      assert.equal(refused.statusCode, 400);
    });

    it('answers one range 206 with Content-Range: closed, open-ended, suffix and cut at the end', async () => {
      const book = await fileOf('Sunrise over Soweto', 'book');
      const whole = await stored('sunrise-over-soweto.pdf');
      const size = whole.length;
      const cases: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        ['bytes=100-', 100, size - 1],
        ['bytes=-50', size - 50, size - 1],
        [`bytes=10-${size + 1000}`, 10, size - 1],
        [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
        [`bytes=-${size + 5}`, 0, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await get(book.url, { range });
        assert.equal(response.statusCode, 206, range);
        assert.equal(response.headers['content-range'], `bytes ${start}-${end}/${size}`, range);
        assert.equal(response.headers['content-length'], String(end - start + 1), range);
        assert.deepEqual(response.rawPayload, whole.subarray(start, end + 1), range);
        assert.equal(response.headers['content-type'], 'application/pdf');
        assert.equal(response.headers['accept-ranges'], 'bytes');
      }
    });

    it('answers 416 with Content-Range: bytes */size for a range past the end', async () => {
      const chapter = await fileOf('Voices of the Veld', 'audio');
      for (const range of [`bytes=${chapter.size}-`, `bytes=${chapter.size! + 10}-${chapter.size! + 20}`, 'bytes=-0']) {
        const response = await get(chapter.url, { range });
        assert.equal(response.statusCode, 416, range);
        assert.equal(response.headers['content-range'], `bytes */${chapter.size}`);
        assert.equal(response.json().message, RANGE_NOT_SATISFIABLE_MESSAGE);
        assert.equal(response.headers['cache-control'], 'no-store');
      }
    });

    it('answers several ranges, a malformed Range or one under If-Range with the whole file (200)', async () => {
      const chapter = await fileOf('Voices of the Veld', 'audio');
      const cases: Array<Record<string, string>> = [
        { range: 'bytes=0-1,10-20' },
        { range: 'items=0-5' },
        { range: 'bytes=abc' },
        { range: 'bytes=9-3' },
        { range: 'bytes=0-5', 'if-range': '"some-etag"' },
      ];
      for (const headers of cases) {
        const response = await get(chapter.url, headers);
        assert.equal(response.statusCode, 200, JSON.stringify(headers));
        assert.equal(response.rawPayload.length, chapter.size);
      }
    });

    it('answers HEAD with the headers and length of the file, and no body', async () => {
      const book = await fileOf('Digital Nomad Diaries', 'book', true);
      const response = await get(book.url, {}, 'HEAD');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-length'], String(book.size));
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(response.rawPayload.length, 0);
      const part = await get(book.url, { range: 'bytes=0-9' }, 'HEAD');
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-length'], '10');
      assert.equal(part.rawPayload.length, 0);
    });

    it('serves the signed contract as a PDF, ranges included', async () => {
      const contract = await fileOf("The Baobab's Secret", 'contract', true);
      assert.equal(contract.contract, true);
      const whole = await get(contract.url);
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['content-type'], 'application/pdf');
      assert.equal(whole.rawPayload.subarray(0, 5).toString(), '%PDF-');
      const part = await get(contract.url, { range: 'bytes=0-4' });
      assert.equal(part.statusCode, 206);
      assert.equal(part.body, '%PDF-');
      assert.equal(part.headers['content-range'], `bytes 0-4/${whole.rawPayload.length}`);
    });

    it('serves a stored contract with its size known in advance', async () => {
      const book = await find('Kitchen Stories from the Karoo', true);
      const pdf = Buffer.from('%PDF-1.7 a stored contract');
      await t.app.contractRepository.insertDocument({
        userId: demoId,
        pairId: (await t.app.bookRepository.findOwned(demoId, book.id))!.pair_id,
        pdf,
        signedAt: clock.now(),
      });
      const contract = await fileOf('Kitchen Stories from the Karoo', 'contract', true);
      assert.equal(contract.size, pdf.length);
      assert.deepEqual((await get(contract.url)).rawPayload, pdf);
    });

    it('serves a data-URL thumbnail decoded, as SVG with a sandboxing policy', async () => {
      const thumbnail = await fileOf("The Baobab's Secret", 'thumbnail');
      const response = await get(`${thumbnail.url}?disposition=inline`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/svg+xml');
      assert.ok(response.body.startsWith('<svg'));
      assert.equal(Number(response.headers['content-length']), thumbnail.size);
      assert.match(String(response.headers['content-security-policy']), /default-src 'none'.*; sandbox$/);
    });

    it('serves a thumbnail stored as a file (books.thumbnail a stored name), listed once', async () => {
      const book = await find('Midnight in Durban');
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
      const name = `${book.id}-0-thumbnail-0a1b2c3d4e5f.jpg`;
      await t.app.fileStore.put(name, jpeg);
      const row = (await t.app.bookRepository.findOwned(demoId, book.id))!;
      await t.app.db
        .updateTable('books')
        .set({
          thumbnail: name,
          files: JSON.stringify([...row.files, { filename: name, title: 'Thumbnail', kind: 'thumbnail' }]),
        })
        .where('id', '=', book.id)
        .execute();
      const files = (await info('Midnight in Durban')).files.filter((f) => f.kind === 'thumbnail');
      assert.equal(files.length, 1);
      assert.equal(files[0]!.contentType, 'image/jpeg');
      assert.equal(files[0]!.size, jpeg.length);
      assert.deepEqual((await get(files[0]!.url)).rawPayload, jpeg);
    });
  });

  describe('refusals', () => {
    it('answers 404 to a malformed, altered or unsigned token, never 400', async () => {
      const book = await fileOf("The Baobab's Secret", 'book');
      const token = book.url.slice('/api/v1/files/'.length);
      const [user, bookId, expires, ref, signature] = token.split('.') as [string, string, string, string, string];
      const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
      for (const forged of [
        'nonsense',
        'has!bang',
        '%2e%2e%2fetc%2fpasswd',
        [user, bookId, expires, ref, flip(signature)].join('.'),
        [user, bookId, String(Number(expires) + 3600), ref, signature].join('.'),
        [user, bookId, expires, Buffer.from('f:the-baobab-s-secret-cover.pdf').toString('base64url'), signature].join(
          '.',
        ),
        [user, bookId, expires, ref].join('.'),
        'x'.repeat(600),
      ]) {
        const response = await get(`/api/v1/files/${forged}`);
        assert.equal(response.statusCode, 404, forged);
        assert.equal(response.json().message, FILE_NOT_FOUND_MESSAGE);
      }
    });

    it("does not let another user's id be put in a link, nor serve another user's book to a link signed for her", async () => {
      const book = await fileOf("The Baobab's Secret", 'book');
      const [, bookId, expires, ref, signature] = book.url.slice('/api/v1/files/'.length).split('.');
      const swapped = await get(`/api/v1/files/${[other.id, bookId, expires, ref, signature].join('.')}`);
      assert.equal(swapped.statusCode, 404);
      // A genuinely signed link naming the demo author's book for another user: re-checked, 404.
      const signedForOther = t.app.fileLinks.url(other.id, Number(bookId), {
        kind: 'file',
        name: 'the-baobab-s-secret.pdf',
      });
      assert.equal((await get(signedForOther)).statusCode, 404);
      // Nor a file of another of her books through this book's record.
      const elsewhere = t.app.fileLinks.url(demoId, Number(bookId), { kind: 'file', name: 'sunrise-over-soweto.pdf' });
      assert.equal((await get(elsewhere)).statusCode, 404);
    });

    it('answers 410 once the link is 30 minutes old, and only for a genuine link', async () => {
      const book = await fileOf('Sunrise over Soweto', 'cover');
      clock.advance(FILE_LINK_TTL_SECONDS - 1);
      assert.equal((await get(book.url)).statusCode, 200, 'valid until the last second');
      clock.advance(1);
      const expired = await get(book.url);
      assert.equal(expired.statusCode, 410);
      assert.deepEqual(expired.json(), {
        statusCode: 410,
        error: 'Gone',
        message: LINK_EXPIRED_MESSAGE,
        code: 'LINK_EXPIRED',
      });
      assert.equal(expired.headers['cache-control'], 'no-store');
      const [user, bookId, expires, ref, signature] = book.url.slice('/api/v1/files/'.length).split('.');
      const tampered = [
        user,
        bookId,
        expires,
        ref,
        `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      ];
      assert.equal((await get(`/api/v1/files/${tampered.join('.')}`)).statusCode, 404);
      // Opening the book again (signed in again: the access token lives 15 minutes) issues a fresh link.
      demo = await loginToken(t.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      assert.equal((await get((await fileOf('Sunrise over Soweto', 'cover')).url)).statusCode, 200);
    });

    it("answers 404 once the file is no longer one of the book's files, or gone from the store", async () => {
      const cover = await fileOf('The Last Lighthouse Keeper', 'cover');
      const book = await find('The Last Lighthouse Keeper');
      const row = (await t.app.bookRepository.findOwned(demoId, book.id))!;
      await t.app.db
        .updateTable('books')
        .set({ files: JSON.stringify(row.files.filter((f) => f.kind !== 'cover')) })
        .where('id', '=', book.id)
        .execute();
      assert.equal((await get(cover.url)).statusCode, 404);
      // Still served through the partner record, which lists it; then removed from the store.
      const partnerCover = await fileOf('The Last Lighthouse Keeper', 'cover', true);
      assert.equal((await get(partnerCover.url)).statusCode, 200);
      await t.app.fileStore.delete(partnerCover.filename);
      assert.equal((await fileOf('The Last Lighthouse Keeper', 'cover', true)).size, null);
      assert.equal((await get(partnerCover.url)).statusCode, 404);
      await seedDemo(t.app);
    });

    it('answers 404 once the book is deleted', async () => {
      const book = await find("A Teacher's Notebook", true);
      const contractless = (await info("A Teacher's Notebook", true)).files;
      assert.deepEqual(contractless, [], 'a cancelled quote has no files');
      const name = `${book.id}-0-book-aaaaaaaaaaaa.pdf`;
      await t.app.fileStore.put(name, Buffer.from('%PDF-1.4 draft'));
      await t.app.db
        .updateTable('books')
        .set({ files: JSON.stringify([{ filename: name, title: 'Book', kind: 'book' }]) })
        .where('id', '=', book.id)
        .execute();
      const file = (await info("A Teacher's Notebook", true)).files[0]!;
      assert.equal((await get(file.url)).statusCode, 200);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user/deletebook/${book.id}/1`,
        headers: bearer(demo),
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal((await get(file.url)).statusCode, 404);
    });
  });
});
