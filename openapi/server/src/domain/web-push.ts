import { createCipheriv, createECDH, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';

/**
 * Web push messages (issue 16): RFC 8291 message encryption (the aes128gcm content coding of
 * RFC 8188, one record) and RFC 8292 VAPID, with node:crypto and jose only. The receiving side
 * the journeys play (e2e/tests/support/push-service.ts) decrypts exactly this.
 */

/** The server's VAPID key pair: uncompressed P-256 public key (65 bytes) and private scalar (32 bytes), base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The browser's keys of one subscription (PushSubscription.toJSON().keys), base64url. */
export interface SubscriptionKeys {
  p256dh: string;
  auth: string;
}

/** Record size written in the header; one record holds the whole message. */
const RECORD_SIZE = 4096;
/** RFC 8291 section 4: what fits one 4096-byte record after the 86-byte header, the delimiter and the tag. */
export const MAX_PUSH_PLAINTEXT_BYTES = 3993;
/** RFC 8292 section 2: a VAPID token must not live longer than 24 hours; 12 leaves room for clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

const fromBase64url = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');

/** Whether `text` is base64url (padding tolerated) of exactly `length` bytes. */
function decodesTo(text: string, length: number): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const bytes = fromBase64url(text);
  return bytes.length === length ? bytes : null;
}

/** An uncompressed P-256 point (0x04 | x | y) on the curve, as base64url; null otherwise. */
export function p256PublicKey(text: string): Buffer | null {
  const bytes = decodesTo(text, 65);
  if (!bytes || bytes[0] !== 4) return null;
  try {
    // Importing checks that the point lies on the curve (an ECDH with a point off it leaks the key).
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return bytes;
  } catch {
    return null;
  }
}

/** A subscription's 16-byte auth secret, or null. */
export function authSecret(text: string): Buffer | null {
  return decodesTo(text, 16);
}

/** A fresh VAPID key pair (development servers generate one once and keep it). */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), fromBase64url(jwk.x!), fromBase64url(jwk.y!)]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

/** Whether a configured pair is usable: a public point on the curve and the 32-byte scalar that makes it. */
export function vapidKeysMatch({ publicKey, privateKey }: VapidKeys): boolean {
  const point = p256PublicKey(publicKey);
  const scalar = decodesTo(privateKey, 32);
  if (!point || !scalar) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.getPublicKey().equals(point);
  } catch {
    return false;
  }
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * The body of one push message for `keys` (RFC 8291 section 3): an ephemeral ECDH P-256 key, the
 * shared secret mixed with the subscription's auth secret ('WebPush: info\0' | ua public | as
 * public), then aes128gcm (RFC 8188) in a single record ending with the 0x02 delimiter, behind the
 * header salt(16) | rs(4) | idlen(1) | keyid(65, the ephemeral public key).
 */
export function encryptPushMessage(
  keys: SubscriptionKeys,
  plaintext: Uint8Array,
  fixed: { salt?: Buffer; ephemeral?: ReturnType<typeof createECDH> } = {},
): Buffer {
  const uaPublic = p256PublicKey(keys.p256dh);
  const auth = authSecret(keys.auth);
  if (!uaPublic || !auth) throw new Error('not a usable push subscription key');
  if (plaintext.length > MAX_PUSH_PLAINTEXT_BYTES) {
    throw new Error(`a push message holds at most ${MAX_PUSH_PLAINTEXT_BYTES} bytes`);
  }
  const ephemeral = fixed.ephemeral ?? createECDH('prime256v1');
  if (!fixed.ephemeral) ephemeral.generateKeys();
  const asPublic = ephemeral.getPublicKey();
  const ecdhSecret = ephemeral.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ecdhSecret, auth, keyInfo, 32);
  const salt = fixed.salt ?? randomBytes(16);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, ciphertext, cipher.getAuthTag()]);
}

/**
 * The VAPID `Authorization` header for a push to `endpoint` (RFC 8292): `vapid t=<JWT>, k=<key>`,
 * the JWT signed ES256 with the server's private key, `aud` the endpoint's origin, `exp` 12 hours
 * ahead (at most 24 are allowed) and `sub` the contact (a mailto: or https: URL).
 */
export async function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now: Date,
): Promise<string> {
  const point = fromBase64url(keys.publicKey);
  const signingKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
      d: keys.privateKey.replace(/=+$/, ''),
    },
    'ES256',
  );
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ sub: subject })
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(issuedAt + VAPID_TOKEN_SECONDS)
    .sign(signingKey);
  return `vapid t=${token}, k=${point.toString('base64url')}`;
}
