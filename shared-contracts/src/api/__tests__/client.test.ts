import { client } from '../client';
import { alertsAtom, raiseAlert } from '../../alerts';
import { toApiError } from '../errors';
import {
  getAccessToken,
  hydrateSession,
  sessionStore,
  setCurrentUser,
  setNavigator,
  setTokens,
  STORAGE_KEYS,
} from '../../session';
import { fakeJwt, installFakeFetch } from '../../testing';

const user = { id: 7, email: 'a@b.co', name_first: 'Thandi' };

/**
 * A server that rotates to `tokens` on /authO/refresh and answers `ok` to a call carrying the new
 * access token, 401 to any other (the expired or revoked one).
 */
function installRotatingServer(tokens: { accessToken: string; refreshToken: string }, ok: Record<string, unknown>) {
  return installFakeFetch((request) => {
    if (request.path === '/authO/refresh') return { status: 200, body: tokens };
    return request.authorization === `Bearer ${tokens.accessToken}`
      ? { status: 200, body: ok }
      : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } };
  });
}

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
});

describe('client: bearer token, refresh once and retry', () => {
  it('adds the bearer token to every call', async () => {
    const access = fakeJwt(600);
    setTokens({ accessToken: access, refreshToken: fakeJwt(3600) });
    const log = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, result: user } }));

    await client.GET('/user/viewuserinfo');

    expect(log).toHaveLength(1);
    expect(log[0]?.authorization).toBe(`Bearer ${access}`);
  });

  it('on a 401 refreshes once, stores both new tokens and retries with the new one', async () => {
    const oldAccess = fakeJwt(600, { v: 'old' });
    const newAccess = fakeJwt(600, { v: 'new' });
    const newRefresh = fakeJwt(3600, { v: 'new' });
    setTokens({ accessToken: oldAccess, refreshToken: fakeJwt(3600) });
    const log = installRotatingServer(
      { accessToken: newAccess, refreshToken: newRefresh },
      { statusCode: 0, result: user },
    );

    const { data, response } = await client.GET('/user/viewuserinfo');

    expect(response.status).toBe(200);
    expect(data?.result.name_first).toBe('Thandi');
    expect(log.map((r) => r.path)).toEqual(['/user/viewuserinfo', '/authO/refresh', '/user/viewuserinfo']);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(newAccess);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(newRefresh);
  });

  it('retries an upload piece after a 401 with the very same bytes, without an Idempotency-Key', async () => {
    const newAccess = fakeJwt(600, { v: 'piece' });
    setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
    const log = installRotatingServer(
      { accessToken: newAccess, refreshToken: fakeJwt(3600) },
      { statusCode: 0, next_index: 1, finalFilename: null },
    );
    const piece = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);

    const { response } = await client.POST('/session/v2/packet', {
      params: {
        query: { name: 'book.pdf', size: 3000, local_bookId: 1, md5_chunk: 'x', currentChunkIndex: 0, totalChunks: 1 },
      },
      body: piece.buffer as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/octet-stream' },
    });

    expect(response.status).toBe(200);
    const sent = log.filter((request) => request.path === '/session/v2/packet');
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => request.bytes)).toEqual([piece, piece]);
    // portal.yaml: the pieces are idempotent by their own rule and take no key.
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([undefined, undefined]);
  });

  it('sends the request as openapi-fetch built it: the body is not read back to be kept', async () => {
    setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
    let built: Request | undefined;
    const arrived: Array<{ same: boolean; bodyUsed: boolean }> = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const request = input as Request;
      arrived.push({ same: request === built, bodyUsed: request.bodyUsed });
      await request.arrayBuffer();
      return new Response(JSON.stringify({ statusCode: 0, next_index: 1, finalFilename: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch;

    const { response } = await client.POST('/session/v2/packet', {
      params: {
        query: { name: 'book.pdf', size: 3, local_bookId: 1, md5_chunk: 'x', currentChunkIndex: 0, totalChunks: 1 },
      },
      body: Uint8Array.from([1, 2, 3]).buffer as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/octet-stream' },
      middleware: [
        {
          onRequest({ request }) {
            built = request;
          },
        },
      ],
    });

    expect(response.status).toBe(200);
    expect(arrived).toEqual([{ same: true, bodyUsed: false }]);
  });

  it('retries a body given as a stream after a 401 with the same bytes (read once, both attempts from the copy)', async () => {
    const newAccess = fakeJwt(600, { v: 'stream' });
    setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
    const log = installRotatingServer(
      { accessToken: newAccess, refreshToken: fakeJwt(3600) },
      { statusCode: 0, next_index: 1, finalFilename: null },
    );
    const piece = Uint8Array.from({ length: 500 }, (_, i) => (i * 11) % 256);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(piece.subarray(0, 200));
        controller.enqueue(piece.subarray(200));
        controller.close();
      },
    });

    const { response } = await client.POST('/session/v2/packet', {
      params: {
        query: { name: 'book.pdf', size: 500, local_bookId: 1, md5_chunk: 'x', currentChunkIndex: 0, totalChunks: 1 },
      },
      body: stream as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/octet-stream' },
      // What a stream body needs in a Request (the Fetch standard's half-duplex upload).
      ...({ duplex: 'half' } as object),
    });

    expect(response.status).toBe(200);
    const sent = log.filter((request) => request.path === '/session/v2/packet');
    expect(sent.map((request) => request.bytes)).toEqual([piece, piece]);
  });

  it('retries only once: a second 401 after refreshing is returned to the caller', async () => {
    setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
    const log = installFakeFetch((request) =>
      request.path === '/authO/refresh'
        ? { status: 200, body: { accessToken: fakeJwt(600, { n: 2 }), refreshToken: fakeJwt(3600, { n: 2 }) } }
        : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } },
    );

    const { response } = await client.GET('/user/viewuserinfo');

    expect(response.status).toBe(401);
    expect(log.filter((r) => r.path === '/authO/refresh')).toHaveLength(1);
    expect(log.filter((r) => r.path === '/user/viewuserinfo')).toHaveLength(2);
  });

  it('refreshes before sending when the access token has already expired', async () => {
    const fresh = fakeJwt(600, { fresh: true });
    setTokens({ accessToken: fakeJwt(-60), refreshToken: fakeJwt(3600) });
    const log = installFakeFetch((request) =>
      request.path === '/authO/refresh'
        ? { status: 200, body: { accessToken: fresh, refreshToken: fakeJwt(3600, { r: 2 }) } }
        : { status: 200, body: { statusCode: 0, result: user } },
    );

    await client.GET('/user/viewuserinfo');

    expect(log.map((r) => r.path)).toEqual(['/authO/refresh', '/user/viewuserinfo']);
    expect(log[1]?.authorization).toBe(`Bearer ${fresh}`);
  });

  it('shares one refresh between concurrent 401s (a rotated token is never sent twice)', async () => {
    const newAccess = fakeJwt(600, { v: 'shared' });
    setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
    const log = installRotatingServer(
      { accessToken: newAccess, refreshToken: fakeJwt(3600, { v: 'shared' }) },
      { statusCode: 0, result: user },
    );

    const results = await Promise.all([client.GET('/user/viewuserinfo'), client.GET('/user/viewuserinfo')]);

    expect(results.map((r) => r.response.status)).toEqual([200, 200]);
    expect(log.filter((r) => r.path === '/authO/refresh')).toHaveLength(1);
  });

  it("on refresh failure says 'Unable to refresh token', logs out and goes to /login", async () => {
    const refresh = fakeJwt(3600);
    setTokens({ accessToken: fakeJwt(600), refreshToken: refresh });
    setCurrentUser({ ...user } as never);
    localStorage.setItem(STORAGE_KEYS.lastUpdate, '1700000000000');
    localStorage.setItem('unrelated', 'x');
    const navigate = jest.fn();
    setNavigator(navigate);
    const log = installFakeFetch((request) =>
      request.path === '/authO/logout'
        ? { status: 200, body: { statusCode: 0, description: 'Logged out' } }
        : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unable to refresh token' } },
    );

    const { response } = await client.GET('/user/viewuserinfo');

    expect(response.status).toBe(401);
    expect(sessionStore.get(alertsAtom).map((a) => a.message)).toContain('Unable to refresh token');
    const logoutCall = log.find((r) => r.path === '/authO/logout');
    expect(logoutCall?.method).toBe('DELETE');
    expect(logoutCall?.body).toEqual({ token: refresh });
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastUpdate)).toBe('1700000000000');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('shows one alert however many requests fail with the session, and none of their 401s', async () => {
    setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
    setCurrentUser({ ...user } as never);
    setNavigator(jest.fn());
    installFakeFetch((request) =>
      request.path === '/authO/logout'
        ? { status: 200, body: { statusCode: 0, description: 'Logged out' } }
        : { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } },
    );

    const results = await Promise.all(Array.from({ length: 7 }, () => client.GET('/user/viewuserinfo')));
    // What the callers would do with their failures: raise them (a 401 raises nothing).
    for (const { response, error } of results)
      raiseAlert({ variant: 'danger', message: toApiError(response.status, error) });

    expect(sessionStore.get(alertsAtom).map((a) => a.message)).toEqual(['Unable to refresh token']);
  });
});
