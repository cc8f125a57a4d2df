import { QUEUED_ALERTS } from '../constants/offline';
import type { paths } from './schema';

/** Which queued alert a change shows (section 5): POST submits, DELETE deletes, PUT/PATCH updates. */
export type QueuedAlertKind = keyof typeof QUEUED_ALERTS;

/** Why a call is never queued: the user needs the server's answer now, or the call must not run twice later. */
export type NeverQueuedReason = 'pay' | 'cart' | 'coupon' | 'upload' | 'sign' | 'account' | 'answer';

/**
 * What a call that is never queued says when there is no connection (our wording; the
 * specification has none). It fails at once, as an `ApiError` with status 0 and code `OFFLINE`,
 * so the caller's usual failure handling shows the sentence.
 */
export const OFFLINE_REQUIRED_MESSAGES: Readonly<Record<NeverQueuedReason, string>> = {
  pay: 'You are offline. A connection is needed to pay.',
  cart: 'You are offline. A connection is needed to change your cart.',
  coupon: 'You are offline. A connection is needed to apply a coupon.',
  upload: 'You are offline. A connection is needed to upload.',
  sign: 'You are offline. A connection is needed to sign a contract.',
  account: 'You are offline. A connection is needed to sign in or change your account security.',
  answer: 'You are offline. A connection is needed to continue.',
};

/** What a mutation that cannot reach the server says when there is no offline queue (a remote run alone). */
export const OFFLINE_NOT_SAVED_MESSAGE =
  'You are offline. Your change was not saved; please try again when you are back online.';

/**
 * THE list of mutating calls that are never queued, by path under /api/v1 (a path matches
 * when it equals an entry or starts with it followed by '/'). Everything else that mutates
 * (POST, PUT, PATCH, DELETE) is queued when the network is missing.
 * - pay: payments and checkout; a payment replayed hours later is never what the user meant.
 * - cart: the cart is the first step of checkout; what it holds decides what is paid.
 * - coupon: the user is waiting for 'Successful' or the spelling message.
 * - upload: files, chunked packets, bulk rows, signatures and preflight: large, and the next
 *   step of the wizard needs their answer.
 * - sign: re-signing a contract (signature and initials images; the renewal list follows it).
 * - account: sign-in, registration, tokens, passwords, e-mail change, approval, two-factor
 *   (they end or start sessions, or need a code typed now).
 * - answer: calls that only compute or read through POST/PUT (quotes, ISBN check, royalties,
 *   contracts, cover specs, push subscription): queuing a question is pointless.
 */
export const NEVER_QUEUED: ReadonlyArray<{ path: string; reason: NeverQueuedReason }> = [
  { path: '/user/createtransaction', reason: 'pay' },
  { path: '/user/posttransaction', reason: 'pay' },
  { path: '/user/posttransactionpayfast', reason: 'pay' },
  { path: '/user/checkoutpayment', reason: 'pay' },
  { path: '/user/checkoutsuccess', reason: 'pay' },
  { path: '/user/checkoutcancelled', reason: 'pay' },
  { path: '/user/verifycardpayment', reason: 'pay' },
  { path: '/payment', reason: 'pay' },
  { path: '/user/cart', reason: 'cart' },
  { path: '/user/verifycartcoupon', reason: 'coupon' },
  { path: '/user/addcoupon', reason: 'coupon' },
  { path: '/session', reason: 'upload' },
  { path: '/user/uploadbook', reason: 'upload' },
  { path: '/user/uploadbookebook', reason: 'upload' },
  { path: '/user/uploadbookaudio', reason: 'upload' },
  { path: '/user/uploadsignature', reason: 'upload' },
  { path: '/user/uploadsignatureappendix', reason: 'upload' },
  { path: '/user/saveusersignature', reason: 'upload' },
  { path: '/user/bulkcalculate', reason: 'upload' },
  { path: '/user/preflight', reason: 'upload' },
  { path: '/user/resign', reason: 'sign' },
  { path: '/authO', reason: 'account' },
  { path: '/user/adduser', reason: 'account' },
  { path: '/user/pwd', reason: 'account' },
  { path: '/user/forgotpwd', reason: 'account' },
  { path: '/user/pwdlinkcheck', reason: 'account' },
  { path: '/user/changeemail', reason: 'account' },
  { path: '/user/userapproved', reason: 'account' },
  { path: '/user/2fa', reason: 'account' },
  { path: '/user/getquote', reason: 'answer' },
  { path: '/user/getvalidisbn', reason: 'answer' },
  { path: '/user/realtimeroyalty', reason: 'answer' },
  { path: '/user/viewsignedcontract', reason: 'answer' },
  { path: '/user/viewcontract', reason: 'answer' },
  { path: '/user/submitcontract', reason: 'answer' },
  { path: '/user/submitcontractappendix', reason: 'answer' },
  { path: '/user/coverspec', reason: 'answer' },
  { path: '/user/covertemplate', reason: 'answer' },
  { path: '/user/printproof', reason: 'answer' },
  { path: '/push', reason: 'answer' },
];

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether `method` changes something on the server (and so carries an Idempotency-Key, the upload pieces apart). */
export function isMutatingMethod(method: string): boolean {
  return MUTATING_METHODS.has(method.toUpperCase());
}

/** The paths whose POST declares no Idempotency-Key header in portal.yaml (read from the generated types). */
type PostWithoutKey = {
  [P in keyof paths]: paths[P] extends { post: { parameters: { header?: infer H } } }
    ? [NonNullable<H>] extends [never]
      ? P
      : 'Idempotency-Key' extends keyof NonNullable<H>
        ? never
        : P
    : never;
}[keyof paths];

/**
 * The mutations this client sends without an Idempotency-Key, by path under /api/v1: the upload
 * pieces, which portal.yaml leaves the header out of. They are idempotent by their own rule (a
 * piece sent again after it was accepted gets the same answer and nothing is appended); the
 * server ignores a key there, and keeping one would cost it a stored answer and a fingerprint
 * of a megabyte per piece. Typed from the generated schema: should portal.yaml declare the key
 * for one of them again, this no longer compiles.
 */
export const WITHOUT_IDEMPOTENCY_KEY: ReadonlyArray<PostWithoutKey> = [
  '/session/v2/packet',
  '/session/v2/packet-cover',
];

/** Whether a mutation of `path` (under /api/v1, without query) carries an Idempotency-Key. */
export function takesIdempotencyKey(path: string): boolean {
  return !(WITHOUT_IDEMPOTENCY_KEY as readonly string[]).includes(path);
}

/** The queued alert a mutation of `method` shows. */
export function queuedAlertKind(method: string): QueuedAlertKind {
  const upper = method.toUpperCase();
  if (upper === 'POST') return 'submit';
  if (upper === 'DELETE') return 'delete';
  return 'update';
}

/** Why the call to `path` (under /api/v1, without query) is never queued, or null when it may be. */
export function neverQueuedReason(path: string): NeverQueuedReason | null {
  const match = NEVER_QUEUED.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`));
  return match?.reason ?? null;
}
