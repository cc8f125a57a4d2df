/**
 * `@pod/shared-contracts/testing`: helpers for the jest tests of every front-end package (and
 * of shared-contracts itself). Test files only: ESLint refuses this subpath in product code,
 * and it is not part of the federation's shared modules.
 *
 * - `fakeJwt`: unsigned JWT-shaped tokens with a chosen expiry (the client only reads claims).
 * - `installFakeFetch`: a scripted global fetch that records every request the typed client
 *   really sends (method, path without the /api/v1 base, query, Authorization, JSON body, and
 *   the bytes of a raw octet-stream body), and answers JSON or raw bytes (file links).
 * - `deferred`: a promise with its resolve handle, to hold an answer until the test releases it.
 * - `renderWithProviders`, `Providers`, `LocationProbe`, `createTestQueryClient`: the one way
 *   to render a screen (session store, a fresh QueryClient with retry off, a MemoryRouter).
 * - `installFakeSignaturePad`, `drawOnPad`, `fakeSignatureDataUrl`, `FakeSignaturePadEngine`:
 *   SignaturePad without a canvas (jsdom has none); real drawing is left to the journeys.
 */

export { drawOnPad, fakeSignatureDataUrl, FakeSignaturePadEngine, installFakeSignaturePad } from './signature-pad';
export { createTestQueryClient, LocationProbe, Providers, renderWithProviders, type ProvidersOptions } from './render';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token whose payload carries `exp` = now + `expiresInSeconds` and the given claims. */
export function fakeJwt(expiresInSeconds = 3600, claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify({ exp, ...claims })),
    'signature',
  ].join('.');
}

/** One request as the API received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the /api/v1 base, still URL-encoded. */
  path: string;
  /** The query as name -> value. */
  query: Record<string, string>;
  /** The raw query string, '' or starting with '?'. */
  search: string;
  authorization: string | null;
  /** Every request header, by lower-case name (the Idempotency-Key of a mutation is `idempotency-key`). */
  headers: Record<string, string>;
  /** Whether the browser would send cookies (the login's device cookie needs 'same-origin' or 'include'). */
  credentials: RequestCredentials;
  /** The parsed JSON body, or undefined when there is none or it is raw bytes. */
  body: unknown;
  /** The bytes of a raw application/octet-stream body (a chunked upload's piece); absent for any other. */
  bytes?: Uint8Array;
}

/**
 * The scripted answer to one request: a status, JSON body and extra headers, or raw bytes
 * (`bytes`, a file download; then `headers` give its Content-Type), or an Error thrown as a
 * network failure.
 */
export type FakeAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { status: number; bytes: Uint8Array<ArrayBuffer>; headers?: Record<string, string> }
  | Error;

export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/** Replaces `globalThis.fetch` with one answering through `handler`; returns the request log. */
export function installFakeFetch(handler: FakeHandler): RecordedRequest[] {
  const log: RecordedRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const bytes = new Uint8Array(await request.arrayBuffer());
    // Raw bytes (application/octet-stream) are kept as they are; any other body is JSON text.
    const raw = (request.headers.get('Content-Type') ?? '').startsWith('application/octet-stream');
    const text = raw ? '' : new TextDecoder().decode(bytes);
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: Object.fromEntries(url.searchParams),
      search: url.search,
      authorization: request.headers.get('Authorization'),
      headers: Object.fromEntries(request.headers),
      credentials: request.credentials,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      ...(raw ? { bytes } : {}),
    };
    log.push(recorded);
    const answer = await handler(recorded);
    if (answer instanceof Error) throw answer;
    if ('bytes' in answer) return new Response(answer.bytes, { status: answer.status, headers: answer.headers });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  }) as typeof fetch;
  return log;
}

/** A promise with its resolve handle, to hold an answer until the test releases it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
