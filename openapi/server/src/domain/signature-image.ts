/**
 * Drawn signatures and initials arrive as `data:` URLs. Only images pdf-lib can place in the
 * contract are taken: PNG (what the signature pads produce) or, for the contract calls, JPEG,
 * base64, at most {@link MAX_SIGNATURE_BYTES} decoded, with the format's own signature bytes.
 */

export const MAX_SIGNATURE_BYTES = 1_048_576;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

export type ImageType = 'png' | 'jpeg';

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** Whether `value` is a usable image data URL of one of `types`. */
export function isSignatureImage(value: unknown, types: readonly ImageType[] = ['png', 'jpeg']): value is string {
  if (typeof value !== 'string') return false;
  const match = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/]+={0,2})$/i.exec(value);
  if (!match) return false;
  const type: ImageType = match[1]!.toLowerCase() === 'png' ? 'png' : 'jpeg';
  if (!types.includes(type)) return false;
  // 4 base64 characters carry 3 bytes: refuse an oversized image before decoding it.
  if ((match[2]!.length * 3) / 4 > MAX_SIGNATURE_BYTES + 3) return false;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) return false;
  // A PNG starts with its 8-byte signature and then the IHDR chunk (width and height not 0).
  if (type === 'png') {
    if (bytes.length < 33 || !startsWith(bytes, PNG_MAGIC)) return false;
    if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return false;
    return bytes.readUInt32BE(16) > 0 && bytes.readUInt32BE(20) > 0;
  }
  return bytes.length > 3 && startsWith(bytes, JPEG_MAGIC);
}
