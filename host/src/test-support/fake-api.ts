/** A stubbed API for host tests: answers by path, records every request as `METHOD /path?query`. */

/** One answer: an HTTP status and a JSON body, or a thrown network error. */
export type FakeAnswer = { status: number; body?: unknown } | Error;
/** Answers a request; `undefined` falls back to the empty answers of {@link emptyAnswer}. */
export type FakeRoute = (path: string, method: string) => FakeAnswer | Promise<FakeAnswer> | undefined;

/** What the reference server answers today for the shared loaders and the renewal list: nothing. */
export function emptyAnswer(path: string): FakeAnswer {
  if (path === '/user/getuserbooks') return { status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [] } };
  return { status: 200, body: { statusCode: 0, results: [] } };
}

/** Installs the stub as the global fetch (the shared client reads it at call time); returns the request log. */
export function installFakeApi(route: FakeRoute = () => undefined): string[] {
  const requests: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    requests.push(`${request.method} ${path}${url.search}`);
    const answer = (await route(path, request.method)) ?? emptyAnswer(path);
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return requests;
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token valid for `seconds` (the client only reads its expiry). */
export function fakeJwt(seconds = 3600, claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return [base64Url('{"alg":"HS256","typ":"JWT"}'), base64Url(JSON.stringify({ exp, ...claims })), 'signature'].join('.');
}
