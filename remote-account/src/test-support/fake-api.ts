/**
 * Test helpers of remote_account (a copy of the pattern of shared-contracts' own
 * test-support, which remotes may not import): JWT-shaped tokens and a scripted fetch
 * that records every request the typed client really sends.
 */

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token whose payload carries `exp` = now + `expiresInSeconds` and the claims. */
export function fakeJwt(expiresInSeconds: number, claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify({ exp, ...claims })),
    'signature',
  ].join('.');
}

/** One request as the API received it: path without the /api/v1 base, still URL-encoded. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/** The scripted answer to one request. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/** Replaces `globalThis.fetch` with one answering through `handler`; returns the request log. */
export function installFakeFetch(handler: Handler): RecordedRequest[] {
  const log: RecordedRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api\/v1/, ''),
      authorization: request.headers.get('Authorization'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    log.push(recorded);
    const { status, body } = await handler(recorded);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
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
