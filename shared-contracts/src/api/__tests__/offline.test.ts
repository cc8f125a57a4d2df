import { client, OFFLINE_ERROR_CODE, sendQueuedRequest } from '../client';
import { alertMessage, ApiError } from '../errors';
import {
  isApiReachable,
  isQueuedOffline,
  QueuedOfflineError,
  reportApiReachable,
  setOfflineQueue,
  type OfflineRequest,
} from '../offline';
import {
  NEVER_QUEUED,
  neverQueuedReason,
  OFFLINE_NOT_SAVED_MESSAGE,
  OFFLINE_REQUIRED_MESSAGES,
} from '../offline-policy';
import { alertsAtom, raiseAlert } from '../../alerts';
import { QUEUED_ALERTS } from '../../constants/offline';
import { hydrateSession, sessionStore, setTokens } from '../../session';
import { fakeJwt, installFakeFetch } from '../../testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const offlineFailure = () => new TypeError('Failed to fetch');
const alertTexts = () => sessionStore.get(alertsAtom).map((alert) => alert.message);

function setBrowserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

let queued: OfflineRequest[];

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
  setBrowserOnline(true);
  reportApiReachable(true);
  queued = [];
  setOfflineQueue(async (request) => {
    queued.push(request);
  });
  setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
});

afterAll(() => setOfflineQueue(null));

describe('Idempotency-Key', () => {
  it('is sent with every mutation, a new UUID per call, and never with a GET', async () => {
    const log = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, result: {} } }));

    await client.GET('/user/viewuserinfo');
    await client.PUT('/user/edituser', { body: { name_first: 'A', name_last: 'B', phone_main: '+27821234567' } });
    await client.DELETE('/user/archivebook/{id}/{flag}', { params: { path: { id: 4, flag: 0 } } });
    await client.POST('/user/initiallogin', { body: { initial_login: 1 } });

    expect(log[0]?.headers['idempotency-key']).toBeUndefined();
    const keys = log.slice(1).map((request) => request.headers['idempotency-key']);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(3);
  });

  it('is kept by the retry after a 401 (one change, one key)', async () => {
    const fresh = fakeJwt(600, { fresh: true });
    const log = installFakeFetch((request) => {
      if (request.path === '/authO/refresh')
        return { status: 200, body: { accessToken: fresh, refreshToken: fakeJwt(3600) } };
      return request.authorization === `Bearer ${fresh}`
        ? { status: 200, body: { statusCode: 0, result: {} } }
        : { status: 401, body: { message: 'Unauthorized' } };
    });

    await client.PUT('/user/edituser', { body: { name_first: 'A', name_last: 'B', phone_main: '+27821234567' } });

    const edits = log.filter((request) => request.path === '/user/edituser');
    expect(edits).toHaveLength(2);
    expect(edits[0]?.headers['idempotency-key']).toMatch(UUID);
    expect(edits[1]?.headers['idempotency-key']).toBe(edits[0]?.headers['idempotency-key']);
    expect(edits[1]?.body).toEqual({ name_first: 'A', name_last: 'B', phone_main: '+27821234567' });
  });

  it('is not sent with the upload pieces, idempotent by their own rule (portal.yaml)', async () => {
    const log = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, next_index: 1, finalFilename: null } }));
    const query = { name: 'b.pdf', size: 1, local_bookId: 1, md5_chunk: 'x', totalChunks: 1 };
    const raw = {
      body: Uint8Array.from([1]).buffer as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/octet-stream' },
    };

    await client.POST('/session/v2/packet', { params: { query: { ...query, currentChunkIndex: 0 } }, ...raw });
    await client.POST('/session/v2/packet-cover', {
      params: { query: { ...query, currentCoverChunkIndex: 0 } },
      ...raw,
    });
    await client.POST('/user/initiallogin', { body: { initial_login: 1 } });

    expect(log.map((request) => [request.path, request.headers['idempotency-key']])).toEqual([
      ['/session/v2/packet', undefined],
      ['/session/v2/packet-cover', undefined],
      ['/user/initiallogin', expect.stringMatching(UUID)],
    ]);
  });
});

describe('a mutation without a network', () => {
  it('is queued (method, URL, body, key, alert kind, time; no token) and rejects with QueuedOfflineError', async () => {
    installFakeFetch(offlineFailure);

    const sending = client.PUT('/user/edituser', {
      body: { name_first: 'Lindiwe', name_last: 'B', phone_main: '+27821234567' },
    });

    const error: unknown = await sending.catch((caught: unknown) => caught);
    expect(isQueuedOffline(error)).toBe(true);
    expect((error as QueuedOfflineError).message).toBe(QUEUED_ALERTS.update);
    expect(queued).toHaveLength(1);
    const [entry] = queued;
    expect(entry).toMatchObject({
      method: 'PUT',
      url: 'http://localhost/api/v1/user/edituser',
      contentType: 'application/json',
      alert: 'update',
    });
    expect(JSON.parse(entry?.body ?? '')).toEqual({
      name_first: 'Lindiwe',
      name_last: 'B',
      phone_main: '+27821234567',
    });
    expect(entry?.idempotencyKey).toMatch(UUID);
    expect((error as QueuedOfflineError).idempotencyKey).toBe(entry?.idempotencyKey);
    expect(JSON.stringify(entry)).not.toMatch(/Bearer|token/i);
    expect(typeof entry?.createdAt).toBe('number');
    expect(alertTexts()).toEqual([QUEUED_ALERTS.update]);
    expect(isApiReachable()).toBe(false);
  });

  it('is queued without trying when the browser says it is offline; DELETE and POST show their alerts', async () => {
    setBrowserOnline(false);
    const log = installFakeFetch(() => ({ status: 200, body: {} }));

    await expect(
      client.DELETE('/user/archivebook/{id}/{flag}', { params: { path: { id: 4, flag: 0 } } }),
    ).rejects.toBeInstanceOf(QueuedOfflineError);
    await expect(client.POST('/user/initiallogin', { body: { initial_login: 1 } })).rejects.toBeInstanceOf(
      QueuedOfflineError,
    );

    expect(log).toHaveLength(0);
    expect(queued.map((entry) => [entry.method, entry.alert, entry.body])).toEqual([
      ['DELETE', 'delete', null],
      ['POST', 'submit', JSON.stringify({ initial_login: 1 })],
    ]);
    expect(alertTexts()).toEqual([QUEUED_ALERTS.delete, QUEUED_ALERTS.submit]);
  });

  it('is never reported as a failure: raiseAlert ignores it, alertMessage reads the queued sentence', async () => {
    installFakeFetch(offlineFailure);
    const error: unknown = await client
      .PUT('/user/requestchange', { body: {} as never })
      .catch((caught: unknown) => caught);

    raiseAlert({ variant: 'danger', message: error });
    raiseAlert({ variant: 'danger', message: alertMessage(error) });

    expect(sessionStore.get(alertsAtom).map((alert) => [alert.variant, alert.message])).toEqual([
      ['warning', QUEUED_ALERTS.update],
    ]);
    expect(alertMessage(error)).toBe(QUEUED_ALERTS.update);
  });

  it('fails with a plain message when no queue is registered (a remote on its own)', async () => {
    setOfflineQueue(null);
    installFakeFetch(offlineFailure);

    const error: unknown = await client
      .DELETE('/user/archivebook/{id}/{flag}', { params: { path: { id: 4, flag: 0 } } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: OFFLINE_ERROR_CODE, message: OFFLINE_NOT_SAVED_MESSAGE });
  });

  it('an abort is not a missing network: it is rethrown, nothing queued', async () => {
    installFakeFetch(() => new DOMException('The operation was aborted.', 'AbortError'));

    await expect(
      client.PUT('/user/edituser', { body: { name_first: 'A', name_last: 'B', phone_main: '+27821234567' } }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(queued).toHaveLength(0);
  });
});

describe('never queued: payments, checkout, uploads, sign-in and tokens', () => {
  it.each([
    ['POST', '/user/createtransaction', 'pay'],
    ['POST', '/user/checkoutpayment', 'pay'],
    ['POST', '/user/posttransactionpayfast/BAL-1/2/3', 'pay'],
    ['POST', '/user/verifycartcoupon', 'coupon'],
    ['DELETE', '/user/cart/1/0', 'cart'],
    ['PUT', '/user/resign/1/0', 'sign'],
    ['POST', '/session/v2/packet', 'upload'],
    ['POST', '/user/uploadbook', 'upload'],
    ['POST', '/user/bulkcalculate', 'upload'],
    ['POST', '/user/bulkcalculate/batch', 'upload'],
    ['POST', '/authO/login', 'account'],
    ['PUT', '/user/pwd', 'account'],
    ['POST', '/user/adduser', 'account'],
    ['POST', '/user/getquote', 'answer'],
  ] as const)('%s %s fails at once with the %s message', (_method, path, reason) => {
    expect(neverQueuedReason(path)).toBe(reason);
  });

  it('the queueable changes of the remotes are not on the list', () => {
    for (const path of [
      '/user/edituser',
      '/user/requestchange',
      '/user/archivebook/4/0',
      '/user/deletebook/4/0',
      '/user/initiallogin',
      '/user/loginnotifications',
      '/chat/user/sendmsg',
      '/user/uploadbookaudiox',
    ]) {
      expect(neverQueuedReason(path)).toBeNull();
    }
    expect(NEVER_QUEUED.length).toBeGreaterThan(10);
  });

  it('a payment offline is refused with "A connection is needed to pay" and not queued', async () => {
    installFakeFetch(offlineFailure);

    const error: unknown = await client
      .POST('/user/createtransaction', { body: {} as never })
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0, code: OFFLINE_ERROR_CODE, message: OFFLINE_REQUIRED_MESSAGES.pay });
    expect(alertMessage(error)).toBe('You are offline. A connection is needed to pay.');
    expect(queued).toHaveLength(0);
    expect(alertTexts()).toEqual([]);
  });

  it('an upload offline is refused with "A connection is needed to upload"', async () => {
    setBrowserOnline(false);
    const log = installFakeFetch(() => ({ status: 200, body: {} }));

    await expect(client.POST('/user/uploadbookaudio', { body: {} as never })).rejects.toMatchObject({
      message: 'You are offline. A connection is needed to upload.',
    });
    expect(log).toHaveLength(0);
    expect(queued).toHaveLength(0);
  });
});

describe('sendQueuedRequest (the replay)', () => {
  it('sends the stored change with its key and a fresh token, refreshing an expired one first', async () => {
    const fresh = fakeJwt(600, { fresh: true });
    setTokens({ accessToken: fakeJwt(-60), refreshToken: fakeJwt(3600) });
    const log = installFakeFetch((request) =>
      request.path === '/authO/refresh'
        ? { status: 200, body: { accessToken: fresh, refreshToken: fakeJwt(3600, { r: 2 }) } }
        : { status: 200, body: { statusCode: 0 } },
    );

    const response = await sendQueuedRequest({
      method: 'PUT',
      url: 'http://localhost/api/v1/user/edituser',
      body: '{"name_first":"Lindiwe"}',
      contentType: 'application/json',
      idempotencyKey: 'key-1',
    });

    expect(response.status).toBe(200);
    expect(log.map((request) => request.path)).toEqual(['/authO/refresh', '/user/edituser']);
    expect(log[1]).toMatchObject({ method: 'PUT', authorization: `Bearer ${fresh}`, body: { name_first: 'Lindiwe' } });
    expect(log[1]?.headers['idempotency-key']).toBe('key-1');
  });

  it('on a 401 refreshes and sends the stored change again, with its body and key', async () => {
    const fresh = fakeJwt(600, { fresh: 'replay' });
    const log = installFakeFetch((request) => {
      if (request.path === '/authO/refresh')
        return { status: 200, body: { accessToken: fresh, refreshToken: fakeJwt(3600, { r: 3 }) } };
      return request.authorization === `Bearer ${fresh}`
        ? { status: 200, body: { statusCode: 0 } }
        : { status: 401, body: { message: 'Unauthorized' } };
    });

    const response = await sendQueuedRequest({
      method: 'PUT',
      url: 'http://localhost/api/v1/user/edituser',
      body: '{"name_first":"Zanele"}',
      contentType: 'application/json',
      idempotencyKey: 'key-3',
    });

    expect(response.status).toBe(200);
    const edits = log.filter((request) => request.path === '/user/edituser');
    expect(edits.map((request) => [request.body, request.headers['idempotency-key']])).toEqual([
      [{ name_first: 'Zanele' }, 'key-3'],
      [{ name_first: 'Zanele' }, 'key-3'],
    ]);
  });

  it('rejects on a network failure and queues nothing again', async () => {
    installFakeFetch(offlineFailure);

    await expect(
      sendQueuedRequest({
        method: 'DELETE',
        url: 'http://localhost/api/v1/user/archivebook/4/0',
        body: null,
        contentType: null,
        idempotencyKey: 'key-2',
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(queued).toHaveLength(0);
  });
});
