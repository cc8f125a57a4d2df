import { QA_PINS_STORAGE_KEY } from '@pod/shared-contracts';
import {
  PINS_STORAGE_KEY,
  preloadsFromManifest,
  startEarlyLoading,
  takeEarlyManifest,
  takeEarlyRemotesConfig,
  type EarlyLoadingEnvironment,
} from '../early-loading';
import { applyPins } from '../apply-pins';
import { shareBucket } from '../release-share';
import { fetchRemotesConfig } from '../remote-registry';
import { fetchManifest } from '../retry-plugin';

const ORIGIN = 'https://portal.test';
const MANIFEST_URL = `${ORIGIN}/remotes/remote-account/0.2.0/mf-manifest.json`;
const CONFIG = {
  environment: 'local',
  remotes: {
    remote_account: { entry: '/remotes/remote-account/0.2.0/mf-manifest.json', version: '0.2.0' },
    remote_library: { entry: '/remotes/remote-library/0.1.0/mf-manifest.json', version: '0.1.0' },
  },
};
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'ChatPanel', path: './ChatPanel', assets: { js: { sync: ['chat.1.js'] }, css: { sync: [] } } },
    { name: 'App', path: './App', assets: { js: { sync: ['src_app.2.js'] }, css: { sync: ['src_app.3.css'] } } },
  ],
};

function environment(
  path: string,
  storage: Record<string, string> = {},
  { config = CONFIG as object, releaseKey = 'browser-1' } = {},
) {
  const fetchImpl = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/remotes.json') return new Response(JSON.stringify(config), { status: 200 });
    if (url.endsWith('/mf-manifest.json') && !url.includes('/404/'))
      return new Response(JSON.stringify(MANIFEST), { status: 200 });
    return new Response('not found', { status: 404 });
  });
  const url = new URL(path, ORIGIN);
  const env: EarlyLoadingEnvironment = {
    fetchImpl: fetchImpl as unknown as typeof fetch,
    location: { pathname: url.pathname, search: url.search, href: url.href } as Location,
    document,
    storage: { getItem: (key: string) => storage[key] ?? null } as Storage,
    releaseStorage: { getItem: () => releaseKey, setItem: () => undefined },
  };
  return { env, fetchImpl };
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.href, link.as]);

afterEach(() => {
  document.head.innerHTML = '';
  takeEarlyRemotesConfig();
  takeEarlyManifest(MANIFEST_URL);
});

describe('startEarlyLoading', () => {
  it("fetches remotes.json, the route's manifest, and preloads remoteEntry.js and ./App's first files", async () => {
    const { env, fetchImpl } = environment('/login?next=%2Fbooks');

    await startEarlyLoading(env);

    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json');
    expect(fetchImpl).toHaveBeenCalledWith(MANIFEST_URL, { cache: 'no-cache' });
    expect(preloads()).toEqual([
      [`${ORIGIN}/remotes/remote-account/0.2.0/remoteEntry.js`, 'script'],
      [`${ORIGIN}/remotes/remote-account/0.2.0/src_app.2.js`, 'script'],
      [`${ORIGIN}/remotes/remote-account/0.2.0/src_app.3.css`, 'style'],
    ]);
  });

  it('hands its answers to the registry and the retry plugin once, then they ask the network', async () => {
    const { env, fetchImpl } = environment('/login');
    await startEarlyLoading(env);
    const later = jest.fn(async () => new Response(JSON.stringify(CONFIG), { status: 200 }));

    await expect(fetchRemotesConfig(later as unknown as typeof fetch)).resolves.toEqual(CONFIG);
    expect(later).not.toHaveBeenCalled();
    await fetchRemotesConfig(later as unknown as typeof fetch);
    expect(later).toHaveBeenCalledTimes(1);

    const manifestFetch = jest.fn(async () => new Response(JSON.stringify(MANIFEST), { status: 200 }));
    const options = { fetchImpl: manifestFetch as unknown as typeof fetch, retries: 0 };
    await expect((await fetchManifest(MANIFEST_URL, {}, options)).json()).resolves.toEqual(MANIFEST);
    expect(manifestFetch).not.toHaveBeenCalled();
    await fetchManifest(MANIFEST_URL, {}, options);
    expect(manifestFetch).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a host screen', '/', {}],
    ['a pin link', '/login?pin=account@0.1.0', {}],
    ['stored QA pins', '/login', { [PINS_STORAGE_KEY]: 'account@0.1.0' }],
  ])('preloads no remote on %s', async (_case, path, storage) => {
    const { env, fetchImpl } = environment(path, storage);

    await startEarlyLoading(env);

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json');
    expect(preloads()).toEqual([]);
  });

  it("prefetches the version this browser's bucket gets, the same one bootstrap registers", async () => {
    const canaryUrl = `${ORIGIN}/remotes/remote-account/0.3.0/mf-manifest.json`;
    const config = {
      ...CONFIG,
      remotes: {
        ...CONFIG.remotes,
        remote_account: {
          ...CONFIG.remotes.remote_account,
          canary: { entry: '/remotes/remote-account/0.3.0/mf-manifest.json', version: '0.3.0', share: 50 },
        },
      },
    };
    // One browser on each side of the split.
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const inside = keys.find((key) => shareBucket(key, 'remote_account') < 50)!;
    const outside = keys.find((key) => shareBucket(key, 'remote_account') >= 50)!;
    for (const [releaseKey, expected] of [
      [inside, canaryUrl],
      [outside, MANIFEST_URL],
    ] as const) {
      document.head.innerHTML = '';
      const { env, fetchImpl } = environment('/login', {}, { config, releaseKey });
      await startEarlyLoading(env);
      expect(fetchImpl).toHaveBeenCalledWith(expected, { cache: 'no-cache' });
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      const registered = await applyPins(
        config,
        [],
        async () => 'deployed',
        (remote) => shareBucket(releaseKey, remote),
      );
      expect(new URL(registered.remotes.find((r) => r.name === 'remote_account')!.entry, ORIGIN).href).toBe(expected);
      takeEarlyRemotesConfig();
      takeEarlyManifest(expected);
    }
  });

  it('reads the QA pins where pin-storage keeps them', () => {
    expect(PINS_STORAGE_KEY).toBe(QA_PINS_STORAGE_KEY);
  });

  it('survives a failed remotes.json: nothing preloaded, the registry reads the failure', async () => {
    const env = environment('/login').env;
    env.fetchImpl = jest.fn(async () => {
      throw new TypeError('offline');
    });

    await expect(startEarlyLoading(env)).resolves.toBeUndefined();
    expect(preloads()).toEqual([]);
    await expect(fetchRemotesConfig(jest.fn() as unknown as typeof fetch)).rejects.toThrow('offline');
  });
});

describe('preloadsFromManifest', () => {
  it('uses the folder a manifest names as its public path', () => {
    const manifest = { ...MANIFEST, metaData: { ...MANIFEST.metaData, publicPath: 'https://cdn.test/acc/' } };
    expect(preloadsFromManifest(manifest, MANIFEST_URL)[0]).toEqual(['https://cdn.test/acc/remoteEntry.js', 'script']);
  });

  it('preloads nothing from something that is not a manifest', () => {
    expect(preloadsFromManifest('<!doctype html>', MANIFEST_URL)).toEqual([]);
    expect(preloadsFromManifest(null, MANIFEST_URL)).toEqual([]);
  });
});
