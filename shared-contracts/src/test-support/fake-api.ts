/**
 * Test helpers: unsigned JWT-shaped tokens with a chosen expiry, and a scripted fetch
 * that records every request. Used by shared-contracts' own tests only.
 */

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token whose payload carries `exp` = now + `expiresInSeconds` and the given claims. */
export function fakeJwt(expiresInSeconds: number, claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify({ exp, ...claims })),
    'signature',
  ].join('.');
}

/** One recorded request. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status: number; body?: unknown };

/** Installs a fetch that answers with `handler` and records requests; returns the log. */
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
    const { status, body } = handler(recorded);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return log;
}
