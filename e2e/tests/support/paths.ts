import fs from 'node:fs';
import path from 'node:path';

/** The repository root (e2e/ is one of its packages). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The published static root the server under test serves: E2E_STATIC_ROOT (set by `npm test`),
 * else the throwaway root that `npm test` builds into.
 */
export const STATIC_ROOT = path.resolve(
  process.env.E2E_STATIC_ROOT || path.join(REPO_ROOT, '.data', 'test-public'),
);

interface RemotesConfig {
  environment: string;
  remotes: Record<string, { entry: string; version: string }>;
}

/** The runtime configuration published with the build. */
export function readRemotesConfig(): RemotesConfig {
  return JSON.parse(fs.readFileSync(path.join(STATIC_ROOT, 'remotes.json'), 'utf8')) as RemotesConfig;
}

/** File path of a remote's manifest in the static root, from its federated name (`remote_library`). */
export function remoteManifestFile(federatedName: string): string {
  const remote = readRemotesConfig().remotes[federatedName];
  if (!remote) throw new Error(`${federatedName} is not in ${STATIC_ROOT}/remotes.json`);
  return path.join(STATIC_ROOT, ...remote.entry.split('/').filter(Boolean));
}
