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
    await expect(fetchManifest('/m.json', {}, { fetchImpl: html, delayMs: 0 })).rejects.toThrow(
      'not a federation manifest',
    );
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

describe('load timeouts', () => {
  afterEach(() => jest.useRealTimers());

  const hang = () => jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => {}));

  it('fails a manifest request that hangs after 8 s, without retrying it, and aborts it', async () => {
    jest.useFakeTimers();
    const fetchImpl = hang();
    const outcome = fetchManifest(
      '/remotes/remote-checkout/1.3.0/mf-manifest.json',
      {},
      { fetchImpl, delayMs: 0 },
    ).catch((error: unknown) => error);

    await jest.advanceTimersByTimeAsync(7999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);

    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('/remotes/remote-checkout/1.3.0/mf-manifest.json did not answer within 8 s');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('also times out a manifest whose body never finishes', async () => {
    jest.useFakeTimers();
    const stalled = new Response(new ReadableStream({ start() {} }), { status: 200 });
    const fetchImpl = jest.fn(async () => stalled);
    const outcome = fetchManifest('/m.json', {}, { fetchImpl, timeoutMs: 5000 }).catch((error: unknown) => error);

    await jest.advanceTimersByTimeAsync(5000);

    expect(((await outcome) as Error).message).toBe('/m.json did not answer within 5 s');
  });

  it('gives remoteEntry scripts the timeout, and does not retry one that hung', async () => {
    jest.useFakeTimers();
    const plugin = retryPlugin({ delayMs: 0, retries: 2, timeoutMs: 8000 });
    const remoteInfo = { name: 'remote_library', entry: '/remoteEntry.js' } as never;

    expect(
      plugin.createScript?.({ url: '/remotes/remote-library/1.0.0/remoteEntry.js', attrs: {}, remoteInfo }),
    ).toMatchObject({ timeout: 8000 });
    await jest.advanceTimersByTimeAsync(8000);
    const getRemoteEntry = jest.fn();
    const args = {
      getRemoteEntry,
      origin: {},
      remoteInfo,
      globalLoading: {},
      uniqueKey: 'remote_library:/remoteEntry.js',
    } as unknown as Parameters<NonNullable<typeof plugin.loadEntryError>>[0];

    await expect(plugin.loadEntryError?.(args)).resolves.toBeUndefined();
    expect(getRemoteEntry).not.toHaveBeenCalled();
  });

  it('still retries a remoteEntry that failed quickly', async () => {
    const plugin = retryPlugin({ delayMs: 0, retries: 2, timeoutMs: 8000 });
    const remoteInfo = { name: 'remote_wizard', entry: '/remoteEntry.js' } as never;
    plugin.createScript?.({ url: '/remoteEntry.js', attrs: {}, remoteInfo });
    const container = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn(async () => container);
    const args = { getRemoteEntry, origin: {}, remoteInfo, globalLoading: {}, uniqueKey: 'k' } as unknown as Parameters<
      NonNullable<typeof plugin.loadEntryError>
    >[0];

    await expect(plugin.loadEntryError?.(args)).resolves.toBe(container);
    expect(getRemoteEntry).toHaveBeenCalledTimes(1);
  });

  it("makes the script itself, with the runtime's attributes (the runtime skips them when a hook answers)", () => {
    const plugin = retryPlugin({ timeoutMs: 8000 });
    // loadScript always passes fetchpriority: a hook that left such scripts alone never applied the timeout.
    const result = plugin.createScript?.({
      url: '/x.js',
      attrs: { fetchpriority: 'high', type: 'module', async: true },
    });
    const { script, timeout } = result as { script: HTMLScriptElement; timeout: number };
    expect(timeout).toBe(8000);
    expect(script.getAttribute('fetchpriority')).toBe('high');
    expect(script.type).toBe('module');
    expect(script.async).toBe(true);
  });
});
