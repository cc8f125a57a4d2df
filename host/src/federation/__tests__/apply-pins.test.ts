import { alertsAtom, sessionStore, type RemotesConfig } from '@pod/shared-contracts';
import {
  applyPins,
  checkDeployed,
  isPinningEnabled,
  pinnedRemotes,
  PINNING_OFF_NOTICE,
  type DeployCheck,
  type PinEnvironment,
} from '../apply-pins';
import { dropPin, readPins, writePins } from '../pin-storage';
import { createRemoteRegistry } from '../remote-registry';

function config(overrides: Partial<RemotesConfig> = {}): RemotesConfig {
  return {
    environment: 'staging',
    pinning: true,
    remotes: {
      remote_account: { entry: '/remotes/remote-account/1.0.0/mf-manifest.json', version: '1.0.0' },
      remote_library: { entry: '/remotes/remote-library/1.1.0/mf-manifest.json', version: '1.1.0' },
      remote_checkout: { entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json', version: '1.3.0' },
      remote_wizard: { entry: '/remotes/remote-wizard/2.0.0/mf-manifest.json', version: '2.0.0' },
    },
    ...overrides,
  };
}

/** A federation instance that records what the host registers. */
function fakeFederation() {
  return { registerRemotes: jest.fn(), loadRemote: jest.fn(async (id: string) => ({ default: id })) as jest.Mock };
}

/** Deployed versions as manifest URLs; everything else is missing. */
function deployed(...urls: string[]): jest.MockedFunction<DeployCheck> {
  return jest.fn(async (url: string) => (urls.includes(url) ? 'deployed' : 'missing'));
}

function environment(check: DeployCheck, bucketOf: PinEnvironment['bucketOf'] = () => 50) {
  const notify = jest.fn<void, [string]>();
  const recordServed = jest.fn<void, Parameters<PinEnvironment['recordServed']>>();
  const env: PinEnvironment = { readPins, dropPin, notify, check, bucketOf, recordServed };
  return { env, notify, recordServed };
}

/** Registers through the registry as bootstrap does and returns what reached registerRemotes. */
async function register(cfg: RemotesConfig, env: PinEnvironment) {
  const federation = fakeFederation();
  const registry = createRemoteRegistry(federation, {
    loadConfig: async () => cfg,
    prepareRemotes: (c) => pinnedRemotes(c, env),
  });
  await registry.ready();
  expect(federation.registerRemotes).toHaveBeenCalledTimes(1);
  return new Map(
    (federation.registerRemotes.mock.calls[0]![0] as Array<{ name: string; entry: string }>).map((r) => [
      r.name,
      r.entry,
    ]),
  );
}

beforeEach(() => sessionStorage.clear());

describe('applying QA pins before the remotes are registered', () => {
  it('registers the pinned entry of a deployed version, and the environment entry for the rest', async () => {
    writePins([{ remote: 'remote_checkout', version: '1.2.0' }]);
    const check = deployed('/remotes/remote-checkout/1.2.0/mf-manifest.json');
    const { env, notify } = environment(check);

    const registered = await register(config(), env);

    expect(registered.get('remote_checkout')).toBe('/remotes/remote-checkout/1.2.0/mf-manifest.json');
    expect(registered.get('remote_wizard')).toBe('/remotes/remote-wizard/2.0.0/mf-manifest.json');
    expect(registered.size).toBe(4);
    expect(check).toHaveBeenCalledWith('/remotes/remote-checkout/1.2.0/mf-manifest.json');
    expect(notify).not.toHaveBeenCalled();
    expect(readPins()).toEqual([{ remote: 'remote_checkout', version: '1.2.0' }]);
  });

  it('drops a version that is not deployed, says so, and keeps the environment version', async () => {
    writePins([
      { remote: 'remote_checkout', version: '9.9.9' },
      { remote: 'remote_wizard', version: '2.0.1' },
    ]);
    const { env, notify } = environment(deployed('/remotes/remote-wizard/2.0.1/mf-manifest.json'));

    const registered = await register(config(), env);

    expect(registered.get('remote_checkout')).toBe('/remotes/remote-checkout/1.3.0/mf-manifest.json');
    expect(registered.get('remote_wizard')).toBe('/remotes/remote-wizard/2.0.1/mf-manifest.json');
    expect(notify).toHaveBeenCalledWith("checkout@9.9.9 is not deployed; showing the environment's version 1.3.0.");
    expect(readPins()).toEqual([{ remote: 'remote_wizard', version: '2.0.1' }]);
  });

  it('ignores every pin when pinning is off, with one notice, and forgets them', async () => {
    writePins([{ remote: 'remote_checkout', version: '1.2.0' }]);
    const check = deployed('/remotes/remote-checkout/1.2.0/mf-manifest.json');
    const { env, notify } = environment(check);

    const registered = await register(config({ pinning: false }), env);

    expect(registered.get('remote_checkout')).toBe('/remotes/remote-checkout/1.3.0/mf-manifest.json');
    expect(notify.mock.calls).toEqual([['Version pinning is turned off in this environment.']]);
    expect(check).not.toHaveBeenCalled();
    expect(readPins()).toEqual([]);
  });

  it('says nothing and checks nothing without pins', async () => {
    const check = deployed();
    const { env, notify } = environment(check);

    const registered = await register(config({ pinning: false }), env);

    expect(registered.get('remote_account')).toBe('/remotes/remote-account/1.0.0/mf-manifest.json');
    expect(check).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('registers a pinned remote that remotes.json lacks, and leaves other missing remotes out', async () => {
    const cfg = config();
    delete cfg.remotes.remote_checkout;
    delete cfg.remotes.remote_library;
    const result = await applyPins(
      cfg,
      [{ remote: 'remote_checkout', version: '1.3.0' }],
      deployed('/remotes/remote-checkout/1.3.0/mf-manifest.json'),
    );

    expect(result.remotes).toContainEqual({
      name: 'remote_checkout',
      entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
    });
    expect(result.remotes.map((r) => r.name)).not.toContain('remote_library');

    const missing = await applyPins(cfg, [{ remote: 'remote_library', version: '1.0.0' }], deployed());
    expect(missing.notices).toEqual(['library@1.0.0 is not deployed; this environment has no library deployed.']);
  });

  it('raises the notices as warning alerts in the browser', async () => {
    writePins([{ remote: 'remote_checkout', version: '9.9.9' }]);
    const fetchMock = jest.fn(async () => new Response('<!doctype html>', { status: 200 }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      await pinnedRemotes(config());
    } finally {
      globalThis.fetch = realFetch;
    }

    expect(fetchMock).toHaveBeenCalledWith(
      '/remotes/remote-checkout/9.9.9/mf-manifest.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
    expect(sessionStore.get(alertsAtom)).toContainEqual(
      expect.objectContaining({
        variant: 'warning',
        message: "checkout@9.9.9 is not deployed; showing the environment's version 1.3.0.",
      }),
    );
  });
});

describe('canary releases', () => {
  const withCanary = (share: number) =>
    config({
      remotes: {
        ...config().remotes,
        remote_checkout: {
          entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
          version: '1.3.0',
          canary: { entry: '/remotes/remote-checkout/1.4.0/mf-manifest.json', version: '1.4.0', share },
        },
      },
    });

  beforeEach(() => sessionStorage.clear());

  it('registers the canary for a browser whose bucket is within the share, the stable entry otherwise', async () => {
    const inside = environment(deployed(), () => 49);
    expect((await register(withCanary(50), inside.env)).get('remote_checkout')).toBe(
      '/remotes/remote-checkout/1.4.0/mf-manifest.json',
    );
    expect(inside.recordServed).toHaveBeenCalledWith(
      expect.arrayContaining([
        ['remote_checkout', { version: '1.4.0', channel: 'canary' }],
        ['remote_library', { version: '1.1.0', channel: 'stable' }],
      ]),
    );

    const outside = environment(deployed(), () => 50);
    expect((await register(withCanary(50), outside.env)).get('remote_checkout')).toBe(
      '/remotes/remote-checkout/1.3.0/mf-manifest.json',
    );
    expect(outside.recordServed).toHaveBeenCalledWith(
      expect.arrayContaining([['remote_checkout', { version: '1.3.0', channel: 'stable' }]]),
    );
  });

  it('asks for the bucket of each remote by name', async () => {
    const bucketOf = jest.fn((_remote: string) => 0);
    await applyPins(withCanary(10), [], deployed(), bucketOf);
    expect(bucketOf.mock.calls.map(([remote]) => remote).sort()).toEqual([
      'remote_account',
      'remote_checkout',
      'remote_library',
      'remote_wizard',
    ]);
  });

  it('lets a QA pin win over the canary', async () => {
    writePins([{ remote: 'remote_checkout', version: '1.2.0' }]);
    const { env, recordServed } = environment(deployed('/remotes/remote-checkout/1.2.0/mf-manifest.json'), () => 0);
    expect((await register(withCanary(99), env)).get('remote_checkout')).toBe(
      '/remotes/remote-checkout/1.2.0/mf-manifest.json',
    );
    expect(recordServed).toHaveBeenCalledWith(
      expect.arrayContaining([['remote_checkout', { version: '1.2.0', channel: 'pinned' }]]),
    );
  });

  it('ignores a canary without an entry', async () => {
    const broken = withCanary(50);
    broken.remotes.remote_checkout!.canary = { version: '1.4.0', share: 50 } as never;
    const result = await applyPins(broken, [], deployed(), () => 0);
    expect(result.remotes).toContainEqual({
      name: 'remote_checkout',
      entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
    });
  });
});

describe('isPinningEnabled', () => {
  it('follows the flag, and without it is off in production only', () => {
    expect(isPinningEnabled(config({ pinning: true, environment: 'production' }))).toBe(true);
    expect(isPinningEnabled(config({ pinning: false }))).toBe(false);
    const { pinning: _omitted, ...older } = config();
    expect(isPinningEnabled({ ...older, environment: 'production' })).toBe(false);
    expect(isPinningEnabled({ ...older, environment: 'staging' })).toBe(true);
    expect(PINNING_OFF_NOTICE).toBe('Version pinning is turned off in this environment.');
  });
});

describe('checkDeployed', () => {
  afterEach(() => jest.useRealTimers());

  it('is deployed for 200 with JSON, missing for other answers', async () => {
    const answer = (body: string, status: number) => checkDeployed(jest.fn(async () => new Response(body, { status })));
    await expect(answer('{"name":"remote_checkout"}', 200)('/m.json')).resolves.toBe('deployed');
    await expect(answer('<!doctype html>', 200)('/m.json')).resolves.toBe('missing');
    await expect(answer('{}', 404)('/m.json')).resolves.toBe('missing');
    await expect(checkDeployed(jest.fn(async () => Promise.reject(new TypeError('offline'))))('/m.json')).resolves.toBe(
      'unreachable',
    );
  });

  it('gives up on a request that hangs after the timeout', async () => {
    jest.useFakeTimers();
    const check = checkDeployed(
      jest.fn(() => new Promise<Response>(() => {})),
      8000,
    );
    let state: string | undefined;
    void check('/m.json').then((s) => (state = s));

    await jest.advanceTimersByTimeAsync(7999);
    expect(state).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(state).toBe('unreachable');
  });
});
