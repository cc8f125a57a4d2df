import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { API_BASE } from './bare-client';
import { queuedAlertKey, raiseAlert } from '../alerts';
import { IDEMPOTENCY_KEY_HEADER, QUEUED_ALERTS } from '../constants/offline';
import { logout } from '../session/logout';
import { refreshSession, refreshSessionOutcome } from '../session/refresh';
import { isTokenExpired } from '../session/token';
import { getAccessToken, getRefreshToken } from '../session/store';
import { ApiError } from './errors';
import {
  browserOffline,
  getOfflineQueue,
  isNetworkFailure,
  newIdempotencyKey,
  QueuedOfflineError,
  reportApiReachable,
  type OfflineRequest,
} from './offline';
import {
  isMutatingMethod,
  neverQueuedReason,
  OFFLINE_NOT_SAVED_MESSAGE,
  OFFLINE_REQUIRED_MESSAGES,
  queuedAlertKind,
  takesIdempotencyKey,
  type NeverQueuedReason,
} from './offline-policy';

/** The cause key of the 'Unable to refresh token' alert. */
export const SESSION_EXPIRED_ALERT = 'session:refresh-failed';

/** The code of the ApiError (status 0) a call fails with when it needs a connection and has none. */
export const OFFLINE_ERROR_CODE = 'OFFLINE';

function withBearer(request: Request): Request {
  const token = getAccessToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

/** Notes whether the API answered, for the offline banner. */
async function observed(sending: Promise<Response>): Promise<Response> {
  try {
    const response = await sending;
    reportApiReachable(true);
    return response;
  } catch (error) {
    if (isNetworkFailure(error)) reportApiReachable(false);
    throw error;
  }
}

/**
 * The body each request of this client was built with, when a second request can be built from
 * it as it is: any body but a stream (a string, bytes, a Blob, a form). A retry after a 401 uses
 * it, so the first attempt goes out exactly as built, its body never read back.
 */
const keptBodies = new WeakMap<Request, BodyInit | null>();

/** A stream is read once; every other kind of body can make any number of requests. */
const isStream = (body: unknown) => typeof (body as ReadableStream | null)?.getReader === 'function';

/**
 * The Request the client builds its calls with (openapi-fetch's `Request` option): it keeps the
 * body it is given for the retry after a 401. Keeping it is free (a reference; the caller's
 * bytes are not changed while their call runs), where reading the request back cost a copy of
 * every body, a megabyte per upload piece.
 */
class SessionRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    const body = init?.body;
    // Given no body, a request made from another one carries that one's, which is not known here.
    const known = body === undefined ? !(input instanceof Request) : !isStream(body);
    if (known) keptBodies.set(this, body ?? null);
  }
}

/**
 * Adds the bearer token, refreshes first when the access token has expired, and on a 401
 * refreshes once and retries once. When the server refuses the refresh the user sees 'Unable
 * to refresh token' and is logged out (spec sections 4 and 8); a refresh that could not reach
 * the server ends nothing (the caller gets the 401).
 */
async function authorisedFetch(request: Request): Promise<Response> {
  if (getRefreshToken() && isTokenExpired(getAccessToken())) await refreshSession();
  let first = request;
  let body = keptBodies.get(request);
  if (body === undefined) {
    // A body this client did not build (a stream): read once, and both attempts are made from the
    // copy. `request.clone()` would tee it into a stream, which Chromium then uploads as a stream
    // that DevTools (and so the journeys' request records) cannot see.
    body = request.body === null ? null : await request.arrayBuffer();
    if (body !== null) first = new Request(request, { body });
  }
  const response = await observed(globalThis.fetch(withBearer(first)));
  if (response.status !== 401 || !getRefreshToken()) return response;
  const outcome = await refreshSessionOutcome();
  if (outcome === 'unreachable') return response;
  if (outcome === 'refused') {
    // Sticky: it explains why the user lands on /login; one per cause however many requests failed.
    raiseAlert({ variant: 'danger', message: 'Unable to refresh token', key: SESSION_EXPIRED_ALERT, sticky: true });
    await logout();
    return response;
  }
  // The first request's body was used by its fetch: the retry is made from the kept one.
  return observed(globalThis.fetch(withBearer(new Request(request, { body }))));
}

/** The path under /api/v1 of a request, without its query. */
function apiPath(url: string): string {
  const { pathname } = new URL(url);
  const base = new URL(API_BASE).pathname;
  return pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
}

/** A call that needs a connection and has none fails at once with its plain sentence. */
function connectionRequired(reason: NeverQueuedReason): ApiError {
  reportApiReachable(false);
  return new ApiError(0, OFFLINE_REQUIRED_MESSAGES[reason], OFFLINE_ERROR_CODE);
}

/** Bodies the queue can keep as text; anything else (raw bytes, files) is an upload. */
function textBody(request: Request): boolean {
  const type = request.headers.get('Content-Type') ?? '';
  return request.body === null || /^(application\/(json|x-www-form-urlencoded)|text\/)/.test(type);
}

/**
 * A queueable mutation that cannot reach the server: handed to the offline queue, the queued
 * alert is raised and the call rejects with {@link QueuedOfflineError}.
 */
async function queueOffline(request: Request, body: string | null): Promise<never> {
  reportApiReachable(false);
  const queue = getOfflineQueue();
  if (!queue) throw new ApiError(0, OFFLINE_NOT_SAVED_MESSAGE, OFFLINE_ERROR_CODE);
  const entry: OfflineRequest = {
    method: request.method.toUpperCase(),
    url: request.url,
    body: body === '' ? null : body,
    contentType: request.headers.get('Content-Type'),
    idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? newIdempotencyKey(),
    alert: queuedAlertKind(request.method),
    createdAt: Date.now(),
  };
  try {
    await queue(entry);
  } catch (error) {
    console.warn('The offline queue could not keep a change', error);
    throw new ApiError(0, OFFLINE_NOT_SAVED_MESSAGE, OFFLINE_ERROR_CODE);
  }
  raiseAlert({ variant: 'warning', message: QUEUED_ALERTS[entry.alert], key: queuedAlertKey(entry.alert) });
  throw new QueuedOfflineError(entry.alert, entry.idempotencyKey);
}

/**
 * The session-aware fetch behind `client`. Every mutation (POST, PUT, PATCH, DELETE) carries
 * an Idempotency-Key, new for each call and kept by its retry and by its replays, but the
 * upload pieces (`WITHOUT_IDEMPOTENCY_KEY`: idempotent by their own rule). A mutation
 * that finds no network (the browser is offline, or fetch rejects with a TypeError; an abort
 * is rethrown as it is) fails at once with its plain sentence when it is on `NEVER_QUEUED`
 * (or has a body that is not text), and is queued otherwise.
 */
async function sessionFetch(request: Request): Promise<Response> {
  if (!isMutatingMethod(request.method)) return authorisedFetch(request);
  const path = apiPath(request.url);
  if (takesIdempotencyKey(path) && !request.headers.has(IDEMPOTENCY_KEY_HEADER)) {
    request.headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  }
  const reason = neverQueuedReason(path) ?? (textBody(request) ? null : 'upload');
  if (reason) {
    if (browserOffline()) throw connectionRequired(reason);
    try {
      return await authorisedFetch(request);
    } catch (error) {
      throw isNetworkFailure(error) ? connectionRequired(reason) : error;
    }
  }
  // Read once, up front: a fetch that failed may leave the request's stream used.
  const body = request.body === null ? null : await request.text();
  const sending = new SessionRequest(request, { body });
  if (browserOffline()) return queueOffline(sending, body);
  try {
    return await authorisedFetch(sending);
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return queueOffline(sending, body);
  }
}

/**
 * Sends a queued change again through the session-aware fetch (a fresh token, refreshed when
 * expired, the 401 retry) with its own Idempotency-Key, and never queues it again: a network
 * failure rejects (TypeError) and the queue keeps the change. For the host's offline queue.
 */
export function sendQueuedRequest(
  entry: Pick<OfflineRequest, 'method' | 'url' | 'body' | 'contentType' | 'idempotencyKey'>,
): Promise<Response> {
  const headers = new Headers({ [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey });
  if (entry.contentType) headers.set('Content-Type', entry.contentType);
  return authorisedFetch(new SessionRequest(entry.url, { method: entry.method, headers, body: entry.body }));
}

/**
 * THE typed API client (generated types from openapi/portal.yaml). Paths are the literal
 * specification paths: `client.GET('/user/viewuserinfo')`.
 */
export const client = createClient<paths>({ baseUrl: API_BASE, fetch: sessionFetch, Request: SessionRequest });
