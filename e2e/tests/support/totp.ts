import { createHmac } from 'node:crypto';

/** RFC 4648 base32 (an authenticator app's setup key), spaces and padding ignored. */
function base32Decode(key: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = key.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not a base32 setup key: ${key}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The 6-digit TOTP code (RFC 6238: HMAC-SHA1, 30 s steps) an authenticator app shows for
 * `setupKey`, `stepOffset` steps from now: what a user types after scanning the QR code.
 * Written here from the RFC so the journey checks the server against the standard, not against
 * the library the server uses.
 */
export function totpCode(setupKey: string, stepOffset = 0, now = Date.now()): string {
  const step = Math.floor(now / 1000 / 30) + stepOffset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(setupKey)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
