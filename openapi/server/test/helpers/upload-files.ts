import { randomBytes } from 'node:crypto';

/**
 * Files whose first bytes carry each type's signature, as the upload and submission checks read
 * them (nothing decodes them further). Random filler, so two files never share a digest.
 */
export const pdfFile = (size = 2_000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
export const docxFile = (size = 1_500) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);
export const epubFile = (size = 1_500) =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(26),
    Buffer.from('mimetypeapplication/epub+zip'),
    randomBytes(size - 58),
  ]);
export const mp3File = (size = 3_000) => Buffer.concat([Buffer.from('ID3'), randomBytes(size - 3)]);
export const wavFile = (size = 3_000) =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), randomBytes(size - 12)]);

const segment = (marker: number, body: Buffer) => {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
};

/**
 * A JPEG's head as cameras write it: SOI, a JFIF APP0, optionally an APP1 of `exifBytes` (EXIF
 * data before the frame, which the size reader must skip), the quantisation table, the baseline
 * frame header (SOF0) of `width` x `height`, then filler standing for the scan.
 */
export function jpegFile(width: number, height: number, exifBytes = 0): Buffer {
  const sof = Buffer.alloc(15);
  sof[0] = 8; // precision
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 3; // components
  const exif = [];
  // An APP1 segment holds at most 65,533 bytes: larger EXIF data takes several.
  for (let left = exifBytes; left > 0; left -= 65_000) exif.push(segment(0xe1, randomBytes(Math.min(left, 65_000))));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x48\0\x48\0\0', 'latin1')),
    ...exif,
    segment(0xdb, randomBytes(65)),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    randomBytes(500),
    Buffer.from([0xff, 0xd9]),
  ]);
}
