import { createHash, createHmac } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@pod/shared-contracts/constants';

/**
 * Rules of the Idempotency-Key header (issue 16; the mechanism is src/idempotency.ts, the claims
 * live in PostgreSQL). The front end's offline queue replays a mutation with the key of its first
 * attempt; the server answers a repeat with the first result instead of doing the work again.
 */

/** 1 to 255 visible ASCII characters (0x21-0x7E): a UUID, a ULID, any token a client makes. */
const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** How long a key is kept: a day covers an offline afternoon and a retry the next morning. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim whose request never finished (its instance died mid-request) may be taken over after
 * this long: well beyond the request timeout, so a slow request is never run twice.
 */
export const IDEMPOTENCY_PROCESSING_LEASE_MS = 5 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalid: `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters (no spaces or control characters).`,
  inProgress: 'A request with this Idempotency-Key is still being processed.',
  reused: 'This Idempotency-Key was already used for a different request.',
} as const;

export const IDEMPOTENCY_CODES = {
  invalid: 'IDEMPOTENCY_KEY_INVALID',
  inProgress: 'IDEMPOTENCY_KEY_IN_PROGRESS',
  reused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/**
 * Operations that accept the key but never keep their answer: it carries credentials or secrets
 * shown once (a token pair, a TOTP secret, recovery codes), which must not sit in a table for a
 * day, nor be handed to whoever repeats the key. A repeat runs again (a second sign-in is harmless).
 */
export const NOT_REPLAYED_OPERATIONS: ReadonlySet<string> = new Set([
  'login',
  'loginTwoFactor',
  'refreshToken',
  'addUser',
  'setupTwoFactor',
  'enableTwoFactor',
]);

/** Whether a header value is a usable key (a repeated header arrives joined by ', ': refused). */
export function isValidIdempotencyKey(value: string | string[] | undefined): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}

/**
 * The request body types an operation that declares the key may take: bodies parsed into values
 * (JSON, a form). Raw bytes (the upload pieces) are idempotent by their own rule and do not
 * declare the key (portal.yaml, IdempotencyKey); the plugin refuses to start otherwise.
 */
export const FINGERPRINTED_BODY_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/x-www-form-urlencoded',
]);

/**
 * What a key is bound to: method, the path as requested (with its query) and a SHA-256 of the
 * body as parsed (its JSON), so the same change sent again matches whatever its spacing, and
 * anything else with that key does not. Stored only as an HMAC under a key derived from the
 * server secret: paths carry link tokens and bodies passwords, and a plain hash of a short body
 * could be guessed from a database copy.
 */
export function requestFingerprint(hmacKey: Uint8Array, method: string, url: string, body: unknown): string {
  const bytes = Buffer.from(JSON.stringify(body ?? null), 'utf8');
  const bodyDigest = createHash('sha256').update(bytes).digest('base64url');
  return createHmac('sha256', hmacKey).update(`${method.toUpperCase()} ${url} ${bodyDigest}`).digest('base64url');
}

/**
 * Whether an answer is kept for replay. A 5xx (the server failed: a retry must run) and a 429
 * (a "come back later") are not: the claim is released instead. Every other answer, 4xx
 * included, is the request's outcome and is answered again.
 */
export function keepsAnswer(statusCode: number): boolean {
  return statusCode < 500 && statusCode !== 429;
}
