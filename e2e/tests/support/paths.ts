import fs from 'node:fs';
import path from 'node:path';

/** The repository root (e2e/ is one of its packages). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The published static root the server under test serves: E2E_STATIC_ROOT (set by `npm test`),
 * else the throwaway root that `npm test` builds into. The `deployments` project never writes
 * into it: its server serves a temp copy (deploymentsStaticRoot()).
 */
export const STATIC_ROOT = path.resolve(process.env.E2E_STATIC_ROOT || path.join(REPO_ROOT, '.data', 'test-public'));

/** Where the runner puts the path of the `deployments` project's static root (a temp copy of STATIC_ROOT). */
export const DEPLOYMENTS_STATIC_ROOT_VARIABLE = 'POD_E2E_DEPLOYMENTS_STATIC_ROOT';

/** The `deployments` server's static root, made by playwright.config.ts when the run starts. */
export function deploymentsStaticRoot(): string {
  const root = process.env[DEPLOYMENTS_STATIC_ROOT_VARIABLE];
  if (!root) throw new Error(`${DEPLOYMENTS_STATIC_ROOT_VARIABLE} is not set (playwright.config.ts sets it)`);
  return root;
}

export interface RemoteEntry {
  entry: string;
  version: string;
}

export interface RemotesConfig {
  environment: string;
  pinning?: boolean;
  remotes: Record<string, RemoteEntry>;
}

/** File of one environment's runtime configuration in a static root. */
export function environmentConfigFile(staticRoot: string, environment: string): string {
  return path.join(staticRoot, 'environments', environment, 'remotes.json');
}

/**
 * The runtime configuration of `environment` in `staticRoot`: environments/<env>/remotes.json,
 * else (a root published before environments existed) the root remotes.json.
 */
export function readRemotesConfig(staticRoot: string = STATIC_ROOT, environment = 'local'): RemotesConfig {
  const candidates = [environmentConfigFile(staticRoot, environment), path.join(staticRoot, 'remotes.json')];
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`no remotes.json for environment ${environment} in ${staticRoot}`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RemotesConfig;
}

/** File path of a remote's manifest in the static root, from its federated name (`remote_library`). */
export function remoteManifestFile(federatedName: string): string {
  const remote = readRemotesConfig().remotes[federatedName];
  if (!remote) throw new Error(`${federatedName} is not in the remotes.json of ${STATIC_ROOT}`);
  return path.join(STATIC_ROOT, ...remote.entry.split('/').filter(Boolean));
}

/**
 * The folder of the version a remote runs (`<root>/remotes/remote-library/0.1.0`), from its
 * federated name: the folder holding its manifest.
 */
export function remoteVersionDir(federatedName: string): string {
  return path.dirname(remoteManifestFile(federatedName));
}
