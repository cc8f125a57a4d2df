import { fakeJwt, installFakeFetch, type RecordedRequest } from '@pod/shared-contracts/testing';
import { logout, setCurrentUser, setNavigator, setTokens, type User } from '@pod/shared-contracts';
import { base64UrlToBytes, subscribeToPush, unsubscribeFromPush } from '../push-subscription';
import { startPushSync } from '../push-sync';

// A real P-256 public key shape: 65 bytes, base64url without padding (87 characters).
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const OTHER_KEY = `B${'Q'.repeat(86)}`;
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPpKey', auth: 'authKey' },
};

/** A PushManager as the browser has it, with the subscription it hands out. */
function fakeBrowser({ existingKey }: { existingKey?: string } = {}) {
  const made = (key: Uint8Array) => {
    const subscription = {
      endpoint: SUBSCRIPTION_JSON.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => structuredClone(SUBSCRIPTION_JSON),
      unsubscribe: jest.fn(async () => {
        current = null;
        return true;
      }),
    };
    return subscription;
  };
  let current: ReturnType<typeof made> | null = existingKey ? made(base64UrlToBytes(existingKey)) : null;
  const first = current;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (options: PushSubscriptionOptionsInit) => {
      current = made(options.applicationServerKey as Uint8Array);
      return current;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const container = {
    ready: Promise.resolve(registration),
    getRegistration: jest.fn(async () => registration),
  } as unknown as ServiceWorkerContainer;
  return { container, pushManager, first, current: () => current };
}

function api(publicKeyStatus = 200) {
  return installFakeFetch((request: RecordedRequest) => {
    if (request.path === '/push/publickey') {
      return publicKeyStatus === 200
        ? { status: 200, body: { publicKey: PUBLIC_KEY } }
        : {
            status: publicKeyStatus,
            body: { statusCode: 404, code: 'PUSH_DISABLED', message: 'Push notifications are not available.' },
          };
    }
    if (request.path === '/push/subscriptions' && request.method === 'POST') {
      return { status: 201, body: { statusCode: 0, description: 'Saved' } };
    }
    if (request.path === '/push/subscriptions' && request.method === 'DELETE') {
      return { status: 200, body: { statusCode: 0, description: 'Deleted' } };
    }
    if (request.path === '/authO/logout') return { status: 200, body: { statusCode: 0, description: 'Logged out' } };
    return { status: 404, body: {} };
  });
}

const granted = () => 'granted' as const;
const calls = (log: RecordedRequest[]) => log.map((request) => `${request.method} ${request.path}`);

beforeEach(() => {
  setTokens({ accessToken: fakeJwt(600), refreshToken: fakeJwt(3600) });
});

afterEach(() => {
  setTokens(null);
  setCurrentUser(null);
});

describe('subscribeToPush', () => {
  it("subscribes with the API's VAPID key and POSTs toJSON() to /push/subscriptions", async () => {
    const log = api();
    const browser = fakeBrowser();

    await expect(
      subscribeToPush({ container: browser.container, permission: granted, serviceUrl: null }),
    ).resolves.toBe('subscribed');

    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(PUBLIC_KEY),
    });
    expect(base64UrlToBytes(PUBLIC_KEY)).toHaveLength(65);
    expect(calls(log)).toEqual(['GET /push/publickey', 'POST /push/subscriptions']);
    expect(log[1]?.body).toEqual(SUBSCRIPTION_JSON);
    expect(log[1]?.authorization).toMatch(/^Bearer /);
  });

  it('never asks for permission: without a grant nothing is requested', async () => {
    const log = api();
    const browser = fakeBrowser();
    for (const permission of ['default', 'denied'] as const) {
      await expect(subscribeToPush({ container: browser.container, permission: () => permission })).resolves.toBe(
        'not-permitted',
      );
    }
    await expect(subscribeToPush({ container: browser.container, permission: () => undefined })).resolves.toBe(
      'unsupported',
    );
    await expect(subscribeToPush({ container: undefined, permission: granted })).resolves.toBe('unsupported');
    expect(log).toEqual([]);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('does nothing when push is switched off (404 on the public key)', async () => {
    const log = api(404);
    const browser = fakeBrowser();
    await expect(subscribeToPush({ container: browser.container, permission: granted })).resolves.toBe('disabled');
    expect(calls(log)).toEqual(['GET /push/publickey']);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('keeps a subscription made with the same key, replaces one made with another', async () => {
    api();
    const same = fakeBrowser({ existingKey: PUBLIC_KEY });
    await subscribeToPush({ container: same.container, permission: granted, serviceUrl: null });
    expect(same.pushManager.subscribe).not.toHaveBeenCalled();

    const other = fakeBrowser({ existingKey: OTHER_KEY });
    await subscribeToPush({ container: other.container, permission: granted, serviceUrl: null });
    expect(other.first?.unsubscribe).toHaveBeenCalled();
    expect(other.pushManager.subscribe).toHaveBeenCalled();
  });

  it('sends to the configured push service URL instead, without the API token', async () => {
    const log = api();
    const seen: Request[] = [];
    const apiFetch = globalThis.fetch;
    globalThis.fetch = (async (request: Request) => {
      if (request.url.startsWith('https://push-service.example/')) {
        seen.push(request);
        return new Response(null, { status: 201 });
      }
      return apiFetch(request);
    }) as typeof fetch;
    const browser = fakeBrowser();

    await subscribeToPush({
      container: browser.container,
      permission: granted,
      serviceUrl: 'https://push-service.example/subscriptions',
    });

    expect(calls(log)).toEqual(['GET /push/publickey']);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('Authorization')).toBeNull();
    expect(await seen[0]?.json()).toEqual(SUBSCRIPTION_JSON);
  });
});

describe('unsubscribeFromPush', () => {
  it('deletes the endpoint on the server, then unsubscribes the browser', async () => {
    const log = api();
    const browser = fakeBrowser({ existingKey: PUBLIC_KEY });
    await unsubscribeFromPush({ container: browser.container, serviceUrl: null });
    expect(calls(log)).toEqual(['DELETE /push/subscriptions']);
    expect(log[0]?.body).toEqual({ endpoint: SUBSCRIPTION_JSON.endpoint });
    expect(browser.first?.unsubscribe).toHaveBeenCalled();
  });

  it('without a subscription there is nothing to do', async () => {
    const log = api();
    await unsubscribeFromPush({ container: fakeBrowser().container, serviceUrl: null });
    expect(log).toEqual([]);
  });
});

describe('startPushSync', () => {
  it('subscribes once a user signs in and unsubscribes at logout, before the session ends', async () => {
    const log = api();
    const browser = fakeBrowser();
    setNavigator(jest.fn());
    const stop = startPushSync({ container: browser.container, permission: granted, serviceUrl: null });
    expect(log).toEqual([]);

    setCurrentUser({ email: 'a@b.co', name_first: 'Thandi' } as User);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls(log)).toEqual(['GET /push/publickey', 'POST /push/subscriptions']);

    await logout();
    stop();

    expect(calls(log).slice(2)).toEqual(['DELETE /push/subscriptions', 'DELETE /authO/logout']);
    expect(log[2]?.authorization).toMatch(/^Bearer /);
    expect(browser.current()).toBeNull();
  });
});
