import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The receiving side of web push for the tests, written from RFC 8291 and RFC 8188 on its own (not
 * with the server's code): a browser's subscription keys, and a push service on 127.0.0.1 that
 * decrypts what it is sent with them, like e2e/tests/support/push-service.ts.
 */

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  plaintext: string;
}

/** A browser's side of one subscription: its ECDH key pair and auth secret. */
export function userAgentKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, publicKey, auth, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } };
}

export type UserAgentKeys = ReturnType<typeof userAgentKeys>;

/** RFC 8291 section 3.4 / RFC 8188 section 2: one aes128gcm body decrypted with the subscription's keys. */
export function decryptPush(body: Buffer, ua: UserAgentKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('push body: bad header');
  const shared = ua.ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, ua.auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('push body: no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** A push service on 127.0.0.1 answering `status` (201 by default) to what it could decrypt. */
export async function startPushService(ua: UserAgentKeys = userAgentKeys()) {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        received.push({ path: request.url ?? '', headers: request.headers, body, plaintext: decryptPush(body, ua) });
        response.writeHead(status).end();
      } catch (err) {
        response.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ua,
    received,
    endpoint: (name = randomBytes(8).toString('base64url')) => `http://127.0.0.1:${port}/push/${name}`,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
