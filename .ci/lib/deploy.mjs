// Publishing into environments: immutable remote versions, one environment's remotes.json and
// history.json, per-remote deploy and rollback. Used by .ci/build.mjs (every app into `local`)
// and .ci/deploy.mjs (one remote into any environment).
//
// The pure functions (withRemoteEntries, withHistoryEntries, rollbackTarget, immutabilityVerdict,
// parse helpers) hold the rules; the async ones around them only read and write files.
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertDist,
  defaultPinning,
  ENVIRONMENTS_DIR,
  HISTORY_FILE,
  isPublishable,
  publishableCopy,
  publishHost,
  REMOTE_REQUIRED_FILES,
  remoteEntry,
  REMOTES_CONFIG,
  REMOTES_DIR,
  remoteTargetDir,
  VERSION_FILE,
  writeJsonAtomic,
} from './static-root.mjs';
import { compatibilityProblems } from './compatibility.mjs';
import { federatedName, hostDistDir, listRemotes, REPO_ROOT } from './workspace.mjs';

export { defaultPinning, PRODUCTION } from './static-root.mjs';

/**
 * @typedef {import('./static-root.mjs').RemotesConfig} RemotesConfig
 * @typedef {import('./static-root.mjs').RemoteEntry} RemoteEntry
 * @typedef {{ entry: string, version: string, share: number }} CanaryEntry
 * @typedef {'deploy' | 'promote' | 'rollback' | 'automatic-rollback'} HistoryEvent
 * @typedef {{ version: string, deployedAt: string, channel?: 'canary', share?: number, event?: HistoryEvent,
 *   reason?: string }} HistoryEntry
 *   Entries without `channel` are the stable timeline (what rollback goes back through); canary
 *   entries say when a canary started (`event: 'deploy'`, its share) and when it was removed
 *   (`share: 0`, `event: 'rollback'` or the server guard's `'automatic-rollback'` with a reason).
 * @typedef {{ name: string, version: string } & Omit<Partial<HistoryEntry>, 'version' | 'deployedAt'>} HistoryChange
 * @typedef {Record<string, HistoryEntry[]>} History
 * @typedef {{ name: string, entry: RemoteEntry }} NamedEntry
 */

/** An error meant for the person running the command: printed without a stack. */
export class DeployError extends Error {
  name = 'DeployError';
}

const ENVIRONMENT_NAME = /^[a-z0-9][a-z0-9_-]*$/i;
const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
const REMOTE_DIR = /^remote-[a-z0-9-]+$/;

/** @param {string} environment */
export function assertEnvironmentName(environment) {
  if (typeof environment !== 'string' || !ENVIRONMENT_NAME.test(environment)) {
    throw new DeployError(
      `invalid environment ${JSON.stringify(environment)}: letters, digits, "-" and "_" only (e.g. staging)`,
    );
  }
  return environment;
}

/** @param {string} version */
export const isVersion = (version) => typeof version === 'string' && VERSION.test(version);

/** Files of one environment inside the static root. */
export function environmentPaths(/** @type {string} */ staticRoot, /** @type {string} */ environment) {
  const dir = path.join(staticRoot, ENVIRONMENTS_DIR, assertEnvironmentName(environment));
  return { dir, config: path.join(dir, REMOTES_CONFIG), history: path.join(dir, HISTORY_FILE) };
}

/**
 * The environment's configuration with the given remotes' entries set and nothing else changed:
 * other remotes keep their entries (same values, same order), a new remote is appended, unknown
 * top-level fields survive. `pinning` is recomputed on every write (see defaultPinning).
 * @param {RemotesConfig | null} config the current file, or null when there is none
 * @param {{ environment: string, pinning: boolean, entries: NamedEntry[] }} change
 * @returns {RemotesConfig}
 */
export function withRemoteEntries(config, { environment, pinning, entries }) {
  const remotes = { ...(config?.remotes ?? {}) };
  for (const { name, entry } of entries) remotes[name] = entry;
  return { ...(config ?? {}), environment, pinning, remotes };
}

/**
 * History with one entry appended per change, newest last. A stable change to the version the
 * stable timeline already ends with adds nothing (a rebuild or a repeated deploy is not a new
 * version), nor does a canary change repeating the newest canary entry; a promotion always adds.
 * @param {History | null} history
 * @param {HistoryChange[]} changes
 * @param {string} deployedAt ISO time
 * @returns {History}
 */
export function withHistoryEntries(history, changes, deployedAt) {
  const next = { ...(history ?? {}) };
  for (const { name, version, ...extra } of changes) {
    const list = next[name] ?? [];
    const canary = extra.channel === 'canary';
    const last = list.findLast((entry) => (entry.channel === 'canary') === canary);
    const repeated = canary
      ? last?.version === version && last.share === extra.share && last.event === extra.event
      : extra.event === undefined && last?.version === version;
    if (repeated) continue;
    next[name] = [...list, { version, deployedAt, ...extra }];
  }
  return next;
}

/** The least and most a canary may get: at 100 % it is no canary, `promote` it instead. */
export const CANARY_SHARE = { min: 1, max: 99 };

/**
 * `--canary <N>` as a share: a whole percentage from 1 to 99.
 * @param {string} text
 * @returns {number}
 */
export function parseCanaryShare(text) {
  const share = /^\d{1,3}$/.test(String(text)) ? Number(text) : Number.NaN;
  if (!(share >= CANARY_SHARE.min && share <= CANARY_SHARE.max)) {
    throw new DeployError(
      `--canary ${JSON.stringify(text)} is not a share: give a whole percentage from ${CANARY_SHARE.min} to ${CANARY_SHARE.max} ` +
        '(to give a version to everyone, deploy it without --canary or promote its canary)',
    );
  }
  return share;
}

/** How a remote's commands are typed, for messages. */
const command = (/** @type {string} */ name, /** @type {string} */ verb, /** @type {string} */ environment) =>
  `pnpm --filter ${name.replace('_', '-')} run ${verb} -- --env ${environment}`;

/**
 * What a deploy does to one remote's entry, or why it must not: the rules of stable and canary
 * deploys. A canary needs a stable version beside it and is one at a time; while one runs, a
 * plain deploy is refused (promote it or roll it back first), so nobody replaces the version a
 * canary is being compared with.
 * @param {{ name: string, environment: string, current: (RemoteEntry & { canary?: CanaryEntry }) | undefined,
 *   entry: RemoteEntry, share?: number }} plan
 *   entry: the new version's entry; share: the canary's share, or undefined for a plain deploy
 * @returns {{ entry: RemoteEntry & { canary?: CanaryEntry }, change: HistoryChange }}
 */
export function planDeploy({ name, environment, current, entry, share }) {
  const running = current?.canary;
  if (share === undefined) {
    if (running) {
      throw new DeployError(
        running.version === entry.version
          ? `${name} ${entry.version} runs as a canary for ${running.share} % of ${environment}: promote it (${command(name, 'promote', environment)})`
          : `${name} has a canary ${running.version} for ${running.share} % of ${environment}: promote it or roll it back (${command(name, 'rollback', environment)}) before deploying another version`,
      );
    }
    return { entry, change: { name, version: entry.version } };
  }
  if (!current) {
    throw new DeployError(
      `${name} has no stable version in ${environment} to share users with: deploy it without --canary first`,
    );
  }
  if (current.version === entry.version) {
    throw new DeployError(`${name} already runs ${entry.version} for everyone in ${environment}`);
  }
  if (running && running.version !== entry.version) {
    throw new DeployError(
      `${name} has a canary ${running.version} for ${running.share} % of ${environment}: promote it or roll it back before starting another`,
    );
  }
  return {
    entry: { ...current, canary: { ...entry, share } },
    change: { name, version: entry.version, channel: 'canary', share, event: 'deploy' },
  };
}

/**
 * The entry without its canary (everyone back on the stable version) and the history change
 * that says so.
 * @param {{ name: string, current: RemoteEntry & { canary: CanaryEntry }, event?: HistoryEvent, reason?: string }} options
 */
export function withoutCanary({ name, current, event = 'rollback', reason }) {
  const { canary, ...stable } = current;
  return {
    entry: stable,
    change: /** @type {HistoryChange} */ ({
      name,
      version: canary.version,
      channel: 'canary',
      share: 0,
      event,
      ...(reason && { reason }),
    }),
  };
}

/**
 * The entry after promoting its canary: the canary's version for everyone.
 * @param {{ name: string, environment: string, current: (RemoteEntry & { canary?: CanaryEntry }) | undefined }} options
 */
export function planPromote({ name, environment, current }) {
  if (!current?.canary) {
    throw new DeployError(
      `${name} has no canary in ${environment} to promote (start one with ${command(name, 'deploy', environment)} --canary <share>)`,
    );
  }
  const { share: _share, ...entry } = current.canary;
  return {
    entry: /** @type {RemoteEntry} */ (entry),
    change: /** @type {HistoryChange} */ ({ name, version: entry.version, event: 'promote' }),
  };
}

/**
 * The version a rollback points a remote to.
 * Without `to`: the newest version in the environment's history that is not the current one
 * (so a second rollback undoes the first). With `to`: that version, which must be published.
 * @param {{ name: string, environment: string, current: string | undefined, history: History | null,
 *   to?: string, published: string[] }} options
 *   published: the versions present under remotes/<dir>/
 * @returns {string}
 */
export function rollbackTarget({ name, environment, current, history, to, published }) {
  if (!current) throw new DeployError(`nothing to roll back: ${name} is not deployed in ${environment}`);
  if (to !== undefined) {
    if (!isVersion(to)) throw new DeployError(`--to ${JSON.stringify(to)} is not a version (x.y.z)`);
    if (to === current) throw new DeployError(`${name} already runs ${to} in ${environment}`);
    if (!published.includes(to)) {
      throw new DeployError(
        `${name} ${to} was never published (remotes/ holds ${published.length > 0 ? published.join(', ') : 'no version'})`,
      );
    }
    return to;
  }
  const previous = (history?.[name] ?? [])
    .filter((entry) => entry.channel !== 'canary')
    .findLast((entry) => entry.version !== current)?.version;
  if (!previous) {
    throw new DeployError(
      `nothing to roll back to: ${environment} has run no other version of ${name} than ${current} (use --to <version>)`,
    );
  }
  if (!published.includes(previous)) {
    throw new DeployError(`${name} ${previous} (the previous version) is no longer under remotes/`);
  }
  return previous;
}

/**
 * Files that differ between a dist and a published version folder (relative paths, sorted).
 * version.json's `builtAt` is ignored: rebuilding the same sources is the same version; files
 * that are never published (isPublishable) and compressed siblings (withoutDerived) are not
 * compared.
 * @param {string} sourceDir
 * @param {string} targetDir
 */
export async function differingFiles(sourceDir, targetDir) {
  const [source, target] = (await Promise.all([listFiles(sourceDir), listFiles(targetDir)])).map(withoutDerived);
  const differing = [...source, ...target].filter((file) => !(source.includes(file) && target.includes(file)));
  for (const file of source.filter((f) => target.includes(f))) {
    const [a, b] = await Promise.all([readFile(path.join(sourceDir, file)), readFile(path.join(targetDir, file))]);
    const same = file === VERSION_FILE ? sameBuildInfo(a, b) : a.equals(b);
    if (!same) differing.push(file);
  }
  return [...new Set(differing)].sort();
}

/**
 * Drops the compressed siblings (`main.js.br`, `main.js.gz` beside `main.js`) from a listing:
 * they are derived from a file that is compared, so they say nothing more about the build, while
 * another zlib may encode the same bytes differently, and a version published before the builds
 * compressed has none (the server then compresses on the fly). Either must not be a conflict.
 * @param {string[]} files
 */
function withoutDerived(files) {
  const all = new Set(files);
  return files.filter((file) => !(/\.(?:br|gz)$/.test(file) && all.has(file.slice(0, -3))));
}

/** @param {Buffer} a @param {Buffer} b */
function sameBuildInfo(a, b) {
  try {
    const strip = (buffer) => JSON.stringify({ ...JSON.parse(buffer.toString('utf8')), builtAt: undefined });
    return strip(a) === strip(b);
  } catch {
    return a.equals(b);
  }
}

/**
 * Every publishable file below `dir`, relative, posix separators. Unpublishable ones (source
 * maps, mf-stats.json) are left out on both sides, so a version folder published before they
 * were excluded still counts as the same build.
 */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && isPublishable(entry.name))
    .map((entry) =>
      path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/'),
    );
}

/**
 * What to do with a version folder: copy it (absent), nothing (identical), or refuse (different).
 * @param {{ exists: boolean, differing: string[], label: string, target: string }} facts
 * @returns {'copy' | 'unchanged'}
 */
export function immutabilityVerdict({ exists, differing, label, target }) {
  if (!exists) return 'copy';
  if (differing.length === 0) return 'unchanged';
  const shown = differing.slice(0, 5).join(', ') + (differing.length > 5 ? `, ... (${differing.length} files)` : '');
  throw new DeployError(
    `${label} is already published in ${target} with different files (${shown}). ` +
      'Published versions are immutable: bump "version" in the package.json (or set POD_APP_VERSION) and build again. ' +
      '(A throwaway local static root may simply be deleted.)',
  );
}

/**
 * Copies a remote's dist to remotes/<dir>/<version>/ unless that version is already there with
 * the same files; refuses when it is there with other files. The copy lands beside the target
 * first and is renamed into place, so a version folder is never half written.
 * @param {{ staticRoot: string, dir: string, version: string, distDir: string, dryRun?: boolean }} options
 * @returns {Promise<'copied' | 'unchanged' | 'would copy'>}
 */
export async function publishRemoteVersion({ staticRoot, dir, version, distDir, dryRun = false }) {
  await assertDist(distDir, REMOTE_REQUIRED_FILES, dir);
  const target = remoteTargetDir(staticRoot, { dir, version });
  const exists = await isDirectory(target);
  const differing = exists ? await differingFiles(distDir, target) : [];
  const verdict = immutabilityVerdict({ exists, differing, label: `${dir}@${version}`, target });
  if (verdict === 'unchanged') return 'unchanged';
  if (dryRun) return 'would copy';
  const staging = `${target}.${process.pid}.staging`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await cp(distDir, staging, { recursive: true, filter: publishableCopy });
    await rename(staging, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return 'copied';
}

/** @param {string} dir */
async function isDirectory(dir) {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}

/** @param {string} file @returns {Promise<any>} null when the file does not exist */
export async function readJsonIfExists(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DeployError(`${file} is not valid JSON: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * Points remotes of one environment at new entries: remotes.json first (what the host reads),
 * then history.json, each written atomically. Creates the environment when missing.
 * @param {{ staticRoot: string, environment: string, entries: NamedEntry[], allowPinning?: boolean,
 *   deployedAt: string, dryRun?: boolean, changes?: HistoryChange[] }} options
 *   changes: what history records (default: each entry's version on the stable timeline)
 * @returns {Promise<{ config: RemotesConfig, history: History, before: RemotesConfig | null }>}
 */
export async function updateEnvironment({
  staticRoot,
  environment,
  entries,
  allowPinning = false,
  deployedAt,
  dryRun = false,
  changes = entries.map(({ name, entry }) => ({ name, version: entry.version })),
}) {
  const files = environmentPaths(staticRoot, environment);
  const before = await readJsonIfExists(files.config);
  const config = withRemoteEntries(before, {
    environment,
    pinning: defaultPinning(environment, { allowPinning }),
    entries,
  });
  const history = withHistoryEntries(await readJsonIfExists(files.history), changes, deployedAt);
  if (!dryRun) {
    await mkdir(files.dir, { recursive: true });
    await writeJsonAtomic(files.config, config);
    await writeJsonAtomic(files.history, history);
  }
  return { config, history, before };
}

/**
 * The version.json of a remote's dist, checked against the remote it should describe.
 * @param {string} distDir
 * @param {{ dir: string, name: string }} remote
 * @returns {Promise<{ version: string } & Record<string, unknown>>}
 */
export async function readBuildInfo(distDir, remote) {
  const info = await readJsonIfExists(path.join(distDir, VERSION_FILE));
  if (!info) throw new DeployError(`${remote.dir}: ${distDir} has no ${VERSION_FILE} (did its build run?)`);
  if (info.federatedName !== remote.name) {
    throw new DeployError(`${distDir}/${VERSION_FILE} describes ${info.federatedName}, not ${remote.name}`);
  }
  if (!isVersion(info.version)) throw new DeployError(`${distDir}/${VERSION_FILE} has no valid version`);
  return info;
}

/** The remote a package folder is: remote-checkout -> { dir, name: remote_checkout }. */
export function remoteOfPackageDir(/** @type {string} */ packageDir) {
  const dir = path.basename(path.resolve(packageDir));
  if (!REMOTE_DIR.test(dir)) {
    throw new DeployError(
      `${dir} is not a remote (remote-*): deploy and rollback run in a remote's folder ` +
        '(pnpm --filter remote-x run deploy -- --env <name>); the host is published by node .ci/build.mjs',
    );
  }
  return { dir, name: federatedName(dir) };
}

/** Versions published for a remote: the folders under remotes/<dir>/ that hold a manifest. */
export async function publishedVersions(/** @type {string} */ staticRoot, /** @type {string} */ dir) {
  const base = path.join(staticRoot, REMOTES_DIR, dir);
  const entries = await readdir(base, { withFileTypes: true }).catch(() => []);
  const versions = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isVersion(entry.name)) continue;
    const manifest = await stat(path.join(base, entry.name, 'mf-manifest.json')).catch(() => null);
    if (manifest?.isFile()) versions.push(entry.name);
  }
  return versions;
}

/**
 * Refuses (DeployError) a remote build that cannot run under the host published at the root of
 * `staticRoot`, before anything is copied (lib/compatibility.mjs says what is checked). A root
 * without a published host has nobody to break: that is logged and allowed.
 * @param {{ staticRoot: string, remote: { dir: string, name: string }, info: Record<string, any>,
 *   distDir: string, log: (line: string) => void }} options
 */
export async function assertCompatibleWithHost({ staticRoot, remote, info, distDir, log }) {
  const [hostInfo, hostManifest] = await Promise.all([
    readJsonIfExists(path.join(staticRoot, VERSION_FILE)),
    readJsonIfExists(path.join(staticRoot, 'mf-manifest.json')),
  ]);
  if (!hostInfo || !hostManifest) {
    log(`no host is published in ${staticRoot}: compatibility not checked`);
    return;
  }
  const manifest = await readJsonIfExists(path.join(distDir, 'mf-manifest.json'));
  if (!manifest) throw new DeployError(`${distDir} has no mf-manifest.json (did its build run?)`);
  const problems = compatibilityProblems(
    { name: remote.name, info, manifest },
    { info: hostInfo, manifest: hostManifest },
  );
  if (problems.length > 0) {
    throw new DeployError(
      `${remote.dir}@${info.version} cannot run under the host published in ${staticRoot} ` +
        `(host ${hostInfo.version}, @pod/shared-contracts ${hostInfo.sharedContracts}), so nothing was changed:\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
  }
  log(`compatible with the host ${hostInfo.version} (@pod/shared-contracts ${hostInfo.sharedContracts})`);
}

/**
 * One remote's entry of an environment changed (updateEnvironment for that remote alone), its
 * history recording `change` (default: the entry's version on the stable timeline).
 * @param {{ staticRoot: string, environment: string, name: string, entry: RemoteEntry,
 *   change?: HistoryChange, allowPinning?: boolean, dryRun?: boolean, now: () => Date }} options
 */
function changeOneRemote({ staticRoot, environment, name, entry, change, allowPinning, dryRun, now }) {
  return updateEnvironment({
    staticRoot,
    environment,
    entries: [{ name, entry }],
    ...(change && { changes: [change] }),
    allowPinning,
    deployedAt: now().toISOString(),
    dryRun,
  });
}

/**
 * A published version (rolled back to, or promoted) checked against the host published now: an
 * older build may not run under a newer host, and the host may have changed since it was deployed.
 * @param {{ staticRoot: string, publication: import('./static-root.mjs').Publication,
 *   remote: { dir: string, name: string }, version: string, log: (line: string) => void }} options
 */
async function assertPublishedCompatible({ staticRoot, publication, remote, version, log }) {
  const publishedDir = path.join(publication.root, REMOTES_DIR, remote.dir, version);
  const info = (await readJsonIfExists(path.join(publishedDir, VERSION_FILE))) ?? { version };
  await assertCompatibleWithHost({ staticRoot, remote, info: { ...info, version }, distDir: publishedDir, log });
}

/**
 * Deploys one remote from its package folder: (build,) check it against the published host,
 * publish its version folder, point only its entry of the environment at it (or, with `canary`,
 * give it to that share of browsers beside the stable version), append to history.
 * @param {{ packageDir: string, staticRoot: string, environment: string, build?: (packageDir: string) => Promise<void>,
 *   canary?: number, allowPinning?: boolean, dryRun?: boolean, now?: () => Date, log?: (line: string) => void,
 *   publication?: import('./static-root.mjs').Publication }} options
 *   publication: where the version folder goes and is served (default: the static root, relative entries)
 *   build: runs the remote's build; omitted = use the existing dist (--no-build)
 *   canary: the share (1..99) of browsers that get this version; omitted = everyone
 */
export async function deployRemote({
  packageDir,
  staticRoot,
  publication = { root: staticRoot },
  environment,
  build,
  canary,
  allowPinning = false,
  dryRun = false,
  now = () => new Date(),
  log = () => {},
}) {
  assertEnvironmentName(environment);
  const remote = remoteOfPackageDir(packageDir);
  const files = environmentPaths(staticRoot, environment);
  const distDir = path.join(packageDir, 'dist');
  if (build) {
    log(`building ${remote.dir}`);
    await build(packageDir);
  } else {
    log(`using the existing ${path.relative(process.cwd(), distDir) || distDir} (--no-build)`);
  }
  const info = await readBuildInfo(distDir, remote);
  const { version } = info;
  const plan = (/** @type {RemoteEntry} */ entry, /** @type {RemotesConfig | null} */ config) =>
    planDeploy({ name: remote.name, environment, current: config?.remotes?.[remote.name], entry, share: canary });
  // Refused by the rules before anything is copied (and planned again on the file as it is then).
  plan(remoteEntry({ dir: remote.dir, version }), await readJsonIfExists(files.config));
  await assertCompatibleWithHost({ staticRoot, remote, info, distDir, log });
  const published = await publishRemoteVersion({
    staticRoot: publication.root,
    dir: remote.dir,
    version,
    distDir,
    dryRun,
  });
  const entry = remoteEntry({ dir: remote.dir, version }, publication);
  log(
    {
      copied: `published ${remote.dir}@${version} -> ${entry.entry.replace(/mf-manifest\.json$/, '')}`,
      unchanged: `${remote.dir}@${version} is already published with the same files: nothing copied`,
      'would copy': `would publish ${remote.dir}@${version} -> ${entry.entry.replace(/mf-manifest\.json$/, '')}`,
    }[published],
  );
  const planned = plan(entry, await readJsonIfExists(files.config));
  const result = await changeOneRemote({
    staticRoot,
    environment,
    name: remote.name,
    ...planned,
    allowPinning,
    dryRun,
    now,
  });
  const from = result.before?.remotes?.[remote.name]?.version;
  const pinning = `pinning ${result.config.pinning ? 'on' : 'off'}`;
  const would = (/** @type {string} */ done, /** @type {string} */ planned) => (dryRun ? `would ${planned}` : done);
  log(
    canary !== undefined
      ? `${would('gave', 'give')} ${canary} % of ${environment}'s browsers ${remote.name} ${version}; the others keep ${from} (${pinning})`
      : from === version
        ? `${environment}'s ${remote.name} already runs ${version} (${pinning})`
        : `${would('pointed', 'point')} ${environment}'s ${remote.name} ${from ? `from ${from} ` : ''}to ${version} (${pinning})`,
  );
  return { remote, version, previous: from, published, ...result };
}

/**
 * Points one remote of an environment back to the previous version it ran, or to `to`.
 * @param {{ packageDir: string, staticRoot: string, environment: string, to?: string,
 *   allowPinning?: boolean, dryRun?: boolean, now?: () => Date, log?: (line: string) => void,
 *   publication?: import('./static-root.mjs').Publication }} options
 *   publication: where the versions were published (as the deploy was told)
 */
export async function rollbackRemote({
  packageDir,
  staticRoot,
  publication = { root: staticRoot },
  environment,
  to,
  allowPinning = false,
  dryRun = false,
  now = () => new Date(),
  log = () => {},
}) {
  const remote = remoteOfPackageDir(packageDir);
  const files = environmentPaths(staticRoot, environment);
  const config = await readJsonIfExists(files.config);
  const currentEntry = config?.remotes?.[remote.name];
  const current = currentEntry?.version;
  if (currentEntry?.canary) {
    const { canary } = currentEntry;
    if (to !== undefined) {
      throw new DeployError(
        `${remote.name} has a canary ${canary.version} for ${canary.share} % of ${environment}: roll the canary back first (without --to), then the stable version`,
      );
    }
    // Everyone back on the stable version they ran beside it: nothing new to check against the host.
    const removed = withoutCanary({ name: remote.name, current: currentEntry });
    const result = await changeOneRemote({
      staticRoot,
      environment,
      name: remote.name,
      ...removed,
      allowPinning,
      dryRun,
      now,
    });
    log(
      `${dryRun ? 'would roll' : 'rolled'} back ${environment}'s ${remote.name} canary ${canary.version} (${canary.share} %): everyone runs ${current}`,
    );
    return { remote, version: current, previous: canary.version, ...result };
  }
  const version = rollbackTarget({
    name: remote.name,
    environment,
    current,
    history: await readJsonIfExists(files.history),
    to,
    published: await publishedVersions(publication.root, remote.dir),
  });
  // An older version may not run under a newer host either: the same check as a deploy.
  await assertPublishedCompatible({ staticRoot, publication, remote, version, log });
  const entry = remoteEntry({ dir: remote.dir, version }, publication);
  const result = await changeOneRemote({
    staticRoot,
    environment,
    name: remote.name,
    entry,
    allowPinning,
    dryRun,
    now,
  });
  log(`${dryRun ? 'would roll' : 'rolled'} ${environment}'s ${remote.name} back from ${current} to ${version}`);
  return { remote, version, previous: current, ...result };
}

/**
 * Gives a remote's canary to everyone: its entry becomes the stable one and the canary goes.
 * Checked against the published host again (the host may have changed since the canary began).
 * @param {{ packageDir: string, staticRoot: string, environment: string, allowPinning?: boolean,
 *   dryRun?: boolean, now?: () => Date, log?: (line: string) => void,
 *   publication?: import('./static-root.mjs').Publication }} options
 *   publication: where the canary's version was published (as its deploy was told)
 */
export async function promoteRemote({
  packageDir,
  staticRoot,
  publication = { root: staticRoot },
  environment,
  allowPinning = false,
  dryRun = false,
  now = () => new Date(),
  log = () => {},
}) {
  const remote = remoteOfPackageDir(packageDir);
  const files = environmentPaths(staticRoot, environment);
  const current = (await readJsonIfExists(files.config))?.remotes?.[remote.name];
  const planned = planPromote({ name: remote.name, environment, current });
  const { version } = planned.entry;
  await assertPublishedCompatible({ staticRoot, publication, remote, version, log });
  const result = await changeOneRemote({
    staticRoot,
    environment,
    name: remote.name,
    ...planned,
    allowPinning,
    dryRun,
    now,
  });
  log(
    `${dryRun ? 'would promote' : 'promoted'} ${environment}'s ${remote.name} ${version} from ${current?.version} to everyone`,
  );
  return { remote, version, previous: current?.version, ...result };
}

/**
 * `node .ci/build.mjs`'s publish: every remote into its version folder, the host at the root,
 * then every remote's entry of the environment (default `local`) and its history. Also writes a
 * root remotes.json mirroring that environment, for readers of the old layout (the e2e support
 * code reads <root>/remotes.json from disk); the server prefers environments/<env>/remotes.json.
 * @param {{ staticRoot: string, repoRoot?: string, environment?: string,
 *   remotes?: import('./static-root.mjs').Remote[], hostDist?: string, now?: () => Date,
 *   log?: (line: string) => void }} options
 * @returns {Promise<RemotesConfig>}
 */
export async function publish({
  staticRoot,
  repoRoot = REPO_ROOT,
  environment = 'local',
  remotes,
  hostDist = hostDistDir(repoRoot),
  now = () => new Date(),
  log = () => {},
}) {
  assertEnvironmentName(environment);
  const apps = remotes ?? (await listRemotes(repoRoot));
  /** @type {NamedEntry[]} */
  const entries = [];
  for (const remote of apps) {
    // The build says which version it is (POD_APP_VERSION may differ from package.json).
    const info = await readJsonIfExists(path.join(remote.distDir, VERSION_FILE));
    const version = isVersion(info?.version) ? info.version : remote.version;
    const published = await publishRemoteVersion({ staticRoot, dir: remote.dir, version, distDir: remote.distDir });
    const entry = remoteEntry({ dir: remote.dir, version }, { root: staticRoot });
    entries.push({ name: remote.name, entry });
    log(
      `${published === 'copied' ? 'published' : 'already published'} ${remote.dir}@${version} -> ${entry.entry.replace(/mf-manifest\.json$/, '')}`,
    );
  }
  await publishHost({ staticRoot, hostDist });
  log(`published host -> ${staticRoot}`);
  const { config } = await updateEnvironment({ staticRoot, environment, entries, deployedAt: now().toISOString() });
  await writeJsonAtomic(path.join(staticRoot, REMOTES_CONFIG), config);
  log(`wrote ${ENVIRONMENTS_DIR}/${environment}/${REMOTES_CONFIG} (${apps.map((r) => r.name).join(', ')})`);
  return config;
}
