import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotesConfig } from '@pod/shared-contracts';
import type { ModuleImporter } from './remote-loader';

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

/** Reads the runtime configuration, never from a stale cache. */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = globalThis.fetch): Promise<RemotesConfig> {
  const response = await fetchImpl(REMOTES_CONFIG_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const config: unknown = await response.json();
  if (!isRemotesConfig(config)) throw new Error(`${REMOTES_CONFIG_URL} is not a remotes configuration`);
  return config;
}

/** The federation runtime's remote list for a configuration: `{ name, entry }` per remote. */
export function toFederationRemotes(config: RemotesConfig): Array<{ name: RemoteName; entry: string }> {
  return (Object.entries(config.remotes) as Array<[RemoteName, RemotesConfig['remotes'][RemoteName]]>).map(
    ([name, remote]) => ({ name, entry: remote.entry }),
  );
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
  loadConfig: () => Promise<RemotesConfig> = () => fetchRemotesConfig(),
): RemoteRegistry {
  let registered: Promise<void> | undefined;
  const ready = () => {
    registered ??= loadConfig()
      .then((config) => federation.registerRemotes(toFederationRemotes(config)))
      .catch((error: unknown) => {
        registered = undefined;
        throw error;
      });
    return registered;
  };
  return {
    ready,
    async load(id) {
      await ready();
      const loaded = await federation.loadRemote<unknown>(id);
      if (!loaded) throw new Error(`${id} could not be loaded`);
      return loaded;
    },
  };
}
