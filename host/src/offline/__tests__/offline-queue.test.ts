import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import {
  alertsAtom,
  client,
  CONNECTION_RESTORED,
  hydrateSession,
  QueuedOfflineError,
  logout,
  QUEUED_ALERTS,
  queryKeys,
  reportApiReachable,
  sessionStore,
  setCurrentUser,
  setNavigator,
  setOfflineQueue,
  setTokens,
  type User,
} from '@pod/shared-contracts';
import { fakeJwt, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { CHANGE_REFUSED_TITLE, createOfflineQueue, progressMessage } from '../offline-queue';
import { createOfflineStore, type OfflineStore, type QueuedChange } from '../offline-store';
import { createQueryPersistence } from '../query-persistence';
import { startOffline, type OfflineSupport } from '../start-offline';

const THANDI = { id: 7, email: 'thandi@example.co.za', name_first: 'Thandi' } as User;
const SIPHO = { id: 8, email: 'sipho@example.co.za', name_first: 'Sipho' } as User;
const EDIT = { name_first: 'Lindiwe', name_last: 'Nkosi', phone_main: '+27821234567' };

let factory: IDBFactory;
let store: OfflineStore;
let support: OfflineSupport | undefined;
let online: boolean;

const alerts = () => sessionStore.get(alertsAtom);
const changesSent = (log: RecordedRequest[]) => log.filter((request) => !request.path.startsWith('/authO'));

function setBrowserOnline(value: boolean): void {
  online = value;
}

/** The shared client against a network that is down while `online` is false. */
function network(answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>): RecordedRequest[] {
  return installFakeFetch((request) => (online ? answer(request) : new TypeError('Failed to fetch')));
}

async function start(): Promise<OfflineSupport> {
  support = await startOffline({
    queryClient: new QueryClient(),
    store,
    persistence: createQueryPersistence({ factory }),
    withLock: (work) => work(),
  });
  // The start-up replay (online) has run before the test goes on.
  await support.queue.replay();
  return support;
}

/** Makes the two changes of the journey while offline: they are queued. */
async function makeTwoChangesOffline(): Promise<void> {
  setBrowserOnline(false);
  const archive = client.DELETE('/user/archivebook/{id}/{flag}', { params: { path: { id: 11, flag: 0 } } });
  await expect(archive).rejects.toBeInstanceOf(QueuedOfflineError);
  await expect(client.PUT('/user/edituser', { body: EDIT })).rejects.toBeInstanceOf(QueuedOfflineError);
}

beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
  setBrowserOnline(true);
  reportApiReachable(true);
  factory = new IDBFactory();
  store = createOfflineStore(factory);
  setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
  setCurrentUser(THANDI);
  setNavigator(jest.fn());
});

afterEach(() => {
  support?.stop();
  support = undefined;
  setOfflineQueue(null);
});

describe('the offline queue', () => {
  it('keeps the changes in order, without tokens, and replays them one at a time with their keys', async () => {
    const inFlight: string[] = [];
    let overlap = false;
    const log = network(async (request) => {
      if (inFlight.length > 0) overlap = true;
      inFlight.push(request.path);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight.pop();
      return { status: 200, body: { statusCode: 0, description: 'ok' } };
    });
    const { queue } = await start();

    await makeTwoChangesOffline();
    const stored = await store.list();
    expect(stored.map((change) => [change.method, change.alert, change.userId])).toEqual([
      ['DELETE', 'delete', 7],
      ['PUT', 'update', 7],
    ]);
    expect(JSON.stringify(stored)).not.toMatch(/Bearer|accessToken|refreshToken/);
    expect(alerts().map((alert) => alert.message)).toEqual([QUEUED_ALERTS.delete, QUEUED_ALERTS.update]);

    setBrowserOnline(true);
    const outcome = await queue.replay();

    expect(outcome).toMatchObject({ sent: 2, remaining: 0, stopped: null });
    expect(overlap).toBe(false);
    expect(changesSent(log).map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /user/archivebook/11/0',
      'PUT /user/edituser',
    ]);
    expect(changesSent(log).map((request) => request.headers['idempotency-key'])).toEqual(
      stored.map((change) => change.idempotencyKey),
    );
    expect(changesSent(log)[1]?.body).toEqual(EDIT);
    expect(await store.count()).toBe(0);
    // The queued alerts are resolved; 'Connection restored' says what was sent.
    expect(alerts()).toEqual([
      expect.objectContaining({ variant: 'success', title: CONNECTION_RESTORED, message: 'All 2 changes were sent.' }),
    ]);
  });

  it('survives a reload: a new store on the same database finds the changes and replays them', async () => {
    network(() => ({ status: 200, body: { statusCode: 0 } }));
    await start();
    await makeTwoChangesOffline();
    support?.stop();

    // The page is loaded again (still offline): nothing is lost, nothing is sent.
    const reopened = createOfflineStore(factory);
    expect(await reopened.count()).toBe(2);
    store = reopened;
    const log = network(() => ({ status: 200, body: { statusCode: 0 } }));
    await start();
    expect(changesSent(log)).toHaveLength(0);
    expect(await reopened.count()).toBe(2);

    // Back online: the 'online' event replays them.
    setBrowserOnline(true);
    window.dispatchEvent(new Event('online'));
    await waitUntil(async () => (await reopened.count()) === 0);
    expect(changesSent(log).map((request) => request.path)).toEqual(['/user/archivebook/11/0', '/user/edituser']);
  });

  it('keeps one Idempotency-Key per change across the failed attempt and the replay', async () => {
    const { queue } = await start();
    online = true;
    let down = true;
    const log = installFakeFetch((): FakeAnswer =>
      down ? new TypeError('Failed to fetch') : { status: 200, body: {} },
    );

    // navigator.onLine is true, but the request fails on the way: it is queued after trying.
    await expect(client.PUT('/user/edituser', { body: EDIT })).rejects.toBeInstanceOf(QueuedOfflineError);
    down = false;
    await queue.replay();

    const edits = log.filter((request) => request.path === '/user/edituser');
    expect(edits).toHaveLength(2);
    expect(edits[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(edits[1]?.headers['idempotency-key']).toBe(edits[0]?.headers['idempotency-key']);
  });

  it('refreshes an expired access token before the replayed request', async () => {
    const { queue } = await start();
    network(() => ({ status: 200, body: {} }));
    await makeTwoChangesOffline();
    // Hours later the access token has expired.
    setTokens({ accessToken: fakeJwt(-60), refreshToken: fakeJwt(3600) });
    const fresh = fakeJwt(600, { fresh: true });
    setBrowserOnline(true);
    const log = network((request) =>
      request.path === '/authO/refresh'
        ? { status: 200, body: { accessToken: fresh, refreshToken: fakeJwt(3600, { r: 2 }) } }
        : { status: 200, body: { statusCode: 0 } },
    );

    await queue.replay();

    expect(log[0]?.path).toBe('/authO/refresh');
    expect(changesSent(log).map((request) => request.authorization)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
  });

  it('stops when the network fails again and keeps the rest, in order', async () => {
    const { queue } = await start();
    network(() => ({ status: 200, body: {} }));
    await makeTwoChangesOffline();
    setBrowserOnline(false);
    await expect(client.POST('/user/initiallogin', { body: { initial_login: 1 } })).rejects.toBeInstanceOf(
      QueuedOfflineError,
    );
    setBrowserOnline(true);
    let answered = 0;
    const log = installFakeFetch((): FakeAnswer => {
      answered += 1;
      return answered === 1 ? { status: 200, body: {} } : new TypeError('Failed to fetch');
    });

    const outcome = await queue.replay();

    expect(outcome).toMatchObject({ sent: 1, remaining: 2, stopped: 'network' });
    expect(log).toHaveLength(2);
    expect((await store.list()).map((change) => change.url.replace(/^.*\/api\/v1/, ''))).toEqual([
      '/user/edituser',
      '/user/initiallogin',
    ]);
    expect(alerts().some((alert) => alert.message.startsWith('Sending'))).toBe(false);
  });

  it("removes a change the server refused (4xx) and shows the server's message", async () => {
    const { queue } = await start();
    network(() => ({ status: 200, body: {} }));
    await makeTwoChangesOffline();
    setBrowserOnline(true);
    const log = network((request) =>
      request.path.startsWith('/user/archivebook')
        ? { status: 409, body: { statusCode: 409, message: 'This book is already cancelled.' } }
        : { status: 200, body: { statusCode: 0 } },
    );

    const outcome = await queue.replay();

    expect(outcome).toMatchObject({ sent: 1, refused: 1, remaining: 0 });
    expect(changesSent(log)).toHaveLength(2);
    expect(await store.count()).toBe(0);
    expect(alerts()).toContainEqual(
      expect.objectContaining({
        variant: 'danger',
        title: CHANGE_REFUSED_TITLE,
        message: 'This book is already cancelled.',
      }),
    );
  });

  it('keeps the queue and stops on a server error (5xx), to send it again later', async () => {
    const { queue } = await start();
    network(() => ({ status: 200, body: {} }));
    await makeTwoChangesOffline();
    setBrowserOnline(true);
    network(() => ({ status: 503, body: { message: 'Service unavailable' } }));

    const outcome = await queue.replay();

    expect(outcome).toMatchObject({ sent: 0, remaining: 2, stopped: 'server' });
    expect(await store.count()).toBe(2);
  });

  it("drops another user's changes: they are never sent", async () => {
    const { queue } = await start();
    network(() => ({ status: 200, body: {} }));
    const other: QueuedChange = {
      method: 'DELETE',
      url: 'http://localhost/api/v1/user/deletebook/99/0',
      body: null,
      contentType: null,
      idempotencyKey: 'someone-else',
      alert: 'delete',
      createdAt: 1,
      userId: SIPHO.id,
    };
    await store.add(other);
    await makeTwoChangesOffline();
    setBrowserOnline(true);
    const log = network(() => ({ status: 200, body: {} }));

    await queue.replay();

    expect(changesSent(log).map((request) => request.path)).toEqual(['/user/archivebook/11/0', '/user/edituser']);
    expect(await store.count()).toBe(0);
  });

  it('a sign-in as another user forgets the last user’s changes', async () => {
    network(() => ({ status: 200, body: {} }));
    await start();
    await makeTwoChangesOffline();

    setCurrentUser(SIPHO);

    await waitUntil(async () => (await store.count()) === 0);
  });

  it('logout clears the queue', async () => {
    network(() => ({ status: 200, body: {} }));
    await start();
    await makeTwoChangesOffline();
    expect(await store.count()).toBe(2);

    await logout();

    await waitUntil(async () => (await store.count()) === 0);
  });

  it('starts from the saved data only when the page opens offline, and marks it stale', async () => {
    network(() => ({ status: 200, body: {} }));
    const persistence = createQueryPersistence({ factory });
    const seen = new QueryClient();
    seen.setQueryData(queryKeys.cart(), { items: ['paid since'] });
    await persistence.save(seen, THANDI.id);
    const open = async (offline: boolean) => {
      setBrowserOnline(!offline);
      const queryClient = new QueryClient();
      support?.stop();
      support = await startOffline({ queryClient, store, persistence, withLock: (work) => work() });
      return queryClient;
    };

    // Online, the server's answer is the truth: the cart saved before a payment is not shown.
    expect((await open(false)).getQueryData(queryKeys.cart())).toBeUndefined();

    const offline = await open(true);
    expect(offline.getQueryData(queryKeys.cart())).toEqual({ items: ['paid since'] });
    expect(offline.getQueryState(queryKeys.cart())?.isInvalidated).toBe(true);
  });

  it('replays at start-up when the queue is not empty and the browser is online, then invalidates the queries', async () => {
    network(() => ({ status: 200, body: {} }));
    await start();
    await makeTwoChangesOffline();
    support?.stop();
    setBrowserOnline(true);
    const log = network(() => ({ status: 200, body: { statusCode: 0 } }));
    const queryClient = new QueryClient();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    support = await startOffline({
      queryClient,
      store,
      persistence: createQueryPersistence({ factory }),
      withLock: (work) => work(),
    });

    await waitUntil(async () => (await store.count()) === 0);
    await waitUntil(async () => invalidate.mock.calls.length > 0);
    expect(changesSent(log)).toHaveLength(2);
  });

  it('shows the progress "Connection restored" with "Sending 1 of 2 changes…"', async () => {
    const { queue } = await start();
    network(() => ({ status: 200, body: {} }));
    await makeTwoChangesOffline();
    setBrowserOnline(true);
    const seen: string[] = [];
    network(() => {
      const progress = alerts().find((alert) => alert.title === CONNECTION_RESTORED);
      if (progress) seen.push(progress.message);
      return { status: 200, body: {} };
    });

    await queue.replay();

    expect(seen).toEqual([progressMessage(1, 2), progressMessage(2, 2)]);
    expect(seen[0]).toBe('Sending 1 of 2 changes…');
  });

  it('one replay at a time: a second call while one runs shares it; a held lock skips', async () => {
    network(() => ({ status: 200, body: {} }));
    const queue = createOfflineQueue({ store, currentUserId: () => 7, withLock: async () => null });
    await store.add({ ...(await queuedEdit()), userId: 7 });

    const outcome = await queue.replay();

    expect(outcome.skipped).toBe(true);
    expect(await store.count()).toBe(1);
  });
});

async function queuedEdit(): Promise<Omit<QueuedChange, 'userId'>> {
  return {
    method: 'PUT',
    url: 'http://localhost/api/v1/user/edituser',
    body: JSON.stringify(EDIT),
    contentType: 'application/json',
    idempotencyKey: 'k-1',
    alert: 'update',
    createdAt: Date.now(),
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the offline store', () => {
  it('creates its one store even when the database was first opened bare (e.g. by someone counting)', async () => {
    await new Promise<void>((resolve, reject) => {
      const open = factory.open('pod-offline');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });

    await store.add({ ...(await queuedEdit()), userId: 7 });

    expect(await store.count()).toBe(1);
  });
});
