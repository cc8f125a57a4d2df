import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { createPdfWork } from '../../src/services/pdf-work.js';
import { COVER_PRINT_ONLY_MESSAGE, PROOF_NOT_READY_MESSAGE } from '../../src/services/cover-template.js';
import { createPreflightService, PREFLIGHT_FILE_NOT_FOUND_MESSAGE } from '../../src/services/preflight.js';
import { CHUNK_BYTES } from '../../src/services/uploads.js';
import { pdfText } from '../helpers/contract-body.js';
import { bookPdf, PT_PER_MM } from '../helpers/preflight-pdfs.js';
import { quoteBody } from '../helpers/quote-body.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerActiveUser,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };
interface Ids {
  local: number | null;
  international: number | null;
}
interface Report {
  statusCode: number;
  checked: boolean;
  pages: number | null;
  problems: Array<{ code: string; severity: string; page: number | null; message: string; fix: string }>;
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const pairQuery = (ids: Ids) =>
  new URLSearchParams({
    ...(ids.local !== null && { local_bookId: String(ids.local) }),
    ...(ids.international !== null && { international_bookId: String(ids.international) }),
  }).toString();

describe('preflight, cover template and print proof', () => {
  let t: TestApp;
  let user: User;
  let other: User;
  const clock = createClock();
  /** The quote's book (quoteBody): NC 156 x 234 mm, 240 pages, white paper, perfect bound. */
  let good: Uint8Array;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
    good = await bookPdf({ pages: 240, widthMm: 162, heightMm: 240 });
  });
  after(() => t.close());

  async function newBook(who: User = user, overrides: Record<string, unknown> = {}): Promise<Ids> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/getquote',
      headers: bearer(who.accessToken),
      payload: quoteBody(overrides),
    });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ localBookId: number | null; internationalBookId: number | null }>();
    const ids = { local: body.localBookId ?? null, international: body.internationalBookId ?? null };
    const first = ids.local ?? ids.international!;
    const book = (await t.app.bookRepository.findOwned(who.id, first, ids.local === null))!;
    await t.app.bookRepository.advanceStage(who.id, book.pair_id, 'getquote', {
      misc: { bookStage: 'signedcontract' },
      contract: { signed_at: clock.now().toISOString(), print_name: 'Lerato Mokoena', signed_place: 'Polokwane' },
    });
    return ids;
  }

  /** Uploads `file` through the packet endpoints (pieces of at most CHUNK_BYTES); answers its finalFilename. */
  async function upload(ids: Ids, file: Uint8Array, name = 'book.pdf', cover = false, who: User = user) {
    const pieces = Math.ceil(file.length / CHUNK_BYTES);
    let finalFilename: string | null = null;
    for (let index = 0; index < pieces; index += 1) {
      const bytes = Buffer.from(file.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES));
      const query = new URLSearchParams({
        name,
        size: String(file.length),
        md5_chunk: md5(bytes),
        [cover ? 'currentCoverChunkIndex' : 'currentChunkIndex']: String(index),
        totalChunks: String(pieces),
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/session/v2/${cover ? 'packet-cover' : 'packet'}?${query}&${pairQuery(ids)}`,
        headers: { ...bearer(who.accessToken), 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      assert.equal(response.statusCode, 200, response.body);
      finalFilename = response.json<{ finalFilename: string | null }>().finalFilename;
    }
    return finalFilename!;
  }

  const preflight = (ids: Ids, book: string, options: { bleeding?: boolean; who?: User } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/preflight',
      headers: bearer((options.who ?? user).accessToken),
      payload: {
        local_bookId: ids.local,
        international_bookId: ids.international,
        book,
        ...(options.bleeding !== undefined && { bleeding_needed: options.bleeding }),
      },
    });

  describe('POST /user/preflight', () => {
    it('checks a good file: checked, its page count, no problems; and keeps the analysis on the upload', async () => {
      const ids = await newBook();
      const filename = await upload(ids, good);
      const response = await preflight(ids, filename, { bleeding: false });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { statusCode: 0, checked: true, pages: 240, problems: [] });
      const row = await t.app.db
        .selectFrom('uploads')
        .select('preflight')
        .where('final_filename', '=', filename)
        .executeTakeFirstOrThrow();
      assert.equal(row.preflight?.analysis.pages, 240);
    });

    it('reports the problems of a wrong file with their pages and fixes, blocking ones first', async () => {
      const ids = await newBook();
      const wrong = await bookPdf({
        pages: 30,
        widthMm: 210,
        heightMm: 297,
        font: 'standard',
        images: [{ page: 3, pixels: [150, 150], inches: [1, 1] }],
      });
      const response = await preflight(ids, await upload(ids, wrong));
      assert.equal(response.statusCode, 200, response.body);
      const report = response.json<Report>();
      assert.equal(report.checked, true);
      assert.equal(report.pages, 30);
      assert.deepEqual(
        report.problems.map((p) => [p.code, p.severity, p.page]),
        [
          ['PAGE_COUNT', 'blocking', null],
          ['TRIM_SIZE', 'blocking', 1],
          ['FONT_NOT_EMBEDDED', 'blocking', 1],
          ['LOW_DPI', 'warning', 3],
        ],
      );
      assert.equal(report.problems[3]!.message, 'Page 3: image at 150 dpi; print needs 300');
      assert.ok(report.problems.every((p) => p.fix.length > 0));
    });

    it('warns of missing bleed only when the author did not order the bleed service', async () => {
      const ids = await newBook();
      const trimOnly = await bookPdf({ pages: 240, widthMm: 156, heightMm: 234 });
      const filename = await upload(ids, trimOnly);
      const without = (await preflight(ids, filename, { bleeding: false })).json<Report>();
      assert.deepEqual(
        without.problems.map((p) => [p.code, p.severity, p.page]),
        [['NO_BLEED', 'warning', 1]],
      );
      const withService = (await preflight(ids, filename, { bleeding: true })).json<Report>();
      assert.deepEqual(withService.problems, []);
    });

    it('asking again is free: the kept analysis answers even once the file is gone from storage', async () => {
      const ids = await newBook();
      const wrong = await bookPdf({ pages: 12, widthMm: 162, heightMm: 240 });
      const filename = await upload(ids, wrong);
      const first = await preflight(ids, filename, { bleeding: true });
      await t.app.fileStore.delete(filename);
      const again = await preflight(ids, filename, { bleeding: true });
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(again.json(), first.json());
      assert.equal(again.json<Report>().problems[0]!.code, 'PAGE_COUNT');
    });

    it('checks again when the quote changed since (the kept analysis names what it was checked against)', async () => {
      const ids = await newBook();
      const filename = await upload(ids, await bookPdf({ pages: 12, widthMm: 162, heightMm: 240 }));
      assert.equal((await preflight(ids, filename)).json<Report>().problems[0]?.code, 'PAGE_COUNT');
      await t.app.db
        .updateTable('books')
        .set({ no_of_pages: 12 })
        .where('id', 'in', [ids.local!, ids.international!])
        .execute();
      assert.deepEqual((await preflight(ids, filename, { bleeding: true })).json<Report>().problems, []);
    });

    it('a damaged PDF is UNREADABLE (blocking), with no page count', async () => {
      const ids = await newBook();
      const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);
      const report = (await preflight(ids, await upload(ids, damaged))).json<Report>();
      assert.equal(report.checked, true);
      assert.equal(report.pages, null);
      assert.deepEqual(
        report.problems.map((p) => [p.code, p.severity]),
        [['UNREADABLE', 'blocking']],
      );
    });

    it("only print books' PDFs are checked: an eBook's file, or a cover, answers checked: false", async () => {
      const ids = await newBook();
      const coverName = await upload(ids, good, 'cover.pdf', true);
      assert.deepEqual((await preflight(ids, coverName)).json(), {
        statusCode: 0,
        checked: false,
        pages: null,
        problems: [],
      });
      const filename = await upload(ids, good);
      await t.app.db
        .updateTable('books')
        .set({ format_type: 'ebook' })
        .where('id', 'in', [ids.local!, ids.international!])
        .execute();
      assert.deepEqual((await preflight(ids, filename)).json(), {
        statusCode: 0,
        checked: false,
        pages: null,
        problems: [],
      });
    });

    it("404 for another user's book, for a file of another book, and for an unknown file", async () => {
      const ids = await newBook();
      const filename = await upload(ids, good);
      const stranger = await preflight(ids, filename, { who: other });
      assert.equal(stranger.statusCode, 404);
      const otherIds = await newBook(other);
      const theirs = await preflight(otherIds, filename, { who: other });
      assert.equal(theirs.statusCode, 404);
      assert.equal(theirs.json<{ message: string }>().message, PREFLIGHT_FILE_NOT_FOUND_MESSAGE);
      const mine = await newBook();
      assert.equal((await preflight(mine, filename)).statusCode, 404);
      assert.equal((await preflight(ids, '1-2-book-000000000000.pdf')).statusCode, 404);
    });

    it('400 without a book file name or without any book id', async () => {
      const ids = await newBook();
      const noName = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/preflight',
        headers: bearer(user.accessToken),
        payload: { local_bookId: ids.local, international_bookId: ids.international },
      });
      assert.equal(noName.statusCode, 400);
      const noIds = await preflight({ local: null, international: null }, 'x.pdf');
      assert.equal(noIds.statusCode, 400);
    });
  });

  describe('preflightBlockers (the seam of POST /user/uploadbook)', () => {
    it("answers the blocking problems' messages, nothing for warnings, and 404s like the endpoint", async () => {
      const work = createPdfWork();
      try {
        const { preflightBlockers } = createPreflightService(t.app, work);
        const ids = await newBook();
        const pair = { local_bookId: ids.local, international_bookId: ids.international };
        const wrong = await bookPdf({ pages: 10, widthMm: 162, heightMm: 240, standardFontPages: [4] });
        assert.deepEqual(await preflightBlockers(user.id, pair, await upload(ids, wrong)), [
          'The PDF has 10 pages; the quote is for 240 pages.',
          'Page 4: the font Helvetica is not embedded.',
        ]);
        const warningsOnly = await bookPdf({
          pages: 240,
          widthMm: 156,
          heightMm: 234,
          images: [{ page: 2, pixels: [100, 100], inches: [1, 1] }],
        });
        assert.deepEqual(await preflightBlockers(user.id, pair, await upload(ids, warningsOnly, 'other.pdf')), []);
        await assert.rejects(preflightBlockers(other.id, pair, 'x.pdf'), { statusCode: 404 });
      } finally {
        await work.close();
      }
    });
  });

  const get = (path: string, ids: Ids, extra = '', who: User = user) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${path}?${pairQuery(ids)}${extra}`,
      headers: bearer(who.accessToken),
    });

  describe('GET /user/coverspec', () => {
    it("answers the quote's geometry: NC, 240 pages, white paper, perfect bound", async () => {
      const ids = await newBook();
      const response = await get('coverspec', ids);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        statusCode: 0,
        trimWidthMm: 156,
        trimHeightMm: 234,
        pages: 240,
        paper: 'white',
        binding: 'Paperback (Perfect Bound)',
        spineWidthMm: 13.7,
        bleedMm: 3,
        coverWidthMm: 331.7,
        coverHeightMm: 240,
        spineTextAllowed: true,
      });
    });

    it('cream paper, a thin book and an international-only book read their own options', async () => {
      const cream = (await get('coverspec', await newBook(user, { l_paper_type_id: 2, no_of_pages: 60 }))).json<
        Record<string, unknown>
      >();
      assert.equal(cream.paper, 'cream');
      assert.equal(cream.spineWidthMm, 3.8);
      assert.equal(cream.coverWidthMm, 321.8);
      assert.equal(cream.spineTextAllowed, false);
      const international = await newBook(user, {
        is_local: false,
        local_price: null,
        international_price: 45,
        i_paper_type_id: 2,
        i_cover_type_id: 1,
      });
      const spec = (await get('coverspec', international)).json<Record<string, unknown>>();
      assert.equal(spec.paper, 'cream');
      assert.equal(spec.binding, 'Hardcover Case Laminate');
      assert.equal(spec.spineWidthMm, 15.2);
    });

    it("404 for another user's book, 409 for a book that is not printed", async () => {
      const ids = await newBook();
      assert.equal((await get('coverspec', ids, '', other)).statusCode, 404);
      await t.app.db
        .updateTable('books')
        .set({ format_type: 'ebook' })
        .where('id', 'in', [ids.local!, ids.international!])
        .execute();
      const response = await get('coverspec', ids);
      assert.equal(response.statusCode, 409);
      assert.equal(response.json<{ message: string }>().message, COVER_PRINT_ONLY_MESSAGE);
    });
  });

  describe('GET /user/covertemplate', () => {
    it('PDF: a download of exactly the full cover size, labelled', async () => {
      const ids = await newBook();
      const response = await get('covertemplate', ids, '&type=pdf');
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(
        response.headers['content-disposition'],
        'attachment; filename="cover-template-Stars-over-Limpopo-331.7x240mm.pdf"',
      );
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      const pdf = await PDFDocument.load(response.rawPayload);
      assert.equal(pdf.getPageCount(), 1);
      const { width, height } = pdf.getPage(0).getSize();
      assert.ok(Math.abs(width - 331.7 * PT_PER_MM) < 0.01, `width ${width}`);
      assert.ok(Math.abs(height - 240 * PT_PER_MM) < 0.01, `height ${height}`);
      const { text } = await pdfText(response.rawPayload);
      for (const label of [
        'BACK COVER',
        'FRONT COVER',
        'SPINE 13.7 mm',
        'Barcode area',
        'Full cover with bleed: 331.7 mm x 240 mm',
      ]) {
        assert.ok(text.includes(label), `missing ${label} in ${text}`);
      }
    });

    it('PNG: 300 dpi, so its pixels are the cover size in inches x 300, and it says so (pHYs)', async () => {
      const ids = await newBook();
      const response = await get('covertemplate', ids, '&type=png');
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'image/png');
      assert.match(String(response.headers['content-disposition']), /^attachment; filename="cover-template-.*\.png"$/);
      const png = response.rawPayload;
      assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      assert.equal(png.toString('latin1', 12, 16), 'IHDR');
      assert.equal(png.readUInt32BE(16), Math.round((331.7 / 25.4) * 300));
      assert.equal(png.readUInt32BE(20), Math.round((240 / 25.4) * 300));
      const phys = png.indexOf('pHYs', 0, 'latin1');
      assert.ok(phys > 0);
      assert.equal(png.readUInt32BE(phys + 4), Math.round(300 / 0.0254));
    });

    it('400 without a valid type; 404 for another user; 409 when not printed', async () => {
      const ids = await newBook();
      assert.equal((await get('covertemplate', ids)).statusCode, 400);
      assert.equal((await get('covertemplate', ids, '&type=svg')).statusCode, 400);
      assert.equal((await get('covertemplate', ids, '&type=pdf', other)).statusCode, 404);
      await t.app.db
        .updateTable('books')
        .set({ format_type: 'audiobook' })
        .where('id', 'in', [ids.local!, ids.international!])
        .execute();
      assert.equal((await get('covertemplate', ids, '&type=png')).statusCode, 409);
    });
  });

  describe('GET /user/printproof', () => {
    it('409 before the book file and cover are accepted; then the cover page followed by the book pages', async () => {
      const ids = await newBook();
      const before = await get('printproof', ids);
      assert.equal(before.statusCode, 409);
      assert.equal(before.json<{ message: string }>().message, PROOF_NOT_READY_MESSAGE);

      const book = await bookPdf({ pages: 3, widthMm: 162, heightMm: 240 });
      const coverPdf = await PDFDocument.create();
      coverPdf.addPage([337.7 * PT_PER_MM, 246 * PT_PER_MM]).drawText('The cover', { x: 40, y: 40, size: 30 });
      coverPdf.addPage([100, 100]);
      const bookName = await upload(ids, book);
      const coverName = await upload(ids, await coverPdf.save(), 'cover.pdf', true);
      const files = JSON.stringify([
        { filename: bookName, title: 'Book', kind: 'book' },
        { filename: coverName, title: 'Cover', kind: 'cover' },
      ]);
      await t.app.db.updateTable('books').set({ files }).where('id', 'in', [ids.local!, ids.international!]).execute();

      assert.equal((await get('printproof', ids, '', other)).statusCode, 404);
      const response = await get('printproof', ids);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(
        response.headers['content-disposition'],
        'attachment; filename="print-proof-Stars-over-Limpopo.pdf"',
      );
      const proof = await PDFDocument.load(response.rawPayload);
      assert.equal(proof.getPageCount(), 4);
      assert.ok(Math.abs(proof.getPage(0).getWidth() - 337.7 * PT_PER_MM) < 0.01);
      const { text } = await pdfText(response.rawPayload);
      const order = ['The cover', 'Page 1', 'Page 2', 'Page 3'].map((part) => text.indexOf(part));
      assert.ok(order.every((at) => at >= 0));
      assert.deepEqual(
        [...order].sort((a, b) => a - b),
        order,
      );
    });
  });

  it('PDF work: a task runs in a worker and answers; once closed, the pool refuses new work', async () => {
    const work = createPdfWork({ concurrency: 1 });
    const analysis = await work.analyse(await bookPdf({ pages: 2, widthMm: 100, heightMm: 100 }), {
      pages: 2,
      trimWidthMm: 100,
      trimHeightMm: 100,
    });
    assert.deepEqual(analysis, { pages: 2, problems: [], firstPageWithoutBleed: 1 });
    await work.close();
    await assert.rejects(work.analyse(new Uint8Array(10), { pages: 1, trimWidthMm: 1, trimHeightMm: 1 }), {
      name: 'PdfWorkError',
    });
  });
});
