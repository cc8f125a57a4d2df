import { assertCompatibleContract } from '../contract-check';
import { fetchManifest, retryPlugin } from '../retry-plugin';

const MANIFEST = { id: 'remote_library', name: 'remote_library', metaData: {}, exposes: [], shared: [] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function scriptedFetch(...answers: Array<Response | Error>) {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

describe('fetchManifest', () => {
  it('retries a network failure and a 503, then returns the manifest', async () => {
    const fetchImpl = scriptedFetch(new TypeError('Failed to fetch'), json({}, 503), json(MANIFEST));

    const response = await fetchManifest('/remotes/x/mf-manifest.json', {}, { fetchImpl, delayMs: 0 });

    expect(await response.json()).toEqual(MANIFEST);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-cache' });
  });

  it('gives up after the retries', async () => {
    const fetchImpl = scriptedFetch(new TypeError('a'), new TypeError('b'), new TypeError('c'), json(MANIFEST));

    await expect(fetchManifest('/m.json', {}, { fetchImpl, delayMs: 0, retries: 2 })).rejects.toThrow('c');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404 or a page that is not JSON', async () => {
    const notFound = scriptedFetch(json({}, 404), json(MANIFEST));
    await expect(fetchManifest('/m.json', {}, { fetchImpl: notFound, delayMs: 0 })).rejects.toThrow('HTTP 404');
    expect(notFound).toHaveBeenCalledTimes(1);

    const html = scriptedFetch(new Response('<!doctype html>', { status: 200 }), json(MANIFEST));
    await expect(fetchManifest('/m.json', {}, { fetchImpl: html, delayMs: 0 })).rejects.toThrow('not a federation manifest');
    expect(html).toHaveBeenCalledTimes(1);
  });

  it('refuses a remote built against another major contract version', async () => {
    const manifest = { ...MANIFEST, shared: [{ name: '@pod/shared-contracts', version: '2.0.0' }] };
    const fetchImpl = scriptedFetch(json(manifest), json(manifest));
    const validateManifest = (m: unknown) => assertCompatibleContract(m, '0.1.0');

    await expect(fetchManifest('/m.json', {}, { fetchImpl, delayMs: 0, validateManifest })).rejects.toThrow(
      'remote_library was built against @pod/shared-contracts 2.0.0, but this portal runs 0.1.0',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('assertCompatibleContract', () => {
  it('accepts the same major version and manifests that do not share the package', () => {
    expect(() =>
      assertCompatibleContract({ shared: [{ name: '@pod/shared-contracts', version: '0.4.2' }] }, '0.1.0'),
    ).not.toThrow();
    expect(() => assertCompatibleContract({ shared: [] }, '0.1.0')).not.toThrow();
  });
});

describe('retryPlugin', () => {
  type LoadEntryErrorArgs = Parameters<NonNullable<ReturnType<typeof retryPlugin>['loadEntryError']>>[0];

  function entryErrorArgs(getRemoteEntry: jest.Mock): LoadEntryErrorArgs {
    return {
      getRemoteEntry,
      origin: {},
      remoteInfo: { name: 'remote_library', entry: '/remoteEntry.js' },
      globalLoading: { 'remote_library:/remoteEntry.js': Promise.resolve() },
      uniqueKey: 'remote_library:/remoteEntry.js',
    } as unknown as LoadEntryErrorArgs;
  }

  it('loads a failed remoteEntry again, forgetting the failed attempt first', async () => {
    const container = { get: jest.fn(), init: jest.fn() };
    const args = entryErrorArgs(jest.fn());
    const getRemoteEntry: jest.Mock<Promise<typeof container | undefined>, []> = jest.fn(async () => {
      expect(args.globalLoading[args.uniqueKey]).toBeUndefined();
      return getRemoteEntry.mock.calls.length < 2 ? undefined : container;
    });
    args.getRemoteEntry = getRemoteEntry as unknown as LoadEntryErrorArgs['getRemoteEntry'];

    const recovered = await retryPlugin({ delayMs: 0, retries: 2 }).loadEntryError?.(args);

    expect(recovered).toBe(container);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('lets the failure through when every retry fails', async () => {
    const getRemoteEntry = jest.fn(async () => {
      throw new Error('ScriptNetworkError');
    });

    const recovered = await retryPlugin({ delayMs: 0, retries: 2 }).loadEntryError?.(entryErrorArgs(getRemoteEntry));

    expect(recovered).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('routes the manifest request through fetchManifest', async () => {
    const fetchImpl = scriptedFetch(new TypeError('blip'), json(MANIFEST));
    const plugin = retryPlugin({ delayMs: 0, fetchImpl });

    const response = await plugin.fetch?.('/m.json', {});

    expect(await (response as Response).json()).toEqual(MANIFEST);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
