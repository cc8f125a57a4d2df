import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Small real files for the demo library, so the demo author can open what her books list: a
 * few-page book PDF showing the title, a one-page cover PDF and a short WAV tone per audio
 * chapter. Made with pdf-lib and by hand; a whole library takes well under a second.
 */

/** A5 portrait, in points: the demo books' trim size. */
const A5: [number, number] = [419.53, 595.28];
const BOOK_PAGES = 4;

/** '#8a3b12' -> rgb(); anything else a slate grey. */
function colour(hex: string | undefined) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!match) return rgb(0.2, 0.25, 0.33);
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [number, number, number];
  return rgb(r, g, b);
}

/** Draws `text` centred on `page` at height `y`. */
function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = rgb(0, 0, 0)) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Splits a title into lines of at most `max` characters (at spaces). */
function lines(text: string, max: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

const PARAGRAPH =
  'This is a sample page of the demo library. The book file an author uploads is kept exactly as ' +
  'uploaded; the library lets her open it, page through it and download it again at any time.';

/** The book: a title page, then pages with a chapter heading, a paragraph and a page number. */
export async function demoBookPdf(title: string, author: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(author);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const first = pdf.addPage(A5);
  lines(title, 22).forEach((line, i) => centred(first, bold, line, 400 - i * 30, 24));
  centred(first, serif, author, 300, 14);
  for (let n = 1; n < BOOK_PAGES; n += 1) {
    const page = pdf.addPage(A5);
    page.drawText(`Chapter ${n}`, { x: 48, y: 520, size: 18, font: bold });
    lines(PARAGRAPH, 60).forEach((line, i) => page.drawText(line, { x: 48, y: 480 - i * 16, size: 11, font: serif }));
    centred(page, serif, `${title} - page ${n + 1}`, 32, 9, rgb(0.4, 0.4, 0.4));
  }
  return pdf.save();
}

/** The cover: one page in the book's colour with the title and the author. */
export async function demoCoverPdf(title: string, author: string, hex?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} (cover)`);
  pdf.setAuthor(author);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage(A5);
  page.drawRectangle({ x: 0, y: 0, width: A5[0], height: A5[1], color: colour(hex) });
  const white = rgb(1, 1, 1);
  page.drawRectangle({ x: 18, y: 18, width: A5[0] - 36, height: A5[1] - 36, borderColor: white, borderWidth: 2 });
  lines(title, 18).forEach((line, i) => centred(page, bold, line, 380 - i * 34, 28, white));
  centred(page, serif, author, 60, 16, white);
  return pdf.save();
}

const SAMPLE_RATE = 8000;

/**
 * A WAV (PCM, 16-bit mono, 8 kHz) of `seconds` of a sine tone at `frequency` Hz, faded in and
 * out so it does not click.
 */
export function demoToneWav(frequency: number, seconds = 1.5): Uint8Array {
  const samples = Math.round(SAMPLE_RATE * seconds);
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  const fade = SAMPLE_RATE / 20;
  for (let i = 0; i < samples; i += 1) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const value = Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * envelope * 0.4;
    wav.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return new Uint8Array(wav.buffer, wav.byteOffset, wav.length);
}
