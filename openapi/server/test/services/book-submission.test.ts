import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { METADATA_MESSAGES, thumbnailDimensionsMessage } from '@pod/shared-contracts/validation';
import { MESSAGES, SERVICE, stageClosedMessage, wrongOperationMessage } from '../../src/domain/book-submission.js';
import type { CartServiceData, StoredBookFile } from '../../src/plugins/external/db-schema.js';
import { FILE_NOT_FOUND_MESSAGE, type PreflightPair } from '../../src/services/book-submission/index.js';
import { INVALID_FILE_TYPE_MESSAGE } from '../../src/services/uploads.js';
import { BOOK_CANCELLED_MESSAGE, UPLOAD_NEEDS_CONTRACT_MESSAGE } from '../../src/services/wizard/contract-books.js';
import { contractBody } from '../helpers/contract-body.js';
import { quoteBody } from '../helpers/quote-body.js';
import { bearer, buildTestApp, registerActiveUser, type RegisteredUser, type TestApp } from '../helpers/test-app.js';
import { docxFile, epubFile, jpegFile, mp3File, pdfFile, wavFile } from '../helpers/upload-files.js';

type User = RegisteredUser & { id: number };
type Format = 'print' | 'ebook' | 'audiobook';
interface Ids {
  local: number | null;
  international: number | null;
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const PATH: Record<Format, string> = {
  print: '/api/v1/user/uploadbook',
  ebook: '/api/v1/user/uploadbookebook',
  audiobook: '/api/v1/user/uploadbookaudio',
};

/** Quote overrides per format: a print book sold in both regions, an eBook, an audiobook. */
const QUOTES: Record<Format, Record<string, unknown>> = {
  print: {},
  ebook: {
    format_type: 'ebook',
    no_of_pages: null,
    is_local: false,
    local_price: null,
    international_price: 9.99,
    height: null,
    width: null,
  },
  audiobook: {
    format_type: 'audiobook',
    no_of_pages: 200,
    is_local: false,
    local_price: null,
    l_paper_type_id: null,
    l_cover_type_id: null,
    i_paper_type_id: null,
    i_cover_type_id: null,
    international_price: 12.99,
  },
};

/** Complete, valid Additional Details (portal.yaml BookUploadPayload's metadata fields). */
const METADATA = {
  subtitle: 'A novel',
  author: 'Lerato Mokoena',
  contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
  publicationDate: '2024-05-01',
  onSaleDate: null,
  language: 'english',
  keywords: ['stars', ' Limpopo '],
  bisacCode: 'FIC000000',
  shortDescription: null,
  longDescription: null,
  mainDescription: 'A story of stars over Limpopo.',
  copyrightHolder: 'Lerato Mokoena',
  copyrightDate: '2024-01-01',
  recommendedAudience: 'General Trade',
  indicatedAudienceWarning: '00',
};

describe('book submission: POST /user/uploadbook, /user/uploadbookebook, /user/uploadbookaudio', () => {
  let t: TestApp;
  let user: User;
  let other: User;
  /** What the preflight seam answers, and what it was asked. */
  let blockers: string[] = [];
  const preflightCalls: Array<{ userId: number; pair: PreflightPair; book: string }> = [];

  before(async () => {
    t = await buildTestApp({
      preflightBlockers: async (userId, pair, book) => {
        preflightCalls.push({ userId, pair, book });
        return blockers;
      },
    });
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const post = (url: string, payload: object, who: User = user) =>
    t.app.inject({ method: 'POST', url, headers: bearer(who.accessToken), payload });

  /** A quoted book of `format`, signed through the API unless `signed` is false. */
  async function newBook(format: Format, who: User = user, extra: Record<string, unknown> = {}, signed = true) {
    const quote = await post('/api/v1/user/getquote', quoteBody({ ...QUOTES[format], ...extra }), who);
    assert.equal(quote.statusCode, 200, quote.body);
    const body = quote.json<{ localBookId: number | null; internationalBookId: number | null }>();
    const ids: Ids = { local: body.localBookId ?? null, international: body.internationalBookId ?? null };
    if (signed) {
      const signing = await post('/api/v1/user/uploadsignature', contractBody(ids), who);
      assert.equal(signing.statusCode, 200, signing.body);
    }
    return ids;
  }

  /** Uploads `file` through the real chunked endpoints (pieces of `pieceSize`); answers its finalFilename. */
  async function upload(ids: Ids, name: string, file: Buffer, options: { cover?: boolean; who?: User } = {}) {
    const pieceSize = Math.ceil(file.length / 2);
    const pieces = [file.subarray(0, pieceSize), file.subarray(pieceSize)];
    let finalFilename: string | null = null;
    for (const [index, bytes] of pieces.entries()) {
      const query = new URLSearchParams({
        name,
        size: String(file.length),
        md5_chunk: md5(bytes),
        [options.cover ? 'currentCoverChunkIndex' : 'currentChunkIndex']: String(index),
        totalChunks: String(pieces.length),
        ...(ids.local !== null && { local_bookId: String(ids.local) }),
        ...(ids.international !== null && { international_bookId: String(ids.international) }),
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/session/v2/${options.cover ? 'packet-cover' : 'packet'}?${query}`,
        headers: { ...bearer((options.who ?? user).accessToken), 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      assert.equal(response.statusCode, 200, response.body);
      finalFilename = response.json().finalFilename;
    }
    return finalFilename!;
  }

  type Files = {
    cover?: string;
    book?: string;
    audio_files: string[];
    thumbnail: string;
  };
  /** The files of a complete submission of `format` for `ids`, uploaded now. */
  async function filesFor(format: Format, ids: Ids): Promise<Files> {
    if (format === 'print') {
      return {
        cover: await upload(ids, 'cover.pdf', pdfFile(), { cover: true }),
        book: await upload(ids, 'book.pdf', pdfFile(5_000)),
        audio_files: [],
        thumbnail: await upload(ids, 'thumb.jpg', jpegFile(1000, 1000)),
      };
    }
    if (format === 'ebook') {
      return {
        book: await upload(ids, 'book.epub', epubFile()),
        audio_files: [],
        thumbnail: await upload(ids, 't.jpg', jpegFile(1600, 2560)),
      };
    }
    return {
      audio_files: [await upload(ids, 'one.mp3', mp3File()), await upload(ids, 'two.wav', wavFile())],
      thumbnail: await upload(ids, 't.jpeg', jpegFile(3000, 3000)),
    };
  }

  const payload = (ids: Ids, fields: Record<string, unknown>) => ({
    local_bookId: ids.local,
    international_bookId: ids.international,
    ...METADATA,
    ...fields,
  });
  const submit = (format: Format, ids: Ids, fields: Record<string, unknown>, who: User = user) =>
    post(PATH[format], payload(ids, fields), who);

  const recordsOf = async (ids: Ids, who: User = user) =>
    Promise.all(
      [ids.local, ids.international]
        .filter((id): id is number => id !== null)
        .map(async (id) => (await t.app.bookRepository.findOwned(who.id, id))!),
    );
  /** The cart items naming the upload, oldest first. */
  const itemsOf = async (ids: Ids, who: User = user) =>
    (await t.app.cartRepository.listByUser(who.id)).filter(
      (item) =>
        (ids.local !== null && item.book_id === ids.local) ||
        (ids.international !== null && item.international_book_id === ids.international),
    );
  const names = (services: readonly CartServiceData[]) => services.map((service) => service.name);
  const withoutContract = (files: readonly StoredBookFile[]) => files.filter((file) => file.kind !== 'contract');

  /** What a checkout does to a paid upload: books paid, items gone (services/checkout/settlement.ts). */
  async function pay(ids: Ids, who: User = user) {
    const items = await itemsOf(ids, who);
    const bookIds = [ids.local, ids.international].filter((id): id is number => id !== null);
    await t.app.bookRepository.markPaid(who.id, bookIds, new Date());
    await t.app.cartRepository.removeItems(
      who.id,
      items.map((item) => item.id),
    );
  }
  const setStatus = (ids: Ids, status: string) =>
    t.app.db
      .updateTable('books')
      .set({ misc: sql<string>`misc || ${JSON.stringify({ status })}::jsonb` })
      .where(
        'id',
        'in',
        [ids.local, ids.international].filter((id): id is number => id !== null),
      )
      .execute();

  describe('the happy path of each format', () => {
    it('print: stores the files on both records, the details, stage uploaded; charges nothing more', async () => {
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      const cartBefore = await itemsOf(ids);
      const response = await submit('print', ids, { ...files, upload_type: 'pdf' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 0, description: 'Successful' });

      const records = await recordsOf(ids);
      assert.equal(records.length, 2);
      for (const book of records) {
        assert.equal(book.misc.bookStage, 'uploaded');
        assert.equal(book.misc.status, 'pending');
        assert.equal(book.thumbnail, files.thumbnail);
        assert.equal(book.misc.uploadType, 'pdf');
        assert.deepEqual(book.misc.requestedServices, []);
        assert.deepEqual(withoutContract(book.files), [
          { filename: files.cover, title: 'Cover', kind: 'cover' },
          { filename: files.book, title: 'Book', kind: 'book' },
          { filename: files.thumbnail, title: 'Thumbnail', kind: 'thumbnail' },
        ]);
        assert.ok(
          book.files.some((file) => file.kind === 'contract'),
          'the signed contract stays listed',
        );
        assert.deepEqual(book.misc.metaDataInfo, { ...METADATA, keywords: ['stars', 'Limpopo'] });
      }
      assert.deepEqual(await itemsOf(ids), cartBefore, 'no service was asked for');

      // The library lists the thumbnail once (books.thumbnail and files name the same file).
      const library = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/getuserbooks',
        headers: bearer(user.accessToken),
      });
      const listed = library.json().localBooks.find((book: { id: number }) => book.id === ids.local);
      assert.equal(listed.files.filter((file: { title: string }) => file.title === 'Thumbnail').length, 1);
      // The preflight seam saw the print PDF, with the upload's ids.
      const call = preflightCalls.find((entry) => entry.book === files.book)!;
      assert.equal(call.userId, user.id);
      assert.deepEqual([call.pair.local, call.pair.international], [ids.local, ids.international]);
    });

    it('print with the raw upload type takes a .docx manuscript (no preflight), not a PDF', async () => {
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      const docx = await upload(ids, 'manuscript.docx', docxFile());
      const pdfAsRaw = await submit('print', ids, { ...files, upload_type: 'raw' });
      assert.equal(pdfAsRaw.statusCode, 400, pdfAsRaw.body);
      assert.equal(pdfAsRaw.json().code, 'FILE_TYPE');
      const calls = preflightCalls.length;
      const response = await submit('print', ids, {
        ...files,
        book: docx,
        upload_type: 'raw',
        formatting_needed: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(preflightCalls.length, calls, 'a manuscript is not preflighted');
      const [book] = await recordsOf(ids);
      assert.equal(book!.misc.uploadType, 'raw');
      assert.deepEqual(book!.misc.requestedServices, [SERVICE.formatting]);
    });

    it('eBook: an EPUB and a 1600 px wide thumbnail, no cover; the eBook author rule does not apply', async () => {
      const ids = await newBook('ebook');
      const files = await filesFor('ebook', ids);
      const response = await submit('ebook', ids, { ...files, cover: null, author: null });
      assert.equal(response.statusCode, 200, response.body);
      const [book] = await recordsOf(ids);
      assert.equal(book!.misc.bookStage, 'uploaded');
      assert.deepEqual(withoutContract(book!.files), [
        { filename: files.book, title: 'Book', kind: 'book' },
        { filename: files.thumbnail, title: 'Thumbnail', kind: 'thumbnail' },
      ]);
      assert.deepEqual(names((await itemsOf(ids))[0]!.misc), ['eBook processing']);
    });

    it('audiobook: the chapters in order, a 3000 x 3000 thumbnail', async () => {
      const ids = await newBook('audiobook');
      const files = await filesFor('audiobook', ids);
      const response = await submit('audiobook', ids, files);
      assert.equal(response.statusCode, 200, response.body);
      const [book] = await recordsOf(ids);
      assert.deepEqual(withoutContract(book!.files), [
        { filename: files.audio_files[0], title: 'Chapter 1', kind: 'audio' },
        { filename: files.audio_files[1], title: 'Chapter 2', kind: 'audio' },
        { filename: files.thumbnail, title: 'Thumbnail', kind: 'thumbnail' },
      ]);
    });

    it('audiobook: no chapters only when the quote ordered a recording; a thumbnail can be designed', async () => {
      const own = await newBook('audiobook');
      const none = await submit('audiobook', own, { audio_files: [], thumbnail_needed: true });
      assert.equal(none.statusCode, 400);
      assert.equal(none.json().message, MESSAGES.audioMissing);

      const recorded = await newBook('audiobook', user, { recording_needed: true, voiceover_id: 1 });
      const response = await submit('audiobook', recorded, {
        audio_files: [],
        thumbnail: null,
        thumbnail_needed: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      const [book] = await recordsOf(recorded);
      assert.deepEqual(book!.misc.requestedServices, [SERVICE.thumbnailDesign]);
      assert.deepEqual(withoutContract(book!.files), []);
    });
  });

  describe('whose, when and which operation', () => {
    it("answers 404 for another user's book, also mixed with one's own id", async () => {
      const theirs = await newBook('print', other);
      const files = await filesFor('print', await newBook('print'));
      for (const ids of [theirs, { local: theirs.local, international: null }]) {
        const response = await submit('print', ids, files);
        assert.equal(response.statusCode, 404, response.body);
      }
      const mine = await newBook('print');
      assert.equal(
        (await submit('print', { local: mine.local, international: theirs.international }, files)).statusCode,
        404,
      );
      assert.equal((await submit('print', { local: null, international: null }, files)).statusCode, 400);
    });

    it('answers 409 before the contract is signed, for a cancelled book and at a stage without files', async () => {
      const unsigned = await newBook('print', user, {}, false);
      const early = await submit('print', unsigned, { cover: null, book: null, thumbnail: null });
      assert.equal(early.statusCode, 409);
      assert.equal(early.json().message, UPLOAD_NEEDS_CONTRACT_MESSAGE);

      const cancelled = await newBook('ebook');
      const archive = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user/archivebook/${cancelled.international}/1`,
        headers: bearer(user.accessToken),
      });
      assert.equal(archive.statusCode, 200, archive.body);
      const late = await submit('ebook', cancelled, {});
      assert.equal(late.statusCode, 409);
      assert.equal(late.json().message, BOOK_CANCELLED_MESSAGE);

      const odd = await newBook('ebook');
      await t.app.db
        .updateTable('books')
        .set({ misc: sql<string>`misc || '{"bookStage": "withdrawn"}'::jsonb` })
        .where('id', '=', odd.international!)
        .execute();
      const closed = await submit('ebook', odd, {});
      assert.equal(closed.statusCode, 409);
      assert.equal(closed.json().message, stageClosedMessage('withdrawn'));
    });

    it('answers 409 naming the right operation when the format does not match', async () => {
      const cases: Array<[Format, Format]> = [
        ['print', 'ebook'],
        ['ebook', 'audiobook'],
        ['audiobook', 'print'],
      ];
      for (const [format, wrong] of cases) {
        const ids = await newBook(format);
        const response = await submit(wrong, ids, {});
        assert.equal(response.statusCode, 409, response.body);
        assert.equal(response.json().message, wrongOperationMessage(format));
        assert.match(response.json().message, new RegExp(PATH[format].replace('/api/v1', '')));
      }
    });
  });

  describe('the files', () => {
    it("answers 404 'File not found' for unknown, unfinished and other uploads' files", async () => {
      const ids = await newBook('ebook');
      const files = await filesFor('ebook', ids);
      const elsewhere = await newBook('ebook');
      const otherBooks = await filesFor('ebook', elsewhere);
      const theirIds = await newBook('ebook', other);
      const theirs = await upload(theirIds, 'theirs.epub', epubFile(), { who: other });
      // An unfinished upload: only its first piece.
      const partial = epubFile(3_000);
      const query = new URLSearchParams({
        name: 'partial.epub',
        size: String(partial.length),
        md5_chunk: md5(partial.subarray(0, 1_000)),
        currentChunkIndex: '0',
        totalChunks: '3',
        international_bookId: String(ids.international),
      });
      const first = await t.app.inject({
        method: 'POST',
        url: `/api/v1/session/v2/packet?${query}`,
        headers: { ...bearer(user.accessToken), 'content-type': 'application/octet-stream' },
        payload: partial.subarray(0, 1_000),
      });
      assert.equal(first.statusCode, 200, first.body);
      const unfinished = await t.app.db
        .selectFrom('uploads')
        .select('storage_key')
        .where('name', '=', 'partial.epub')
        .executeTakeFirstOrThrow();

      for (const book of [
        '0-1-book-000000000000.epub',
        unfinished.storage_key,
        otherBooks.book,
        theirs,
        '../../etc/passwd',
      ]) {
        const response = await submit('ebook', ids, { ...files, book });
        assert.equal(response.statusCode, 404, `${book}: ${response.body}`);
        assert.equal(response.json().message, FILE_NOT_FOUND_MESSAGE);
      }
      const thumbnail = await submit('ebook', ids, { ...files, thumbnail: otherBooks.thumbnail });
      assert.equal(thumbnail.statusCode, 404);
      assert.equal((await recordsOf(ids))[0]!.misc.bookStage, 'signedcontract', 'nothing was stored');
    });

    it("answers 400 'Invalid File Type' by the stored bytes and the place of each file", async () => {
      const print = await newBook('print');
      const files = await filesFor('print', print);
      const pdfViaPacket = await upload(print, 'cover-on-packet.pdf', pdfFile());
      const docx = await upload(print, 'book.docx', docxFile());
      const epub = await upload(print, 'book.epub', epubFile());
      const cases: Array<Record<string, unknown>> = [
        { thumbnail: files.book }, // a PDF as the thumbnail
        { cover: pdfViaPacket }, // a cover must come from packet-cover
        { book: files.cover }, // the cover upload as the book
        { book: docx }, // a manuscript with upload type pdf
        { book: epub },
        { cover: files.thumbnail },
      ];
      for (const change of cases) {
        const response = await submit('print', print, { ...files, ...change });
        assert.equal(response.statusCode, 400, `${JSON.stringify(change)}: ${response.body}`);
        assert.equal(response.json().code, 'FILE_TYPE');
        assert.equal(response.json().message, INVALID_FILE_TYPE_MESSAGE);
      }

      // eBook: a PDF, DOCX or InDesign file only with conversion; audio only MP3, WAV, M4A.
      const ebook = await newBook('ebook');
      const ebookFiles = await filesFor('ebook', ebook);
      const pdf = await upload(ebook, 'book.pdf', pdfFile());
      const refused = await submit('ebook', ebook, { ...ebookFiles, book: pdf });
      assert.equal(refused.json().code, 'FILE_TYPE');
      const converted = await submit('ebook', ebook, { ...ebookFiles, book: pdf, conversion_needed: true });
      assert.equal(converted.statusCode, 200, converted.body);

      const audio = await newBook('audiobook');
      const audioFiles = await filesFor('audiobook', audio);
      const notAudio = await upload(audio, 'chapter.pdf', pdfFile());
      const wrongChapter = await submit('audiobook', audio, {
        ...audioFiles,
        audio_files: [audioFiles.audio_files[0], notAudio],
      });
      assert.equal(wrongChapter.json().code, 'FILE_TYPE');
    });

    it('answers 400 with a clear message for missing files and files or services of another format', async () => {
      const print = await newBook('print');
      const files = await filesFor('print', print);
      const ebook = await newBook('ebook');
      const ebookFiles = await filesFor('ebook', ebook);
      const audio = await newBook('audiobook');
      const audioFiles = await filesFor('audiobook', audio);
      const cases: Array<[Format, Ids, Record<string, unknown>, string]> = [
        ['print', print, { ...files, cover: null }, MESSAGES.coverMissing],
        ['print', print, { ...files, thumbnail: null }, MESSAGES.thumbnailMissing],
        ['print', print, { ...files, book: null, formatting_needed: true }, MESSAGES.bookMissing],
        ['print', print, { ...files, audio_files: audioFiles.audio_files }, MESSAGES.audioOnly],
        ['print', print, { ...files, conversion_needed: true }, MESSAGES.conversionEbookOnly],
        ['ebook', ebook, { ...ebookFiles, cover: files.cover }, MESSAGES.noCover('ebook')],
        ['ebook', ebook, { ...ebookFiles, book: null }, MESSAGES.bookMissing],
        ['ebook', ebook, { ...ebookFiles, upload_type: 'raw' }, MESSAGES.printOnly('The raw (.docx) upload type')],
        ['ebook', ebook, { ...ebookFiles, cover_needed: true }, MESSAGES.printOnly('Cover design')],
        ['audiobook', audio, { ...audioFiles, book: ebookFiles.book }, MESSAGES.noBookFile],
        ['audiobook', audio, { ...audioFiles, thumbnail: null }, MESSAGES.thumbnailMissing],
        [
          'audiobook',
          audio,
          { ...audioFiles, audio_files: [audioFiles.audio_files[0], audioFiles.audio_files[0]] },
          MESSAGES.audioDuplicate,
        ],
      ];
      for (const [format, ids, fields, message] of cases) {
        const response = await submit(format, ids, fields);
        assert.equal(response.statusCode, 400, `${message}: ${response.body}`);
        assert.equal(response.json().code, 'VALIDATION');
        assert.equal(response.json().message, message);
      }
      // The services stand in for the files they make.
      const designed = await submit('print', print, {
        ...files,
        cover: null,
        cover_needed: true,
        thumbnail: null,
        thumbnail_needed: true,
      });
      assert.equal(designed.statusCode, 200, designed.body);
      const [book] = await recordsOf(print);
      assert.deepEqual(book!.misc.requestedServices, [SERVICE.coverDesign, SERVICE.thumbnailDesign]);
      assert.deepEqual(withoutContract(book!.files), [{ filename: files.book, title: 'Book', kind: 'book' }]);
    });

    it("checks the thumbnail's size from its frame header, with the spec's message per format", async () => {
      const cases: Array<[Format, Array<[number, number]>, Array<[number, number]>]> = [
        [
          'print',
          [
            [1000, 1000],
            [1000, 1600],
            [640, 1000],
          ],
          [
            [999, 999],
            [2000, 2000],
          ],
        ],
        [
          'ebook',
          [
            [1600, 2560],
            [1563, 2500],
          ],
          [
            [1000, 1000],
            [2500, 1600],
          ],
        ],
        [
          'audiobook',
          [[3000, 3000]],
          [
            [3000, 2999],
            [1000, 1000],
          ],
        ],
      ];
      for (const [format, good, bad] of cases) {
        const ids = await newBook(format);
        const files = await filesFor(format, ids);
        for (const [width, height] of bad) {
          const thumbnail = await upload(ids, `bad-${width}x${height}.jpg`, jpegFile(width, height));
          const response = await submit(format, ids, { ...files, thumbnail });
          assert.equal(response.statusCode, 400, response.body);
          assert.equal(response.json().code, 'VALIDATION');
          assert.equal(response.json().message, thumbnailDimensionsMessage(format, width, height));
        }
        for (const [width, height] of good) {
          const thumbnail = await upload(ids, `good-${width}x${height}.jpg`, jpegFile(width, height));
          const response = await submit(format, ids, { ...files, thumbnail });
          assert.equal(response.statusCode, 200, `${format} ${width}x${height}: ${response.body}`);
        }
      }
      const sample = thumbnailDimensionsMessage('print', 999, 999);
      assert.equal(
        sample,
        'Thumbnail dimensions are incorrect - We require a thumbnail image that is 1000px x 1000px whereas the image you selected is 999px x 999px',
      );
      assert.match(
        thumbnailDimensionsMessage('ebook', 1, 2),
        /that is 1600px x 2500px whereas the image you selected is 1px x 2px$/,
      );
      assert.match(thumbnailDimensionsMessage('audiobook', 1, 2), /that is 3000px x 3000px whereas/);

      // EXIF data of 150 KB before the frame header: read further, still found.
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      const camera = await upload(ids, 'camera.jpg', jpegFile(1000, 750, 150_000));
      assert.equal((await submit('print', ids, { ...files, thumbnail: camera })).statusCode, 200);
      const wide = await upload(ids, 'camera-wide.jpg', jpegFile(1200, 750, 150_000));
      assert.equal(
        (await submit('print', ids, { ...files, thumbnail: wide })).json().message,
        thumbnailDimensionsMessage('print', 1200, 750),
      );
      // A JPEG signature with no frame header: not a usable image.
      const broken = await upload(
        ids,
        'broken.jpg',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 8]), Buffer.alloc(200)]),
      );
      assert.equal(
        (await submit('print', ids, { ...files, thumbnail: broken })).json().message,
        'Please upload a valid JPG or JPEG file',
      );
    });
  });

  it("checks the Additional Details with the wizard's rules and messages", async () => {
    const ids = await newBook('print');
    const files = await filesFor('print', ids);
    const M = METADATA_MESSAGES;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ author: '' }, M.authorRequired],
      [{ author: 'R2-D2' }, M.authorInvalid],
      [{ keywords: [] }, M.keywords],
      [{ keywords: ['  '] }, M.keywords],
      [{ publicationDate: null }, M.publicationDate],
      [{ publicationDate: '2024-02-30' }, M.publicationDate],
      [{ language: 'klingon' }, M.language],
      [{ mainDescription: '   ' }, M.mainDescription],
      [{ mainDescription: Array.from({ length: 513 }, () => 'word').join(' ') }, M.mainDescriptionLong],
      [{ shortDescription: Array.from({ length: 201 }, () => 'word').join(' ') }, M.shortDescriptionLong],
      [{ copyrightHolder: null }, M.copyrightHolderRequired],
      [{ copyrightHolder: 'Acme 2000' }, M.copyrightHolderInvalid],
      [{ copyrightDate: '1969-12-31' }, M.copyrightDate],
      [{ recommendedAudience: 'Everyone' }, M.recommendedAudience],
      [{ indicatedAudienceWarning: '09' }, M.indicatedAudienceWarning],
      [
        { contributors: [{ name: 'Jo', role: '' }] },
        'Please fill both the Contributor Name and Contributor Role fields',
      ],
      // Two failures: the first field of the screen's order answers (keywords before the date).
      [{ keywords: [], publicationDate: null }, M.keywords],
    ];
    for (const [change, message] of cases) {
      const response = await submit('print', ids, { ...files, ...change });
      assert.equal(response.statusCode, 400, `${message}: ${response.body}`);
      assert.equal(response.json().code, 'VALIDATION');
      assert.equal(response.json().message, message);
    }
    const [book] = await recordsOf(ids);
    assert.equal(book!.misc.metaDataInfo, undefined, 'nothing stored on a refusal');
  });

  describe('charges', () => {
    it('prices eBook conversion from the configuration, once, and takes it out when unticked before payment', async () => {
      const saved = await t.app.referenceDataRepository.priceConfig();
      await sql`UPDATE prices SET config = jsonb_set(config, '{ebook,conversionFixed}', '480') WHERE id = 1`.execute(
        t.app.db,
      );
      try {
        const ids = await newBook('ebook');
        const files = await filesFor('ebook', ids);
        const docx = await upload(ids, 'book.docx', docxFile());
        const request = {
          ...files,
          book: docx,
          conversion_needed: true,
          heavy_graphics: true,
          thumbnail_needed: false,
        };
        for (let i = 0; i < 2; i += 1) {
          const response = await submit('ebook', ids, request);
          assert.equal(response.statusCode, 200, response.body);
        }
        const [item] = await itemsOf(ids);
        assert.deepEqual(names(item!.misc), ['eBook processing', SERVICE.conversion]);
        assert.deepEqual(item!.misc[1], {
          name: SERVICE.conversion,
          description: 'Conversion of the book file to .epub',
          cost: 480,
          discount: 0,
          discount_type: 0,
        });
        const [book] = await recordsOf(ids);
        assert.deepEqual(book!.misc.requestedServices, [SERVICE.conversion, SERVICE.heavyGraphics]);
        assert.deepEqual(book!.misc.chargedServices, [SERVICE.conversion]);
        // The cart prices it like any service (excl. VAT + 15%).
        const cart = await t.app.inject({ method: 'GET', url: '/api/v1/user/cart', headers: bearer(user.accessToken) });
        assert.equal(cart.statusCode, 200, cart.body);
        assert.match(cart.body, /eBook conversion/);

        // Unticked before payment (an EPUB after all): out of the cart; ticked again: back once.
        const epubAgain = await submit('ebook', ids, { ...files, conversion_needed: false });
        assert.equal(epubAgain.statusCode, 200, epubAgain.body);
        assert.deepEqual(names((await itemsOf(ids))[0]!.misc), ['eBook processing']);
        assert.equal((await submit('ebook', ids, request)).statusCode, 200);
        assert.deepEqual(names((await itemsOf(ids))[0]!.misc), ['eBook processing', SERVICE.conversion]);
      } finally {
        await t.app.db
          .updateTable('prices')
          .set({ config: JSON.stringify(saved) })
          .where('id', '=', 1)
          .execute();
      }
    });

    it('records design, formatting and bleed services as requested, without a charge or a cart line', async () => {
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      const before = await itemsOf(ids);
      const response = await submit('print', ids, {
        ...files,
        cover: null,
        cover_needed: true,
        thumbnail_needed: true,
        formatting_needed: true,
        bleeding_needed: true,
        spot_uv_needed: true,
        heavy_graphics: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(await itemsOf(ids), before);
      const [book] = await recordsOf(ids);
      assert.deepEqual(book!.misc.requestedServices, [
        SERVICE.coverDesign,
        SERVICE.thumbnailDesign,
        SERVICE.formatting,
        SERVICE.bleed,
      ]);
    });

    it('lets a book be uploaded again for free until approval, a denied one back into proofing', async () => {
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      assert.equal((await submit('print', ids, files)).statusCode, 200);
      const cart = await itemsOf(ids);
      await setStatus(ids, 'denied');

      const newBookFile = await upload(ids, 'book-v2.pdf', pdfFile(6_000));
      const newCover = await upload(ids, 'cover-v2.pdf', pdfFile(), { cover: true });
      const again = await submit('print', ids, { ...files, book: newBookFile, cover: newCover });
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(await itemsOf(ids), cart, 'a re-upload before approval costs nothing');
      for (const book of await recordsOf(ids)) {
        assert.equal(book.misc.bookStage, 'uploaded');
        assert.equal(book.misc.status, 'pending');
        assert.deepEqual(withoutContract(book.files), [
          { filename: newCover, title: 'Cover', kind: 'cover' },
          { filename: newBookFile, title: 'Book', kind: 'book' },
          { filename: files.thumbnail, title: 'Thumbnail', kind: 'thumbnail' },
        ]);
        assert.equal(book.misc.revisionSubmittedAt, undefined);
      }
      // Paid and still not approved: free as well.
      await pay(ids);
      const third = await upload(ids, 'book-v3.pdf', pdfFile(6_000));
      assert.equal((await submit('print', ids, { ...files, book: third, cover: newCover })).statusCode, 200);
      assert.deepEqual(await itemsOf(ids), []);
    });

    it("charges 'File revision' for a new book file after approval, once per unpaid item, in a new item once paid", async () => {
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      assert.equal((await submit('print', ids, files)).statusCode, 200);
      await setStatus(ids, 'approved');

      // The same files again, or a new thumbnail only: no revision.
      const thumbnail = await upload(ids, 'thumb-v2.jpg', jpegFile(1000, 1400));
      assert.equal((await submit('print', ids, { ...files, thumbnail })).statusCode, 200);
      assert.deepEqual(names((await itemsOf(ids))[0]!.misc), ['Print processing']);

      const revised = await upload(ids, 'book-v2.pdf', pdfFile(7_000));
      for (let i = 0; i < 2; i += 1) {
        const response = await submit('print', ids, { ...files, thumbnail, book: revised });
        assert.equal(response.statusCode, 200, response.body);
      }
      let items = await itemsOf(ids);
      assert.equal(items.length, 1);
      assert.deepEqual(names(items[0]!.misc), ['Print processing', SERVICE.revision]);
      assert.equal(items[0]!.misc[1]!.cost, 250);
      for (const book of await recordsOf(ids)) {
        assert.equal(book.misc.status, 'approved', 'an approved book keeps its status');
        assert.equal(typeof book.misc.revisionSubmittedAt, 'string');
      }

      // Paid: the next revision goes into a new item of its own.
      await pay(ids);
      const third = await upload(ids, 'book-v3.pdf', pdfFile(7_000));
      assert.equal((await submit('print', ids, { ...files, thumbnail, book: third })).statusCode, 200);
      items = await itemsOf(ids);
      assert.equal(items.length, 1);
      assert.deepEqual(names(items[0]!.misc), [SERVICE.revision]);
      assert.equal(items[0]!.book_id, ids.local);
      assert.equal(items[0]!.international_book_id, ids.international);
    });

    it('puts a conversion asked for after payment into a new cart item, never twice for parallel requests', async () => {
      const ids = await newBook('ebook');
      const files = await filesFor('ebook', ids);
      await pay(ids);
      const docx = await upload(ids, 'book.docx', docxFile());
      const request = { ...files, book: docx, conversion_needed: true };
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit('ebook', ids, request)));
      for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
      const items = await itemsOf(ids);
      assert.equal(items.length, 1, 'one new item');
      assert.deepEqual(names(items[0]!.misc), [SERVICE.conversion]);
      assert.deepEqual((await recordsOf(ids))[0]!.misc.chargedServices, [SERVICE.conversion]);

      // Paid again: asking again charges nothing (it was paid once).
      await pay(ids);
      assert.equal((await submit('ebook', ids, request)).statusCode, 200);
      assert.deepEqual(await itemsOf(ids), []);
    });

    it('adds one revision for parallel submissions of a new book file after approval', async () => {
      const ids = await newBook('print');
      const files = await filesFor('print', ids);
      assert.equal((await submit('print', ids, files)).statusCode, 200);
      await setStatus(ids, 'approved');
      await pay(ids);
      const revised = await upload(ids, 'book-v2.pdf', pdfFile(7_000));
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => submit('print', ids, { ...files, book: revised })),
      );
      for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
      const items = await itemsOf(ids);
      assert.equal(items.length, 1);
      assert.deepEqual(names(items[0]!.misc), [SERVICE.revision]);
    });
  });

  it("answers 409 with the preflight's first blocking problem for a print PDF", async () => {
    const ids = await newBook('print');
    const files = await filesFor('print', ids);
    blockers = ['Page count 238 differs from the quote (240).', 'Page 3: font Garamond is not embedded.'];
    try {
      const response = await submit('print', ids, files);
      assert.equal(response.statusCode, 409, response.body);
      assert.equal(response.json().code, 'PREFLIGHT');
      assert.equal(response.json().message, 'Page count 238 differs from the quote (240).');
      assert.equal((await recordsOf(ids))[0]!.misc.bookStage, 'signedcontract');
      // Named by one id only: the seam still gets both records of the upload.
      const one = await submit('print', { local: ids.local, international: null }, files);
      assert.equal(one.statusCode, 409, one.body);
      const call = preflightCalls[preflightCalls.length - 1]!;
      assert.deepEqual(
        [call.book, call.pair.local, call.pair.international],
        [files.book, ids.local, ids.international],
      );
    } finally {
      blockers = [];
    }
    assert.equal((await submit('print', ids, files)).statusCode, 200);
  });
});
