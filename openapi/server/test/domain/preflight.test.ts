import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { operations } from '../../src/domain/preflight/content-stream.js';
import {
  analysePdf,
  blockingMessages,
  MAX_INSPECTED_PAGES,
  preflightPdf,
  preflightResult,
  type PreflightCheck,
} from '../../src/domain/preflight/index.js';
import { bookPdf, formImagePdf } from '../helpers/preflight-pdfs.js';

/** An NC paperback of 12 pages, as the quote has it. */
const NC: PreflightCheck = { pages: 12, trimWidthMm: 156, trimHeightMm: 234, bleedingNeeded: false };
const codes = (problems: { code: string }[]) => problems.map((problem) => problem.code);

describe('preflight: a good file', () => {
  it('finds nothing in a PDF of the right pages and size with bleed, embedded fonts and a 300 dpi image', async () => {
    const bytes = await bookPdf({
      pages: 12,
      widthMm: 162,
      heightMm: 240,
      images: [{ page: 3, pixels: [600, 450], inches: [2, 1.5] }],
    });
    const result = await preflightPdf(bytes, NC);
    assert.deepEqual(result, { pages: 12, problems: [] });
  });

  it('accepts trim-size pages without a word when the author ordered the bleed service', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 156, heightMm: 234 });
    assert.deepEqual(await preflightPdf(bytes, { ...NC, bleedingNeeded: true }), { pages: 12, problems: [] });
  });

  it('accepts sizes within 1 mm of the trim size', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 156.9, heightMm: 233.1 });
    const result = await preflightPdf(bytes, { ...NC, bleedingNeeded: true });
    assert.deepEqual(result.problems, []);
  });
});

describe('preflight: blocking problems', () => {
  it('PAGE_COUNT: names both counts, for the whole file', async () => {
    const bytes = await bookPdf({ pages: 10, widthMm: 162, heightMm: 240 });
    const result = await preflightPdf(bytes, NC);
    assert.equal(result.pages, 10);
    assert.deepEqual(result.problems, [
      {
        code: 'PAGE_COUNT',
        severity: 'blocking',
        page: null,
        message: 'The PDF has 10 pages; the quote is for 12 pages.',
        fix: 'Upload the whole book as one PDF of 12 pages (blank pages included), or ask for a new quote for 10 pages.',
      },
    ]);
    assert.deepEqual(blockingMessages(result), ['The PDF has 10 pages; the quote is for 12 pages.']);
  });

  it('TRIM_SIZE: one problem at the first page of another size, naming how many more differ', async () => {
    const bytes = await bookPdf({
      pages: 12,
      widthMm: 162,
      heightMm: 240,
      otherSizes: { 4: [210, 297], 7: [210, 297], 9: [148, 210] },
    });
    const { problems } = await preflightPdf(bytes, NC);
    assert.deepEqual(codes(problems), ['TRIM_SIZE']);
    assert.equal(problems[0]!.page, 4);
    assert.equal(problems[0]!.severity, 'blocking');
    assert.equal(
      problems[0]!.message,
      'Page 4: the page is 210 x 297 mm; the book is 156 x 234 mm (162 x 240 mm with bleed). 2 more pages differ.',
    );
    assert.match(problems[0]!.fix, /156 x 234 mm \(or 162 x 240 mm with 3 mm bleed on every side\)/);
  });

  it('TRIM_SIZE: a whole A4 file for an NC book is one problem at page 1', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 210, heightMm: 297 });
    const { problems } = await preflightPdf(bytes, NC);
    assert.deepEqual(codes(problems), ['TRIM_SIZE']);
    assert.equal(problems[0]!.page, 1);
    assert.match(problems[0]!.message, /11 more pages differ\.$/);
  });

  it('TRIM_SIZE: 1.5 mm off is outside the tolerance', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 157.5, heightMm: 234 });
    const { problems } = await preflightPdf(bytes, { ...NC, bleedingNeeded: true });
    assert.deepEqual(codes(problems), ['TRIM_SIZE']);
  });

  it('FONT_NOT_EMBEDDED: a standard (base-14) font is reported once, at the first page it is used on', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 162, heightMm: 240, standardFontPages: [5, 6, 9] });
    const { problems } = await preflightPdf(bytes, NC);
    assert.deepEqual(problems, [
      {
        code: 'FONT_NOT_EMBEDDED',
        severity: 'blocking',
        page: 5,
        message: 'Page 5: the font Helvetica is not embedded.',
        fix: problems[0]!.fix,
      },
    ]);
    assert.match(problems[0]!.fix, /embedded/);
  });

  it('an embedded font (DejaVu Sans subset through fontkit) passes', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 162, heightMm: 240, font: 'embedded' });
    assert.deepEqual((await preflightPdf(bytes, NC)).problems, []);
  });

  it('UNREADABLE: random bytes after a PDF header, and a file cut in half', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]);
    const good = await bookPdf({ pages: 12, widthMm: 162, heightMm: 240 });
    const cut = good.subarray(0, Math.floor(good.length / 3));
    for (const bytes of [damaged, cut]) {
      const result = await preflightPdf(bytes, NC);
      assert.equal(result.pages, null);
      assert.deepEqual(codes(result.problems), ['UNREADABLE']);
      assert.equal(result.problems[0]!.severity, 'blocking');
      assert.equal(result.problems[0]!.page, null);
    }
  });
});

describe('preflight: warnings', () => {
  it("LOW_DPI: an image of 300 x 225 pixels drawn 2 x 1.5 in is 150 dpi: 'Page 37: image at 150 dpi; print needs 300'", async () => {
    const bytes = await bookPdf({
      pages: 40,
      widthMm: 162,
      heightMm: 240,
      images: [{ page: 37, pixels: [300, 225], inches: [2, 1.5] }],
    });
    const { problems } = await preflightPdf(bytes, { ...NC, pages: 40 });
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.code, 'LOW_DPI');
    assert.equal(problems[0]!.severity, 'warning');
    assert.equal(problems[0]!.page, 37);
    assert.equal(problems[0]!.message, 'Page 37: image at 150 dpi; print needs 300');
    assert.deepEqual(blockingMessages({ pages: 40, problems }), []);
  });

  it('LOW_DPI: the same pixels drawn small enough are fine; the lowest of two directions counts', async () => {
    const fine = await bookPdf({
      pages: 12,
      widthMm: 162,
      heightMm: 240,
      images: [{ page: 2, pixels: [300, 225], inches: [1, 0.75] }],
    });
    assert.deepEqual((await preflightPdf(fine, NC)).problems, []);
    // 600 px over 2 in is 300 dpi across, but 150 px over 1 in is 150 dpi down.
    const stretched = await bookPdf({
      pages: 12,
      widthMm: 162,
      heightMm: 240,
      images: [{ page: 2, pixels: [600, 150], inches: [2, 1] }],
    });
    assert.equal((await preflightPdf(stretched, NC)).problems[0]?.message, 'Page 2: image at 150 dpi; print needs 300');
  });

  it('LOW_DPI: an image inside a scaled form XObject is measured through both matrices', async () => {
    // 400 px over 2 in x 0.5 (the form's scale) = 1 in: 400 dpi, fine; over 2 in x 2 = 4 in: 100 dpi.
    const sharp = await formImagePdf(162, 240, [400, 400], [2, 2], 0.5);
    assert.deepEqual((await preflightPdf(sharp, { ...NC, pages: 1 })).problems, []);
    const blurred = await formImagePdf(162, 240, [400, 400], [2, 2], 2);
    assert.deepEqual(
      (await preflightPdf(blurred, { ...NC, pages: 1 })).problems.map((p) => p.message),
      ['Page 1: image at 100 dpi; print needs 300'],
    );
  });

  it('LOW_DPI: one problem per page (its lowest image), at most 20 in all', async () => {
    const images = Array.from({ length: 30 }, (_, i) => [
      { page: i + 1, pixels: [200, 200] as [number, number], inches: [1, 1] as [number, number] },
      { page: i + 1, pixels: [100, 100] as [number, number], inches: [1, 1] as [number, number] },
    ]).flat();
    const bytes = await bookPdf({ pages: 30, widthMm: 162, heightMm: 240, images });
    const { problems } = await preflightPdf(bytes, { ...NC, pages: 30 });
    assert.equal(problems.length, 20);
    assert.deepEqual(
      problems.map((p) => p.page),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    assert.ok(problems.every((p) => p.message.endsWith('image at 100 dpi; print needs 300')));
  });

  it('NO_BLEED: trim-size pages without the bleed service warn at the first such page; with it, or with bleed, they do not', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 156, heightMm: 234 });
    const analysis = await analysePdf(bytes, NC);
    assert.equal(analysis.firstPageWithoutBleed, 1);
    const without = preflightResult(analysis, NC);
    assert.deepEqual(codes(without.problems), ['NO_BLEED']);
    assert.equal(without.problems[0]!.severity, 'warning');
    assert.equal(without.problems[0]!.message, 'Page 1: no bleed: the page is exactly the trim size (156 x 234 mm).');
    assert.deepEqual(preflightResult(analysis, { ...NC, bleedingNeeded: true }).problems, []);
  });

  it('reports blocking problems and warnings together, the blocking ones first', async () => {
    const bytes = await bookPdf({
      pages: 11,
      widthMm: 156,
      heightMm: 234,
      font: 'standard',
      images: [{ page: 2, pixels: [100, 100], inches: [1, 1] }],
    });
    const result = await preflightPdf(bytes, NC);
    assert.deepEqual(codes(result.problems), ['PAGE_COUNT', 'FONT_NOT_EMBEDDED', 'LOW_DPI', 'NO_BLEED']);
    assert.deepEqual(blockingMessages(result), [
      'The PDF has 11 pages; the quote is for 12 pages.',
      'Page 1: the font Helvetica is not embedded.',
    ]);
  });
});

describe('preflight: bounds', () => {
  it('inspects at most maxInspectedPages pages but counts them all', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 162, heightMm: 240, standardFontPages: [11] });
    const limited = await analysePdf(bytes, NC, { maxInspectedPages: 10 });
    assert.equal(limited.pages, 12);
    assert.deepEqual(limited.problems, []);
    assert.deepEqual(codes((await analysePdf(bytes, NC)).problems), ['FONT_NOT_EMBEDDED']);
  });

  it('a 1,250-page file: every page counted, the first 1,200 inspected (MAX_INSPECTED_PAGES)', async () => {
    const bytes = await bookPdf({ pages: 1250, widthMm: 162, heightMm: 240, standardFontPages: [1201, 1250] });
    const result = await analysePdf(bytes, { ...NC, pages: 1200 });
    assert.equal(MAX_INSPECTED_PAGES, 1200);
    assert.equal(result.pages, 1250);
    assert.deepEqual(codes(result.problems), ['PAGE_COUNT']);
  });

  it('stops the content checks after maxOperations operations', async () => {
    const bytes = await bookPdf({ pages: 12, widthMm: 162, heightMm: 240, standardFontPages: [12] });
    assert.deepEqual((await analysePdf(bytes, NC, { maxOperations: 50 })).problems, []);
  });

  it('reads a page turned by /Rotate 90 at its turned size', async () => {
    const pdf = await PDFDocument.load(await bookPdf({ pages: 12, widthMm: 240, heightMm: 162 }));
    for (const page of pdf.getPages()) page.setRotation({ type: 'degrees' as never, angle: 90 });
    assert.deepEqual((await preflightPdf(await pdf.save(), NC)).problems, []);
  });
});

describe('content stream reader', () => {
  const ops = (text: string) => [...operations(Buffer.from(text, 'latin1'))];

  it('reads numbers and names, skips strings, arrays and dictionaries with their delimiters', () => {
    const read = ops(
      'q 1 0 0 1 -2.5 .5 cm BT /F1 12 Tf ] (a \\) (b) ) Tj [(x) -20 (y<z>) <41>] TJ ET /P <</MCID 3 /A [1 2] /B <4142>>> BDC EMC Q',
    );
    assert.deepEqual(
      read.map((op) => op.operator),
      ['q', 'cm', 'BT', 'Tf', 'Tj', 'TJ', 'ET', 'BDC', 'EMC', 'Q'],
    );
    assert.deepEqual(read[1]!.operands, [1, 0, 0, 1, -2.5, 0.5]);
    assert.deepEqual(read[3]!.operands, [{ name: 'F1' }, 12]);
    assert.deepEqual(read[7]!.operands, [{ name: 'P' }, null]);
  });

  it('reads an inline image up to EI, binary data included, with its size', () => {
    const data = Buffer.from([0x45, 0x49, 0x00, 0xff, 0x20, 0x45, 0x49]); // "EI" inside the data, then " EI"
    const stream = Buffer.concat([
      Buffer.from('q 72 0 0 72 0 0 cm BI /W 30 /H 20 /BPC 8 /CS /G ID '),
      data,
      Buffer.from(' Q'),
    ]);
    const read = [...operations(stream)];
    assert.deepEqual(
      read.map((op) => op.operator),
      ['q', 'cm', 'BI', 'Q'],
    );
    assert.deepEqual(read[2]!.inlineImage, { width: 30, height: 20 });
  });

  it('decodes #xx in names and ignores comments', () => {
    const read = ops('% a comment /X Do\n/Im#20One Do');
    assert.deepEqual(read, [{ operator: 'Do', operands: [{ name: 'Im One' }] }]);
  });

  it('ends quietly on an unterminated string or array', () => {
    assert.deepEqual(
      ops('q (never ends').map((op) => op.operator),
      ['q'],
    );
    assert.deepEqual(
      ops('Q [1 2').map((op) => op.operator),
      ['Q'],
    );
  });
});
