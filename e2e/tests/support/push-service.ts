import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';

// The browser's side of Web Push, for the journeys. Chromium's own push service is Google's and
// unreachable here (no internet), so the journey plays it: a local HTTP server takes the server's
// encrypted POST as a push service would, decrypts it with the subscription's private key as the
// user agent would (RFC 8291, aes128gcm of RFC 8188), and hands the plaintext to the service
// worker through the DevTools protocol (ServiceWorker.deliverPushMessage), which fires the
// worker's real `push` event. The page's PushManager is replaced by one that answers this
// subscription, since Chromium's would ask Google for an endpoint.

/** What the push service received and decrypted. */
export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  plaintext: string;
}

/** A subscription's user-agent keys and the local push service it points at. */
export interface FakePushService {
  endpoint: string;
  /** The subscription's p256dh (uncompressed P-256 public key) and auth secret, base64url. */
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
  close(): Promise<void>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8291 section 3.4 / RFC 8188: decrypts one aes128gcm body for the subscription keys. */
function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, uaPublic: Buffer, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('push body: no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Starts a push service on 127.0.0.1 and makes the subscription keys a browser would. */
export async function startFakePushService(): Promise<FakePushService> {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const auth = randomBytes(16);
  const received: ReceivedPush[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const plaintext = decrypt(Buffer.concat(chunks), ecdh, uaPublic, auth);
        received.push({ path: request.url ?? '', headers: request.headers, plaintext });
        response.writeHead(201).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/push/${base64url(randomBytes(12))}`,
    keys: { p256dh: base64url(uaPublic), auth: base64url(auth) },
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Replaces the pages' PushManager (before any script runs) with one whose subscription is
 * `service`'s: subscribe() keeps the applicationServerKey it is given, getSubscription()
 * answers the subscription once made, toJSON() gives what a browser gives.
 */
export async function useFakePushManager(context: BrowserContext, service: FakePushService): Promise<void> {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const bytes = (text: string) => {
        const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
        return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
      };
      let current: PushSubscription | null = null;
      const make = (options: PushSubscriptionOptionsInit) =>
        ({
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: options.applicationServerKey ?? null },
          getKey: (name: string) =>
            name === 'p256dh' ? bytes(keys.p256dh) : name === 'auth' ? bytes(keys.auth) : null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        current = make(options ?? {});
        return current;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return current;
      };
      PushManager.prototype.permissionState = async function permissionState() {
        return Notification.permission === 'granted' ? 'granted' : 'prompt';
      };
    },
    { endpoint: service.endpoint, keys: service.keys },
  );
}

/**
 * Fires the service worker's `push` event with `data`, as the browser does for a message from its
 * push service (DevTools protocol, Chromium only).
 */
export async function deliverPushMessage(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const deadline = Date.now() + 10_000;
  let registration = registrations.find((entry) => entry.scopeURL === `${origin}/` && !entry.isDeleted);
  while (!registration && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    registration = registrations.find((entry) => entry.scopeURL === `${origin}/` && !entry.isDeleted);
  }
  if (!registration) throw new Error(`no service worker registration for ${origin}/`);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration.registrationId, data });
  await cdp.detach();
}
