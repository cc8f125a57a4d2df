/**
 * The pixel size of a JPEG from its frame header (SOF), read from the head of the file: the
 * segments before the first frame (APPn: EXIF, ICC profiles, XMP...) are skipped by their
 * lengths, so only the bytes up to the SOF are needed, never the image data.
 */

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * `PixelSize` when found; `incomplete` when `head` ends before the frame header (read more of
 * the file); `invalid` when the bytes are not a JPEG's markers or the scan starts without a frame.
 */
export type JpegSizeResult = PixelSize | 'incomplete' | 'invalid';

/** Start-of-frame markers carrying the size: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM, RST0-7, SOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

export function jpegSize(head: Uint8Array): JpegSizeResult {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  if (bytes.length < 3) return 'incomplete';
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 'invalid';
  let at = 2;
  while (true) {
    if (at >= bytes.length) return 'incomplete';
    if (bytes[at] !== 0xff) return 'invalid';
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < bytes.length && bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return 'incomplete';
    const marker = bytes[at]!;
    at += 1;
    if (isStandalone(marker)) continue;
    // End of image or start of scan before any frame: no size to be had.
    if (marker === 0xd9 || marker === 0xda || marker === 0x00) return 'invalid';
    if (at + 2 > bytes.length) return 'incomplete';
    const length = bytes.readUInt16BE(at);
    if (length < 2) return 'invalid';
    if (isFrameMarker(marker)) {
      // length(2) precision(1) height(2) width(2)
      if (at + 7 > bytes.length) return 'incomplete';
      const height = bytes.readUInt16BE(at + 3);
      const width = bytes.readUInt16BE(at + 5);
      return width > 0 && height > 0 ? { width, height } : 'invalid';
    }
    at += length;
  }
}
