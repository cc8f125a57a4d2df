// The static root: what a CDN bucket would hold, and what the API server serves on its one port.
//
//   <root>/index.html, assets...          the host's dist (replaced on each publish)
//   <root>/remotes/<dir>/<version>/...    each remote's dist (versions accumulate, so a rollback
//                                          is only a change of remotes.json)
//   <root>/remotes.json                   runtime configuration read by the host
//
// Small functions on purpose: per-remote deploy and rollback to named environments will
// reuse publishRemote(), remotesConfig() and writeJsonAtomic().
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hostDistDir, listRemotes, REPO_ROOT } from './workspace.mjs';

export const REMOTES_DIR = 'remotes';
export const REMOTES_CONFIG = 'remotes.json';
/** Root entries that are not the host's: cleaning the host must leave them alone. */
const NOT_HOST_FILES = new Set([REMOTES_DIR, REMOTES_CONFIG]);
export const HOST_REQUIRED_FILES = ['index.html'];
export const REMOTE_REQUIRED_FILES = ['mf-manifest.json', 'remoteEntry.js'];

/**
 * @typedef {{ dir: string, name: string, version: string, distDir: string }} Remote
 * @typedef {{ entry: string, version: string }} RemoteEntry
 * @typedef {{ environment: string, remotes: Record<string, RemoteEntry> }} RemotesConfig
 */

/** URL path under which a remote version is served, e.g. `/remotes/remote-account/0.1.0/`. */
export const remoteUrlPath = (/** @type {Remote} */ remote) =>
  `/${REMOTES_DIR}/${remote.dir}/${remote.version}/`;

/** Folder of one remote version inside the static root. */
export const remoteTargetDir = (/** @type {string} */ staticRoot, /** @type {Remote} */ remote) =>
  path.join(staticRoot, REMOTES_DIR, remote.dir, remote.version);

/**
 * The runtime configuration the host reads.
 * @param {Remote[]} remotes
 * @param {string} [environment]
 * @returns {RemotesConfig}
 */
export function remotesConfig(remotes, environment = 'local') {
  return {
    environment,
    remotes: Object.fromEntries(
      remotes.map((remote) => [
        remote.name,
        { entry: `${remoteUrlPath(remote)}mf-manifest.json`, version: remote.version },
      ]),
    ),
  };
}

/**
 * Fails with a clear message when a dist folder is missing or incomplete.
 * @param {string} distDir
 * @param {string[]} requiredFiles
 * @param {string} label
 */
export async function assertDist(distDir, requiredFiles, label) {
  const missing = [];
  for (const file of requiredFiles) {
    const info = await stat(path.join(distDir, file)).catch(() => null);
    if (!info?.isFile()) missing.push(file);
  }
  if (missing.length > 0) {
    throw new Error(`${label}: ${distDir} lacks ${missing.join(', ')} (did its build run?)`);
  }
}

/**
 * Writes JSON so that readers never see a half-written file: temp file in the same folder, then rename.
 * @param {string} file
 * @param {unknown} data
 */
export async function writeJsonAtomic(file, data) {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`,
  );
  try {
    await writeFile(temp, `${JSON.stringify(data, null, 2)}\n`);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Replaces the host's files at the root of the static root, leaving remotes/ and remotes.json.
 * @param {{ staticRoot: string, hostDist: string }} options
 */
export async function publishHost({ staticRoot, hostDist }) {
  await assertDist(hostDist, HOST_REQUIRED_FILES, 'host');
  await mkdir(staticRoot, { recursive: true });
  for (const entry of await readdir(staticRoot)) {
    if (!NOT_HOST_FILES.has(entry)) await rm(path.join(staticRoot, entry), { recursive: true, force: true });
  }
  for (const entry of await readdir(hostDist)) {
    // A remotes.json in the host's dist (a dev default) must not shadow the published one.
    if (NOT_HOST_FILES.has(entry)) continue;
    await cp(path.join(hostDist, entry), path.join(staticRoot, entry), { recursive: true });
  }
}

/**
 * Copies one remote's dist to remotes/<dir>/<version>/, replacing that version if present
 * (copied beside it first, so a failed copy leaves the old one in place).
 * @param {{ staticRoot: string, remote: Remote }} options
 * @returns {Promise<RemoteEntry>}
 */
export async function publishRemote({ staticRoot, remote }) {
  await assertDist(remote.distDir, REMOTE_REQUIRED_FILES, remote.dir);
  const target = remoteTargetDir(staticRoot, remote);
  const staging = `${target}.${process.pid}.staging`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await cp(remote.distDir, staging, { recursive: true });
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return remotesConfig([remote]).remotes[remote.name];
}

/**
 * @param {{ staticRoot: string, config: RemotesConfig }} options
 */
export async function writeRemotesConfig({ staticRoot, config }) {
  await mkdir(staticRoot, { recursive: true });
  await writeJsonAtomic(path.join(staticRoot, REMOTES_CONFIG), config);
}

/**
 * Publishes the built apps into the static root. Remotes first (new versions are additive and
 * harmless while the old remotes.json is live), then the host, then remotes.json last.
 * @param {{ staticRoot: string, repoRoot?: string, environment?: string,
 *   remotes?: Remote[], hostDist?: string, log?: (line: string) => void }} options
 * @returns {Promise<RemotesConfig>}
 */
export async function publish({
  staticRoot,
  repoRoot = REPO_ROOT,
  environment = 'local',
  remotes,
  hostDist = hostDistDir(repoRoot),
  log = () => {},
}) {
  const apps = remotes ?? (await listRemotes(repoRoot));
  for (const remote of apps) {
    await publishRemote({ staticRoot, remote });
    log(`published ${remote.dir}@${remote.version} -> ${remoteUrlPath(remote)}`);
  }
  await publishHost({ staticRoot, hostDist });
  log(`published host -> ${staticRoot}`);
  const config = remotesConfig(apps, environment);
  await writeRemotesConfig({ staticRoot, config });
  log(`wrote ${REMOTES_CONFIG} (${environment}: ${apps.map((r) => r.name).join(', ')})`);
  return config;
}
