import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesConfig } from '@pod/shared-contracts';
import { takeEarlyRemotesConfig } from './early-loading';
import type { ModuleImporter } from './remote-loader';
import { REQUEST_TIMEOUT_MS, withTimeout } from './timeout';

/** Where the deployment says the remotes are (served no-cache beside index.html). */
export const REMOTES_CONFIG_URL = '/remotes.json';

function isRemotesConfig(value: unknown): value is RemotesConfig {
  if (!value || typeof value !== 'object') return false;
  const { environment, remotes } = value as Partial<RemotesConfig>;
  return (
    typeof environment === 'string' &&
    !!remotes &&
    typeof remotes === 'object' &&
    Object.values(remotes).every((remote) => !!remote && typeof remote.entry === 'string')
  );
}

/**
 * Reads the runtime configuration, never from a stale cache, within the request timeout
 * (the first render waits for it: a hung request must not keep the portal from starting).
 */
export async function fetchRemotesConfig(
  fetchImpl: typeof fetch = globalThis.fetch,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
  takeEarly: () => Promise<Response> | undefined = takeEarlyRemotesConfig,
): Promise<RemotesConfig> {
  return withTimeout(REMOTES_CONFIG_URL, timeoutMs, async (signal) => {
    // The request index.html and the entry chunk started (early-loading.ts), once; it needs no
    // `cache: 'no-cache'`: the server answers remotes.json with Cache-Control: no-cache.
    const response = await (takeEarly() ?? fetchImpl(REMOTES_CONFIG_URL, { cache: 'no-cache', signal }));
    if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
    const config: unknown = await response.json();
    if (!isRemotesConfig(config)) throw new Error(`${REMOTES_CONFIG_URL} is not a remotes configuration`);
    return config;
  });
}

/** One remote as the federation runtime registers it. */
export interface FederationRemote {
  name: RemoteName;
  entry: string;
}

/** The federation runtime's remote list for a configuration: `{ name, entry }` per remote listed. */
export function toFederationRemotes(config: RemotesConfig): FederationRemote[] {
  return (Object.entries(config.remotes) as Array<[RemoteName, RemotesConfig['remotes'][RemoteName]]>).flatMap(
    ([name, remote]) => (remote ? [{ name, entry: remote.entry }] : []),
  );
}

/** Tuning of {@link createRemoteRegistry}. */
export interface RemoteRegistryOptions {
  /** Reads remotes.json (the browser's by default). */
  loadConfig?: () => Promise<RemotesConfig>;
  /** Turns the configuration into what is registered (the QA pins are applied here). */
  prepareRemotes?: (config: RemotesConfig) => Promise<FederationRemote[]> | FederationRemote[];
  /**
   * A backstop for one module load as a whole (default 30 s): the runtime plugin times out
   * each manifest and remoteEntry request, this covers whatever else could hang (chunks).
   */
  loadTimeoutMs?: number;
}

/** The remotes as the host uses them: registered once from remotes.json, then loaded by id. */
export interface RemoteRegistry {
  /** Fetches remotes.json and registers the remotes; after a failure the next call tries again. */
  ready(): Promise<void>;
  /** Loads a federated module ('remote_library/App'), registering the remotes first if needed. */
  load: ModuleImporter;
}

/**
 * Connects remotes.json to the federation runtime instance the build plugin created
 * (`registerRemotes`; never `init`). No remote URL is compiled into the host.
 */
export function createRemoteRegistry(
  federation: Pick<ModuleFederation, 'registerRemotes' | 'loadRemote'>,
  {
    loadConfig = () => fetchRemotesConfig(),
    prepareRemotes = toFederationRemotes,
    loadTimeoutMs = 30_000,
  }: RemoteRegistryOptions = {},
): RemoteRegistry {
  let registered: Promise<Set<string>> | undefined;
  const ready = () => {
    // Registered once per page load (a pin change reloads the page), so `force` is never needed.
    registered ??= loadConfig()
      .then(prepareRemotes)
      .then((remotes) => {
        federation.registerRemotes(remotes);
        return new Set<string>(remotes.map((remote) => remote.name));
      })
      .catch((error: unknown) => {
        registered = undefined;
        throw error;
      });
    return registered;
  };
  return {
    ready: async () => {
      await ready();
    },
    async load(id) {
      const names = await ready();
      const remote = id.split('/')[0] ?? id;
      if (!names.has(remote)) throw new Error(`${remote} is not deployed in this environment (remotes.json)`);
      const loaded = await withTimeout(id, loadTimeoutMs, () => federation.loadRemote<unknown>(id));
      if (!loaded) throw new Error(`${id} could not be loaded`);
      return loaded;
    },
  };
}
