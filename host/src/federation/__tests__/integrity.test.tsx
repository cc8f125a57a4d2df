import { render, screen } from '@testing-library/react';
import {
  startEarlyLoading,
  takeEarlyManifest,
  takeEarlyRemotesConfig,
  type EarlyLoadingEnvironment,
} from '../early-loading';
import {
  assetIntegrity,
  checkIntegrity,
  IntegrityError,
  manifestAssetPins,
  manifestPins,
  resetIntegrityState,
  trustManifestAssets,
  trustRemotesConfig,
  withIntegrityRefusals,
} from '../integrity';
import { RemoteBoundary } from '../remote-boundary';
import { fetchManifest, retryPlugin } from '../retry-plugin';

/** What these tests use of Node's crypto (the host has no Node types: browser code). */
interface NodeCrypto {
  webcrypto: { subtle: SubtleCrypto };
  createHash(algorithm: string): { update(data: string): { digest(encoding: 'base64'): string } };
}
const { createHash, webcrypto } = jest.requireActual<NodeCrypto>('node:crypto');
// jsdom has no crypto.subtle (a browser has it in secure contexts): Node's, for the checks.
const digestApi = webcrypto.subtle;

const sri = (bytes: string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const CDN = 'https://cdn.test';
const MANIFEST_URL = `${CDN}/team/remotes/remote-account/1.2.0/mf-manifest.json`;
const MANIFEST = {
  id: 'remote_account',
  name: 'remote_account',
  metaData: {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    pod: {
      integrity: {
        'remoteEntry.js': sri('remote entry'),
        'src_app.2.js': sri('app chunk'),
        'src_app.3.css': sri('app css'),
      },
    },
  },
  exposes: [
    { name: 'App', path: './App', assets: { js: { sync: ['src_app.2.js'] }, css: { sync: ['src_app.3.css'] } } },
  ],
  shared: [],
};
const MANIFEST_BYTES = JSON.stringify(MANIFEST, null, 2);
const TAMPERED_BYTES = MANIFEST_BYTES.replace('"remote_account"', '"remote_evil"');
const CONFIG = {
  environment: 'staging',
  remotes: {
    remote_account: { entry: MANIFEST_URL, version: '1.2.0', integrity: sri(MANIFEST_BYTES) },
    remote_library: { entry: '/remotes/remote-library/0.1.0/mf-manifest.json', version: '0.1.0' },
  },
};

const answer = (body: string, status = 200) => new Response(body, { status });

function scriptedFetch(...answers: Array<Response | Error>) {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
}

let errors: jest.SpyInstance;
beforeEach(() => {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: digestApi, configurable: true });
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  Reflect.deleteProperty(globalThis.crypto, 'subtle');
  errors.mockRestore();
  resetIntegrityState();
  document.head.innerHTML = '';
});

describe('checkIntegrity', () => {
  it('matches the sha384 of the bytes, and says what arrived when they differ', async () => {
    const bytes = new TextEncoder().encode('remote entry');
    await expect(checkIntegrity(bytes, sri('remote entry'), digestApi)).resolves.toEqual({
      verdict: 'match',
      actual: sri('remote entry'),
    });
    await expect(checkIntegrity(bytes, sri('something else'), digestApi)).resolves.toEqual({
      verdict: 'mismatch',
      actual: sri('remote entry'),
    });
  });

  it('lets the strongest algorithm decide, as browsers do', async () => {
    const bytes = new TextEncoder().encode('x');
    const sha256 = `sha256-${createHash('sha256').update('x').digest('base64')}`;
    const wrongSha512 = `sha512-${createHash('sha512').update('y').digest('base64')}`;
    await expect(checkIntegrity(bytes, `${sha256} ${sri('x')}`, digestApi)).resolves.toMatchObject({
      verdict: 'match',
    });
    await expect(checkIntegrity(bytes, `${sri('x')} ${wrongSha512}`, digestApi)).resolves.toMatchObject({
      verdict: 'mismatch',
    });
  });

  it('refuses metadata it cannot read, and cannot check without crypto.subtle', async () => {
    const bytes = new TextEncoder().encode('x');
    await expect(checkIntegrity(bytes, 'md5-abc', digestApi)).resolves.toEqual({ verdict: 'mismatch' });
    Reflect.deleteProperty(globalThis.crypto, 'subtle');
    await expect(checkIntegrity(bytes, sri('x'))).resolves.toEqual({ verdict: 'unverifiable' });
  });
});

describe('what remotes.json and a manifest pin', () => {
  it('pins every entry and canary entry that carries an integrity, by absolute URL', () => {
    const config = {
      remotes: {
        ...CONFIG.remotes,
        remote_checkout: {
          entry: '/remotes/remote-checkout/1.0.0/mf-manifest.json',
          version: '1.0.0',
          integrity: 'sha384-stable',
          canary: { entry: `${CDN}/c/1.1.0/mf-manifest.json`, version: '1.1.0', share: 10, integrity: 'sha384-canary' },
        },
      },
    };
    expect([...manifestPins(config, 'https://portal.test/login')]).toEqual([
      [MANIFEST_URL, { remote: 'remote_account', integrity: sri(MANIFEST_BYTES) }],
      [
        'https://portal.test/remotes/remote-checkout/1.0.0/mf-manifest.json',
        { remote: 'remote_checkout', integrity: 'sha384-stable' },
      ],
      [`${CDN}/c/1.1.0/mf-manifest.json`, { remote: 'remote_checkout', integrity: 'sha384-canary' }],
    ]);
    expect(manifestPins(null).size).toBe(0);
  });

  it("resolves a manifest's files beside it ('auto') or in the folder it names", () => {
    expect(
      manifestAssetPins(MANIFEST, MANIFEST_URL).get(`${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`),
    ).toBe(sri('remote entry'));
    const elsewhere = { metaData: { ...MANIFEST.metaData, publicPath: 'https://assets.test/acc/' } };
    expect(manifestAssetPins(elsewhere, MANIFEST_URL).get('https://assets.test/acc/src_app.3.css')).toBe(
      sri('app css'),
    );
    expect(manifestAssetPins({ metaData: {} }, MANIFEST_URL).size).toBe(0);
  });
});

describe('the retry plugin with integrity', () => {
  it('uses a manifest whose bytes match remotes.json, and trusts the files it pins', async () => {
    trustRemotesConfig(CONFIG);
    const fetchImpl = scriptedFetch(answer(MANIFEST_BYTES));

    const response = await fetchManifest(MANIFEST_URL, {}, { fetchImpl, delayMs: 0 });

    expect(await response.json()).toEqual(MANIFEST);
    expect(assetIntegrity(`${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`)).toBe(sri('remote entry'));
  });

  it('refuses a tampered manifest at once, for good: no retry, no second request', async () => {
    trustRemotesConfig(CONFIG);
    const fetchImpl = scriptedFetch(answer(TAMPERED_BYTES), answer(MANIFEST_BYTES));

    const error = await fetchManifest(MANIFEST_URL, {}, { fetchImpl, delayMs: 0 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(IntegrityError);
    expect(error).toMatchObject({
      remote: 'remote_account',
      expected: sri(MANIFEST_BYTES),
      actual: sri(TAMPERED_BYTES),
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // The console has the technical detail (expected and received hashes).
    expect(errors.mock.calls[0]?.[0]).toContain(sri(TAMPERED_BYTES));
    // Asked again on this page: refused without a request, and none of its files is trusted.
    await expect(fetchManifest(MANIFEST_URL, {}, { fetchImpl, delayMs: 0 })).rejects.toBeInstanceOf(IntegrityError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(assetIntegrity(`${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`)).toBeUndefined();
  });

  it('checks nothing for a manifest remotes.json does not pin (a QA pin of another version)', async () => {
    trustRemotesConfig(CONFIG);
    const other = `${CDN}/team/remotes/remote-account/1.1.0/mf-manifest.json`;
    const fetchImpl = scriptedFetch(answer(TAMPERED_BYTES));

    await expect((await fetchManifest(other, {}, { fetchImpl, delayMs: 0 })).json()).resolves.toMatchObject({
      id: 'remote_evil',
    });
  });

  it('takes the manifest unchecked, with a warning, where crypto.subtle is missing', async () => {
    Reflect.deleteProperty(globalThis.crypto, 'subtle');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    trustRemotesConfig(CONFIG);
    const fetchImpl = scriptedFetch(answer(TAMPERED_BYTES));

    await expect(fetchManifest(MANIFEST_URL, {}, { fetchImpl, delayMs: 0 })).resolves.toBeInstanceOf(Response);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('crypto.subtle exists only in secure contexts'));
    warn.mockRestore();
  });

  it("gives remoteEntry.js the manifest's integrity and crossorigin, keeping the runtime's attributes", async () => {
    trustManifestAssets(MANIFEST, MANIFEST_URL);
    const plugin = retryPlugin({ timeoutMs: 8000 });
    const url = `${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`;

    const result = plugin.createScript?.({ url, attrs: { fetchpriority: 'high' } }) as {
      script: HTMLScriptElement;
      timeout: number;
    };

    expect(result.timeout).toBe(8000);
    expect(result.script.getAttribute('integrity')).toBe(sri('remote entry'));
    expect(result.script.getAttribute('crossorigin')).toBe('anonymous');
    expect(result.script.getAttribute('fetchpriority')).toBe('high');
    expect(result.script.type).toBe('text/javascript');
    const unpinned = plugin.createScript?.({ url: `${CDN}/other/remoteEntry.js`, attrs: {} }) as {
      script: HTMLScriptElement;
    };
    expect(unpinned.script.hasAttribute('integrity')).toBe(false);
    expect(unpinned.script.hasAttribute('crossorigin')).toBe(false);
  });

  it('does not retry a remoteEntry.js the browser refused because its bytes changed', async () => {
    trustManifestAssets(MANIFEST, MANIFEST_URL);
    const url = `${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`;
    const recheck = jest.fn(async () => ({
      verdict: 'mismatch' as const,
      expected: sri('remote entry'),
      actual: sri('evil'),
    }));
    const plugin = retryPlugin({ delayMs: 0, retries: 2, recheck });
    const remoteInfo = { name: 'remote_account', entry: MANIFEST_URL } as never;
    plugin.createScript?.({ url, attrs: {}, remoteInfo });
    const getRemoteEntry = jest.fn();
    const args = { getRemoteEntry, origin: {}, remoteInfo, globalLoading: {}, uniqueKey: 'k' } as unknown as Parameters<
      NonNullable<typeof plugin.loadEntryError>
    >[0];

    await expect(plugin.loadEntryError?.(args)).resolves.toBeUndefined();
    expect(recheck).toHaveBeenCalledWith(url);
    expect(getRemoteEntry).not.toHaveBeenCalled();
    // The remote's loads now fail with the refusal itself, without asking the network.
    const load = jest.fn();
    await expect(withIntegrityRefusals(load)('remote_account/App')).rejects.toMatchObject({
      name: 'IntegrityError',
      actual: sri('evil'),
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('still retries a pinned remoteEntry.js whose bytes are right (a network blip)', async () => {
    trustManifestAssets(MANIFEST, MANIFEST_URL);
    const recheck = jest.fn(async () => ({ verdict: 'match' as const, expected: sri('remote entry') }));
    const plugin = retryPlugin({ delayMs: 0, retries: 2, recheck });
    const remoteInfo = { name: 'remote_account', entry: MANIFEST_URL } as never;
    plugin.createScript?.({ url: `${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`, attrs: {}, remoteInfo });
    const container = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn(async () => container);
    const args = { getRemoteEntry, origin: {}, remoteInfo, globalLoading: {}, uniqueKey: 'k' } as unknown as Parameters<
      NonNullable<typeof plugin.loadEntryError>
    >[0];

    await expect(plugin.loadEntryError?.(args)).resolves.toBe(container);
  });
});

describe('withIntegrityRefusals', () => {
  it("turns a load that failed on a tampered manifest into the refusal, whatever the runtime's wrapping", async () => {
    trustRemotesConfig(CONFIG);
    await fetchManifest(MANIFEST_URL, {}, { fetchImpl: scriptedFetch(answer(TAMPERED_BYTES)) }).catch(() => undefined);
    const load = jest.fn(async () => {
      throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest. IntegrityError: ...');
    });

    await expect(withIntegrityRefusals(load)('remote_account/App')).rejects.toBeInstanceOf(IntegrityError);
  });

  it("checks a chunk the remote could not load (the first screen's too) against its manifest", async () => {
    trustManifestAssets(MANIFEST, MANIFEST_URL);
    const chunkUrl = `${CDN}/team/remotes/remote-account/1.2.0/src_app.2.js`;
    const chunkError = Object.assign(new Error('Loading chunk src_app failed.'), {
      name: 'ChunkLoadError',
      request: chunkUrl,
    });
    const recheck = jest.fn(async () => ({
      verdict: 'mismatch' as const,
      expected: sri('app chunk'),
      actual: sri('x'),
    }));
    const load = jest.fn(async () => ({
      default: () => null,
      preloadRoute: async () => {
        throw chunkError;
      },
    }));

    const loaded = (await withIntegrityRefusals(load, recheck)('remote_account/App')) as {
      preloadRoute: (path: string) => Promise<void>;
    };

    await expect(loaded.preloadRoute('/login')).rejects.toMatchObject({ name: 'IntegrityError', url: chunkUrl });
    expect(recheck).toHaveBeenCalledWith(chunkUrl);
  });

  it('leaves other failures as they are', async () => {
    const failure = new Error('ScriptNetworkError');
    const recheck = jest.fn(async () => ({ verdict: 'unknown' as const }));
    await expect(
      withIntegrityRefusals(
        jest.fn(async () => Promise.reject(failure)),
        recheck,
      )('remote_library/App'),
    ).rejects.toBe(failure);
    expect(recheck).not.toHaveBeenCalled();
  });
});

describe('early loading with integrity', () => {
  function environment(manifestBytes: string): EarlyLoadingEnvironment {
    const fetchImpl = jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/remotes.json') return answer(JSON.stringify(CONFIG));
      if (url === MANIFEST_URL) return answer(manifestBytes);
      return answer('not found', 404);
    });
    return {
      fetchImpl: fetchImpl as unknown as typeof fetch,
      location: { pathname: '/login', search: '', href: 'https://portal.test/login' } as Location,
      document,
      storage: null,
      releaseStorage: null,
    };
  }
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
      link.href,
      link.getAttribute('integrity'),
      link.getAttribute('crossorigin'),
    ]);

  afterEach(() => {
    takeEarlyRemotesConfig();
    takeEarlyManifest(MANIFEST_URL);
  });

  it('preloads the files of a matching manifest with their integrity and crossorigin', async () => {
    await startEarlyLoading(environment(MANIFEST_BYTES));

    const folder = `${CDN}/team/remotes/remote-account/1.2.0`;
    expect(preloads()).toEqual([
      [`${folder}/remoteEntry.js`, sri('remote entry'), 'anonymous'],
      [`${folder}/src_app.2.js`, sri('app chunk'), 'anonymous'],
      [`${folder}/src_app.3.css`, sri('app css'), 'anonymous'],
    ]);
  });

  it('preloads nothing from a tampered manifest', async () => {
    await startEarlyLoading(environment(TAMPERED_BYTES));

    expect(preloads()).toEqual([]);
    expect(assetIntegrity(`${CDN}/team/remotes/remote-account/1.2.0/remoteEntry.js`)).toBeUndefined();
  });
});

describe('RemoteBoundary', () => {
  function Throws({ error }: { error: unknown }): null {
    throw error;
  }

  it('says in plain words that a refused part was not loaded, without Retry or technical details', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusal = new IntegrityError('remote_account', MANIFEST_URL, sri('a'), sri('b'));

    render(
      <RemoteBoundary label="Sign in" onRetry={() => undefined}>
        <Throws error={refusal} />
      </RemoteBoundary>,
    );

    const notice = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Sign in was not loaded' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('did not pass a security check');
    expect(notice).toHaveTextContent('Please try again later, or contact support');
    expect(notice).not.toHaveTextContent('sha384');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
