import type { RemotesConfig } from '@pod/shared-contracts';
import { createRemoteRegistry, fetchRemotesConfig, toFederationRemotes } from '../remote-registry';

const CONFIG: RemotesConfig = {
  environment: 'local',
  remotes: {
    remote_account: { entry: '/remotes/remote-account/0.1.0/mf-manifest.json', version: '0.1.0' },
    remote_library: { entry: '/remotes/remote-library/0.1.0/mf-manifest.json', version: '0.1.0' },
    remote_checkout: { entry: '/remotes/remote-checkout/0.1.0/mf-manifest.json', version: '0.1.0' },
    remote_wizard: { entry: '/remotes/remote-wizard/0.1.0/mf-manifest.json', version: '0.1.0' },
  },
};

function fakeFederation() {
  return {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => ({ default: id })) as jest.Mock,
  };
}

describe('fetchRemotesConfig', () => {
  it('reads /remotes.json bypassing the HTTP cache', async () => {
    const fetchImpl = jest.fn(async () => new Response(JSON.stringify(CONFIG), { status: 200 }));

    await expect(fetchRemotesConfig(fetchImpl)).resolves.toEqual(CONFIG);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('rejects a file that is not a remotes configuration', async () => {
    const fetchImpl = jest.fn(async () => new Response('<!doctype html>', { status: 200 }));
    await expect(fetchRemotesConfig(fetchImpl)).rejects.toThrow();
    const wrongShape = jest.fn(async () => new Response(JSON.stringify({ remotes: [] }), { status: 200 }));
    await expect(fetchRemotesConfig(wrongShape)).rejects.toThrow('not a remotes configuration');
  });
});

describe('createRemoteRegistry', () => {
  it('registers every remote by name and manifest entry, once', async () => {
    const federation = fakeFederation();
    const registry = createRemoteRegistry(federation, { loadConfig: async () => CONFIG });

    await registry.ready();
    await registry.load('remote_library/App');

    expect(federation.registerRemotes).toHaveBeenCalledTimes(1);
    expect(federation.registerRemotes).toHaveBeenCalledWith(toFederationRemotes(CONFIG));
    expect(toFederationRemotes(CONFIG)).toContainEqual({
      name: 'remote_account',
      entry: '/remotes/remote-account/0.1.0/mf-manifest.json',
    });
    expect(federation.loadRemote).toHaveBeenCalledWith('remote_library/App');
  });

  it('reads remotes.json again on the next load after it failed', async () => {
    const federation = fakeFederation();
    const loadConfig = jest
      .fn<Promise<RemotesConfig>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(CONFIG);
    const registry = createRemoteRegistry(federation, { loadConfig });

    await expect(registry.ready()).rejects.toThrow('offline');
    await expect(registry.load('remote_account/App')).resolves.toEqual({ default: 'remote_account/App' });
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });

  it('rejects when the runtime hands back nothing', async () => {
    const federation = fakeFederation();
    federation.loadRemote.mockResolvedValueOnce(null);
    const registry = createRemoteRegistry(federation, { loadConfig: async () => CONFIG });

    await expect(registry.load('remote_wizard/App')).rejects.toThrow('remote_wizard/App could not be loaded');
  });

  it('refuses a remote that remotes.json does not list, so its routes show Retry', async () => {
    const federation = fakeFederation();
    const { remote_wizard: _omitted, ...remotes } = CONFIG.remotes;
    const registry = createRemoteRegistry(federation, { loadConfig: async () => ({ ...CONFIG, remotes }) });

    await expect(registry.load('remote_wizard/App')).rejects.toThrow(
      'remote_wizard is not deployed in this environment',
    );
    expect(federation.loadRemote).not.toHaveBeenCalled();
    expect(federation.registerRemotes.mock.calls[0][0]).toHaveLength(3);
  });

  it('fails a module load that hangs (the backstop timeout)', async () => {
    jest.useFakeTimers();
    try {
      const federation = fakeFederation();
      federation.loadRemote.mockImplementation(() => new Promise(() => {}));
      const registry = createRemoteRegistry(federation, { loadConfig: async () => CONFIG, loadTimeoutMs: 30_000 });
      const outcome = registry.load('remote_library/App').catch((error: unknown) => error);

      await jest.advanceTimersByTimeAsync(30_000);

      expect(((await outcome) as Error).message).toBe('remote_library/App did not answer within 30 s');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('fetchRemotesConfig timeout', () => {
  it('fails when remotes.json hangs, so the portal still starts', async () => {
    jest.useFakeTimers();
    try {
      const outcome = fetchRemotesConfig(
        jest.fn(() => new Promise<Response>(() => {})),
        8000,
      ).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(8000);
      expect(((await outcome) as Error).message).toBe('/remotes.json did not answer within 8 s');
    } finally {
      jest.useRealTimers();
    }
  });
});
