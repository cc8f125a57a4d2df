/** A stubbed API for host tests: answers by path, records every request as `METHOD /path?query`. */
import { fakeJwt, installFakeFetch, type FakeAnswer } from '@pod/shared-contracts/testing';

export type { FakeAnswer };

/** Answers a request; `undefined` falls back to the empty answers of {@link emptyAnswer}. */
export type FakeRoute = (path: string, method: string) => FakeAnswer | Promise<FakeAnswer> | undefined;

/** What the reference server answers today for the shared loaders and the renewal list: nothing. */
export function emptyAnswer(path: string): FakeAnswer {
  if (path === '/user/getuserbooks')
    return { status: 200, body: { statusCode: 0, localBooks: [], internationalBooks: [] } };
  return { status: 200, body: { statusCode: 0, results: [] } };
}

/** Installs the stub as the global fetch (the shared client reads it at call time); returns the request log. */
export function installFakeApi(route: FakeRoute = () => undefined): string[] {
  const requests: string[] = [];
  installFakeFetch(async (request) => {
    requests.push(`${request.method} ${request.path}${request.search}`);
    return (await route(request.path, request.method)) ?? emptyAnswer(request.path);
  });
  return requests;
}

export { fakeJwt };
