import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { PDFDocument, rgb } from 'pdf-lib';

// Book, cover and thumbnail files for the upload journeys, made in the test: real PDFs (pdf-lib)
// and a real JPEG (the browser's own encoder), of the sizes the wizard and the preflight expect.

/** A file as Playwright's setInputFiles takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const POINTS_PER_MM = 72 / 25.4;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A grey-scale PNG of `size` x `size` pixels. Noise does not compress, so a noisy image makes a
 * PDF large enough to need several upload pieces; a plain one keeps a file small.
 */
function greyPng(size: number, noisy: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 0;
  // A fixed pseudo-random sequence: the same file on every run.
  let seed = 20_261_124;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(size + 1, 200);
    row[0] = 0;
    if (noisy) {
      for (let x = 1; x <= size; x += 1) {
        seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
        row[x] = seed >>> 24;
      }
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG as a data URL, as the signature pads send one (for contracts signed through the API). */
export function signaturePng(): string {
  return `data:image/png;base64,${greyPng(32, true).toString('base64')}`;
}

export interface BookPdfOptions {
  pages: number;
  /** Trim size in millimetres (A5 portrait: 148 x 210). */
  widthMm: number;
  heightMm: number;
  /** Photos of `pixels` square, each drawn `placedMm` wide on page `onPage` (1-based). */
  images: Array<{ pixels: number; placedMm: number; onPage: number; noisy: boolean }>;
}

/**
 * A print-ready book PDF: every page at the trim size, drawn with shapes only (no text, so no
 * font to embed), and photos. 1 800 noisy pixels placed 100 mm wide print at about 457 dpi and
 * make the file about 3.3 MB, four upload pieces; 120 pixels placed 100 mm wide print at 30 dpi.
 */
export async function bookPdf(name: string, options: BookPdfOptions): Promise<FilePayload> {
  const pdf = await PDFDocument.create();
  const width = options.widthMm * POINTS_PER_MM;
  const height = options.heightMm * POINTS_PER_MM;
  const photos = await Promise.all(
    options.images.map(async (image) => ({
      ...image,
      embedded: await pdf.embedPng(greyPng(image.pixels, image.noisy)),
    })),
  );
  for (let number = 1; number <= options.pages; number += 1) {
    const page = pdf.addPage([width, height]);
    page.drawRectangle({
      x: 20 * POINTS_PER_MM,
      y: 20 * POINTS_PER_MM,
      width: width - 40 * POINTS_PER_MM,
      height: 4,
      color: rgb(0.2, 0.2, 0.2),
    });
    for (const photo of photos.filter((image) => image.onPage === number)) {
      const side = photo.placedMm * POINTS_PER_MM;
      page.drawImage(photo.embedded, { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side });
    }
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/** A one-page cover PDF of the given size in millimetres. */
export async function coverPdf(name: string, widthMm: number, heightMm: number): Promise<FilePayload> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([widthMm * POINTS_PER_MM, heightMm * POINTS_PER_MM]);
  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: page.getHeight(), color: rgb(0.55, 0.23, 0.07) });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/** A JPEG of `width` x `height` pixels, encoded by the browser the journey runs in. */
export async function jpeg(page: Page, name: string, width: number, height: number): Promise<FilePayload> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#8a3b12';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#f4e3c1';
      context.fillRect(w / 8, h / 3, (w * 3) / 4, h / 6);
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('no JPEG'))), 'image/jpeg', 0.9),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}
