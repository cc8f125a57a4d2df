// What the workspace holds: the repo root, the front-end apps and their versions.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder above .ci/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Package dir of the shell app. */
export const HOST_DIR = 'host';

/** Where `npm start` publishes the static root unless STATIC_ROOT says otherwise. */
export const defaultStaticRoot = (repoRoot = REPO_ROOT) => path.join(repoRoot, '.data', 'public');

/** Throwaway static root used by `npm test` for the build + e2e steps. */
export const testStaticRoot = (repoRoot = REPO_ROOT) => path.join(repoRoot, '.data', 'test-public');

/** Federated name of a remote: package dir `remote-x` -> `remote_x`. */
export const federatedName = (dir) => dir.replaceAll('-', '_');

/**
 * Package folders listed in pnpm-workspace.yaml (the `packages:` list; a tiny parser, no YAML dep).
 * @param {string} repoRoot
 * @returns {Promise<string[]>}
 */
export async function workspacePackages(repoRoot = REPO_ROOT) {
  const text = await readFile(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const packages = [];
  let inPackages = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line)) inPackages = /^packages:\s*$/.test(line);
    const item = inPackages && line.match(/^\s+-\s+['"]?([^'"#\s]+)['"]?/);
    if (item) packages.push(item[1]);
  }
  return packages;
}

/**
 * The remotes, in workspace order: every workspace package whose folder is `remote-*`.
 * @param {string} repoRoot
 * @returns {Promise<{ dir: string, name: string, version: string, distDir: string }[]>}
 */
export async function listRemotes(repoRoot = REPO_ROOT) {
  const dirs = (await workspacePackages(repoRoot)).filter((dir) => /^remote-[a-z0-9-]+$/.test(dir));
  return Promise.all(
    dirs.map(async (dir) => ({
      dir,
      name: federatedName(dir),
      version: await packageVersion(path.join(repoRoot, dir)),
      distDir: path.join(repoRoot, dir, 'dist'),
    })),
  );
}

/** The host app's dist folder. */
export const hostDistDir = (repoRoot = REPO_ROOT) => path.join(repoRoot, HOST_DIR, 'dist');

/** @param {string} packageDir */
export async function packageVersion(packageDir) {
  const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
  if (typeof manifest.version !== 'string' || !/^\d+\.\d+\.\d+/.test(manifest.version)) {
    throw new Error(`${packageDir}/package.json has no valid "version"`);
  }
  return manifest.version;
}
