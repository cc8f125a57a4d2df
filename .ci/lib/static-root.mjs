// The static root: what a CDN bucket would hold, and what the API server serves on its one port.
//
//   <root>/index.html, assets...                 the host's dist (replaced on each host publish)
//   <root>/remotes/<dir>/<version>/...           each remote's dist, immutable once written
//   <root>/environments/<env>/remotes.json       runtime configuration of one environment
//   <root>/environments/<env>/history.json       the versions each remote ran there, newest last
//   <root>/remotes.json                          legacy mirror of the local environment (see publish
//                                                in deploy.mjs); the server prefers the environment file
//
// The layout and the host publish live here; environments, immutability, deploy and rollback in
// deploy.mjs.
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { manifestIntegrity } from './integrity.mjs';

export const REMOTES_DIR = 'remotes';
export const REMOTES_CONFIG = 'remotes.json';
export const ENVIRONMENTS_DIR = 'environments';
export const HISTORY_FILE = 'history.json';
/** Build metadata every app's dist holds (written by shared-contracts/build/webpack.cjs). */
export const VERSION_FILE = 'version.json';
/** Root entries that are not the host's: cleaning the host must leave them alone. */
const NOT_HOST_FILES = new Set([REMOTES_DIR, REMOTES_CONFIG, ENVIRONMENTS_DIR]);
export const HOST_REQUIRED_FILES = ['index.html'];
export const REMOTE_REQUIRED_FILES = ['mf-manifest.json', 'remoteEntry.js'];

/**
 * Whether a build output file belongs in the static root. Source maps (the full sources) and
 * Module Federation's mf-stats.json (the module graph with file paths) are kept beside the
 * build for decoding errors, never published; nothing at runtime reads them (the federation
 * runtime reads mf-manifest.json, deploys read version.json). The server also refuses to serve
 * them (openapi/server static-site.ts), for static roots published before this rule.
 * @param {string} file a path or file name
 */
export const isPublishable = (file) => {
  const name = path.basename(file);
  return !name.endsWith('.map') && name !== 'mf-stats.json';
};

/** `cp` filter: publishable files and every folder (folders are walked, not judged). */
export const publishableCopy = async (/** @type {string} */ source) =>
  (await stat(source)).isDirectory() || isPublishable(source);

/**
 * @typedef {{ dir: string, name: string, version: string, distDir: string }} Remote
 * @typedef {{ entry: string, version: string, integrity?: string }} RemoteEntry
 * @typedef {{ root: string, publicUrl?: string }} Publication
 *   Where remote versions are published: `root` holds remotes/<dir>/<version>/ (the static root,
 *   or another origin's folder with --publish-root), `publicUrl` is where that root is served
 *   when it is not the portal's own origin (entries are then absolute URLs).
 * @typedef {{ environment: string, pinning: boolean, remotes: Record<string, RemoteEntry> }} RemotesConfig
 */

/** The one environment where QA version pinning is off unless a deploy says --allow-pinning. */
export const PRODUCTION = 'production';

/**
 * Whether the host may honour QA version pins (`?pin=checkout@1.3.0`) in an environment: on
 * everywhere except production, where only an explicit --allow-pinning turns it on.
 * @param {string} environment
 * @param {{ allowPinning?: boolean }} [options]
 */
export const defaultPinning = (environment, { allowPinning = false } = {}) =>
  environment !== PRODUCTION || allowPinning;

/** URL path under which a remote version is served, e.g. `/remotes/remote-account/0.1.0/`. */
export const remoteUrlPath = (/** @type {{ dir: string, version: string }} */ remote) =>
  `/${REMOTES_DIR}/${remote.dir}/${remote.version}/`;

/** Folder of one remote version inside the static root. */
export const remoteTargetDir = (
  /** @type {string} */ staticRoot,
  /** @type {{ dir: string, version: string }} */ remote,
) => path.join(staticRoot, REMOTES_DIR, remote.dir, remote.version);

/**
 * The remotes.json entry of one remote version. Given where it is published, the entry also
 * carries the `integrity` of its published mf-manifest.json (lib/integrity.mjs; none while
 * nothing is published there, as in a dry run) and, for another origin, an absolute URL.
 * @param {{ dir: string, version: string }} remote
 * @param {Publication} [publication]
 * @returns {RemoteEntry}
 */
export const remoteEntry = (remote, publication) => {
  const manifestPath = `${remoteUrlPath(remote)}mf-manifest.json`;
  const integrity = publication && manifestIntegrity(remoteTargetDir(publication.root, remote));
  return {
    entry: publication?.publicUrl ? new URL(manifestPath.slice(1), publication.publicUrl).href : manifestPath,
    version: remote.version,
    ...(integrity && { integrity }),
  };
};

/**
 * A whole runtime configuration for a list of remotes (the shape of
 * environments/<env>/remotes.json).
 * @param {{ dir: string, name: string, version: string }[]} remotes
 * @param {string} [environment]
 * @param {{ pinning?: boolean }} [options]
 * @returns {RemotesConfig}
 */
export function remotesConfig(remotes, environment = 'local', { pinning = defaultPinning(environment) } = {}) {
  return {
    environment,
    pinning,
    remotes: Object.fromEntries(remotes.map((remote) => [remote.name, remoteEntry(remote)])),
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
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await writeFile(temp, `${JSON.stringify(data, null, 2)}\n`);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Replaces the host's files at the root of the static root, leaving remotes/, environments/ and
 * remotes.json.
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
    await cp(path.join(hostDist, entry), path.join(staticRoot, entry), { recursive: true, filter: publishableCopy });
  }
}
