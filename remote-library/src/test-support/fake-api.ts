/**
 * Test helpers of remote_library (the pattern of remote_account's test-support): a scripted
 * fetch that records every request the typed client really sends.
 */

/** One request as the API received it: path without the /api/v1 base, and the query. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
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
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: Object.fromEntries(url.searchParams),
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
