import { screen } from '@testing-library/react';
import { ROUTES, type RemoteName } from '@pod/shared-contracts';
import { rememberLoadedRemotes, resetLoadedRemotes } from '../../pwa/version-watch';
import { renderApp } from '../../test-support/render-app';
import {
  createRemoteEventReporter,
  MAX_EVENTS_PER_BATCH,
  remoteEvents,
  REMOTE_EVENTS_URL,
  routePattern,
  sendBatch,
  type RemoteEventReporterOptions,
} from '../remote-events';
import { createRemoteLoader, type LoadEvents } from '../remote-loader';
import { recordServedVersions, type ServedVersion } from '../served-versions';

type Batch = { environment: string; events: Array<Record<string, unknown>> };

/**
 * The route shape the server accepts (openapi/server/src/domain/remote-events.ts, isRoutePattern;
 * the host may not import the server, so the rule is repeated here to hold the two together).
 */
const SERVER_ROUTE_SHAPE = /^(?:\/|(?:\/(?:[a-z][a-z-]{0,23}|:[a-z]{1,16})){1,8})$/;

describe('routePattern: the only part of the address that is reported', () => {
  it("is the route table's pattern where one matches: ids never leave the browser", () => {
    expect(routePattern('/books/local/1234')).toBe('/books/:region/:id');
    expect(routePattern('/checkout/cart')).toBe('/checkout/cart');
    expect(routePattern('/login')).toBe('/login');
    expect(routePattern('/')).toBe('/');
  });

  it('replaces every segment that is not a short lowercase word by :id (splat rests and unknown paths)', () => {
    expect(routePattern('/register/step-two')).toBe('/register/step-two');
    expect(routePattern('/register/9f8e7d6c')).toBe('/register/:id');
    expect(routePattern('/nowhere/someone%40example.com/42')).toBe('/nowhere/:id/:id');
    expect(routePattern('/nowhere/eyJhbGciOiJIUzI1NiJ9')).toBe('/nowhere/:id');
    expect(routePattern('/nowhere/aVeryLongButLowercaseless')).toBe('/nowhere/:id');
    expect(routePattern('/nowhere/abcdefghijklmnopqrstuvwxyz')).toBe('/nowhere/:id');
    expect(routePattern('/a/b/c/d/e/f/g/h/i/j')).toBe('/a/b/c/d/e/f/g/h');
  });

  it('always gives a shape the server accepts, for every route of the table and odd addresses', () => {
    const samples = [
      ...ROUTES.map((route) => route.pattern.replace(/:[a-z]+/gi, '12').replace(/\*$/, 'x/Y/1')),
      '/',
      '//',
      '/%20',
      '/a//b/',
      '/UPPER',
      '/ünïcode',
    ];
    for (const pathname of samples) expect(routePattern(pathname)).toMatch(SERVER_ROUTE_SHAPE);
  });
});

describe('createRemoteEventReporter', () => {
  const served: Partial<Record<RemoteName, ServedVersion>> = {
    remote_checkout: { version: '1.4.0', channel: 'canary' },
    remote_account: { version: '0.1.0', channel: 'stable' },
  };
  let sent: Batch[];
  let path: string;
  const reporter = (options: RemoteEventReporterOptions = {}) =>
    createRemoteEventReporter({
      servedVersion: (remote) => served[remote],
      environment: () => 'staging',
      pathname: () => path,
      send: (batch) => sent.push(batch as Batch),
      ...options,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    path = '/checkout/cart';
  });
  afterEach(() => jest.useRealTimers());

  it('adds up equal events and sends them in one batch after the delay', () => {
    const events = reporter();
    events.record('remote_checkout', 'load-failure');
    events.record('remote_checkout', 'load-failure');
    path = '/login';
    events.record('remote_account', 'load');
    jest.advanceTimersByTime(4_999);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([
      {
        environment: 'staging',
        events: [
          {
            remote: 'remote_checkout',
            version: '1.4.0',
            channel: 'canary',
            route: '/checkout/cart',
            kind: 'load-failure',
            count: 2,
          },
          { remote: 'remote_account', version: '0.1.0', channel: 'stable', route: '/login', kind: 'load', count: 1 },
        ],
      },
    ]);
    jest.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when the page is left (pagehide) or hidden', () => {
    const events = reporter();
    events.record('remote_checkout', 'render-error');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    events.record('remote_checkout', 'load');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    expect(sent.map((batch) => batch.events[0]?.kind)).toEqual(['render-error', 'load']);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
  });

  it('caps what one page reports, and splits a flush into batches of the contract size', () => {
    const events = reporter({ maxEventsPerPage: 25 });
    for (let index = 0; index < 30; index += 1) {
      path = `/nowhere/${'abcdefghijklmnopqrstuvwxyz'.slice(0, 1 + index)}`;
      events.record('remote_checkout', 'load');
    }
    events.flush();
    expect(sent.map((batch) => batch.events.length)).toEqual([MAX_EVENTS_PER_BATCH, 5]);
    events.record('remote_checkout', 'load');
    events.flush();
    expect(sent).toHaveLength(2);
  });

  it('reports nothing it could not attribute: no served version, a version the server cannot count, no environment', () => {
    reporter().record('remote_library', 'load');
    reporter({ servedVersion: () => ({ version: '1.4.0-rc.1', channel: 'canary' }) }).record('remote_checkout', 'load');
    reporter({ environment: () => undefined }).record('remote_checkout', 'load');
    jest.runAllTimers();
    expect(sent).toEqual([]);
  });

  it('never throws, whatever fails underneath', () => {
    const failing = reporter({
      send: () => {
        throw new Error('send failed');
      },
    });
    failing.record('remote_checkout', 'load');
    expect(() => failing.flush()).not.toThrow();
    const broken = reporter({
      servedVersion: () => {
        throw new Error('no versions');
      },
    });
    expect(() => broken.record('remote_checkout', 'load')).not.toThrow();
  });
});

describe('sendBatch', () => {
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('POSTs JSON with keepalive and no credentials, and swallows failures', async () => {
    const fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    globalThis.fetch = fetch;
    const batch = { environment: 'staging', events: [] };
    sendBatch(batch);
    expect(fetch).toHaveBeenCalledWith(REMOTE_EVENTS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
      keepalive: true,
      credentials: 'omit',
    });
    expect(REMOTE_EVENTS_URL).toMatch(/\/api\/v1\/monitoring\/remote-events$/);
    await Promise.resolve();
    globalThis.fetch = jest.fn(() => {
      throw new TypeError('keepalive quota exceeded');
    });
    expect(() => sendBatch(batch)).not.toThrow();
  });
});

describe('the loader reports how each module load ends', () => {
  it('load when the module arrives, load-failure when it does not (a module without a component too)', async () => {
    const events: LoadEvents & { log: string[] } = {
      log: [],
      loaded(remote) {
        this.log.push(`load ${remote}`);
      },
      failed(remote, error) {
        this.log.push(`load-failure ${remote}: ${(error as Error).message}`);
      },
    };
    const loader = createRemoteLoader(async (id) => {
      if (id === 'remote_library/App') return { default: () => null };
      if (id === 'remote_wizard/App') return { nothing: true };
      throw new Error(`${id} is gone`);
    }, events);
    await loader.prepare('remote_library', './App', '/dashboard');
    await expect(loader.prepare('remote_checkout', './App', '/checkout/cart')).rejects.toThrow('is gone');
    await expect(loader.prepare('remote_wizard', './App', '/new-book')).rejects.toThrow('did not provide a component');
    // Loaded once per module until a retry resets it.
    await loader.prepare('remote_library', './App', '/books');
    expect(events.log).toEqual([
      'load remote_library',
      'load-failure remote_checkout: remote_checkout/App is gone',
      'load-failure remote_wizard: remote_wizard/App did not provide a component',
    ]);
  });
});

describe('reports from the portal (the real reporter, fetch faked)', () => {
  const originalFetch = globalThis.fetch;
  let fetch: jest.Mock;
  const sentEvents = () =>
    fetch.mock.calls.flatMap(([, init]: [string, RequestInit]) => (JSON.parse(init.body as string) as Batch).events);

  beforeEach(() => {
    fetch = jest.fn().mockResolvedValue(new Response(null, { status: 204 }));
    globalThis.fetch = fetch;
    rememberLoadedRemotes({ environment: 'staging', remotes: {} });
    // The tests' router is in memory; in the browser the address is the route.
    window.history.pushState({}, '', '/login');
    recordServedVersions([['remote_account', { version: '8.0.0', channel: 'canary' }]]);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    remoteEvents.flush();
    globalThis.fetch = originalFetch;
    resetLoadedRemotes();
    window.history.pushState({}, '', '/');
    jest.restoreAllMocks();
  });

  it('a remote that fails to load: its boundary shows the failure and one load-failure is reported, not a render error', async () => {
    renderApp('/login', {
      importer: async (id) => {
        throw new Error(`${id}: remoteEntry.js answered HTTP 404`);
      },
    });
    expect(await screen.findByRole('heading', { name: /could not be loaded/ })).toBeInTheDocument();
    remoteEvents.flush();
    expect(sentEvents()).toEqual([
      {
        remote: 'remote_account',
        version: '8.0.0',
        channel: 'canary',
        route: '/login',
        kind: 'load-failure',
        count: 1,
      },
    ]);
  });

  it('a remote that crashes while rendering: load, then one render error', async () => {
    renderApp('/login', {
      importer: async () => ({
        default: () => {
          throw new Error('undefined is not a function');
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: /could not be loaded/ })).toBeInTheDocument();
    remoteEvents.flush();
    expect(sentEvents()).toEqual([
      { remote: 'remote_account', version: '8.0.0', channel: 'canary', route: '/login', kind: 'load', count: 1 },
      {
        remote: 'remote_account',
        version: '8.0.0',
        channel: 'canary',
        route: '/login',
        kind: 'render-error',
        count: 1,
      },
    ]);
    expect(JSON.stringify(fetch.mock.calls)).not.toContain('undefined is not a function');
  });
});
