// Subresource integrity of published remotes (issue 19). Every remotes.json entry the build and
// the deploys write carries the sha384 of the published mf-manifest.json, in the SRI format
// browsers use (`sha384-<base64 of the digest>`): the host refuses a manifest with other bytes,
// and the manifest pins remoteEntry.js and its files in turn
// (shared-contracts/build/subresource-integrity.cjs, host/src/federation/integrity.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The algorithm of every integrity the tooling writes (the build and the host agree on it). */
export const INTEGRITY_ALGORITHM = 'sha384';
/** The file a remotes.json entry names, and whose bytes its `integrity` pins. */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * The integrity metadata of some bytes: `sha384-<base64>`.
 * @param {Buffer | string} bytes
 */
export function integrityOf(bytes) {
  return `${INTEGRITY_ALGORITHM}-${createHash(INTEGRITY_ALGORITHM).update(bytes).digest('base64')}`;
}

/**
 * The integrity of a published version's manifest, read from its version folder, or undefined
 * when there is none yet (a dry run of a version not yet published has nothing to hash).
 * Synchronous, as the remotes.json entry it goes into is made in one expression.
 * @param {string} versionDir remotes/<dir>/<version>/ of a static root (or of a publish root)
 */
export function manifestIntegrity(versionDir) {
  let bytes;
  try {
    bytes = readFileSync(path.join(versionDir, MANIFEST_FILE));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
  return integrityOf(bytes);
}

/**
 * Where a remote published to another origin is served from, checked: an absolute http(s) URL of
 * a folder (a trailing slash is added), with no query or fragment. Version folders sit below it as
 * they do in the static root: `<url>remotes/<dir>/<version>/mf-manifest.json`.
 * @param {string} text the `--public-url` of a deploy
 * @returns {string}
 */
export function publicBaseUrl(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--public-url ${JSON.stringify(text)} is not an absolute URL (e.g. https://cdn.example.com/team/)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`--public-url ${JSON.stringify(text)} must be an http(s) URL`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`--public-url ${JSON.stringify(text)} must name a folder: no query, fragment or credentials`);
  }
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}
