// Subresource integrity in what .ci writes (issue 19): the manifest hash in every remotes.json
// entry (lib/integrity.mjs, remoteEntry in lib/static-root.mjs) and a remote deployed to another
// origin (--public-url, --publish-root), through the deploy CLI against fake dists.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { main } from './deploy.mjs';
import { integrityOf, manifestIntegrity, publicBaseUrl } from './lib/integrity.mjs';
import { remoteEntry } from './lib/static-root.mjs';

const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const CDN = 'https://cdn.example.com/team/';

let base = '';
let staticRoot = '';
let publishRoot = '';
let packageDir = '';

async function writeFiles(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** A fake remote-checkout build of `version` in packageDir/dist. */
async function fakeDist(version) {
  await rm(path.join(packageDir, 'dist'), { recursive: true, force: true });
  await writeFiles(path.join(packageDir, 'dist'), {
    'version.json': JSON.stringify({ name: 'remote-checkout', federatedName: 'remote_checkout', version }),
    'mf-manifest.json': JSON.stringify({ id: 'remote_checkout', metaData: { pod: { appVersion: version } } }, null, 2),
    'remoteEntry.js': `var remote_checkout = ${JSON.stringify(version)};`,
  });
}

/** Runs the deploy CLI in packageDir: { code, out, err }. */
async function cli(...args) {
  const out = [];
  const err = [];
  let tick = 0;
  const code = await main(args, {
    cwd: packageDir,
    env: {},
    log: (line) => out.push(line),
    error: (line) => err.push(line),
    now: () => new Date(Date.UTC(2026, 4, 4, 10, 0, tick++)),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));
const stagingConfig = () => readJson(path.join(staticRoot, 'environments/staging/remotes.json'));
const publishedManifest = (root, version) => path.join(root, 'remotes/remote-checkout', version, 'mf-manifest.json');

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'pod-integrity-'));
  staticRoot = path.join(base, 'public');
  publishRoot = path.join(base, 'cdn-bucket');
  packageDir = path.join(base, 'repo', 'remote-checkout');
  await mkdir(packageDir, { recursive: true });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('lib/integrity.mjs', () => {
  it('writes the SRI form browsers check: sha384-<base64 digest>', () => {
    // The SHA-384 of no bytes, as `openssl dgst -sha384 -binary | base64` prints it.
    assert.equal(integrityOf(''), 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb');
    assert.equal(integrityOf(Buffer.from('{"a":1}')), sha384('{"a":1}'));
  });

  it("hashes a version folder's mf-manifest.json, or gives nothing while there is none", async () => {
    const dir = path.join(base, 'remotes/remote-checkout/1.0.0');
    assert.equal(manifestIntegrity(dir), undefined);
    await writeFiles(dir, { 'mf-manifest.json': '{"id":"remote_checkout"}' });
    assert.equal(manifestIntegrity(dir), sha384('{"id":"remote_checkout"}'));
  });

  it('takes an absolute http(s) folder URL as --public-url, and nothing else', () => {
    assert.equal(publicBaseUrl('https://cdn.example.com/team'), CDN);
    assert.equal(publicBaseUrl('http://127.0.0.1:8185'), 'http://127.0.0.1:8185/');
    assert.throws(() => publicBaseUrl('/remotes/'), /not an absolute URL/);
    assert.throws(() => publicBaseUrl('ftp://cdn.example.com/'), /must be an http\(s\) URL/);
    assert.throws(() => publicBaseUrl('https://cdn.example.com/team/?v=1'), /no query, fragment or credentials/);
  });
});

describe('remoteEntry', () => {
  it('carries the integrity of the published manifest, and an absolute entry for another origin', async () => {
    const remote = { dir: 'remote-checkout', version: '1.0.0' };
    await writeFiles(publishRoot, { 'remotes/remote-checkout/1.0.0/mf-manifest.json': '{"v":1}' });
    assert.deepEqual(remoteEntry(remote), {
      entry: '/remotes/remote-checkout/1.0.0/mf-manifest.json',
      version: '1.0.0',
    });
    assert.deepEqual(remoteEntry(remote, { root: publishRoot }), {
      entry: '/remotes/remote-checkout/1.0.0/mf-manifest.json',
      version: '1.0.0',
      integrity: sha384('{"v":1}'),
    });
    assert.deepEqual(remoteEntry(remote, { root: publishRoot, publicUrl: CDN }), {
      entry: 'https://cdn.example.com/team/remotes/remote-checkout/1.0.0/mf-manifest.json',
      version: '1.0.0',
      integrity: sha384('{"v":1}'),
    });
  });
});

describe('deploy to the static root', () => {
  it('writes the integrity of the manifest it published', async () => {
    await fakeDist('1.3.0');
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    const manifest = await readFile(publishedManifest(staticRoot, '1.3.0'));
    assert.deepEqual((await stagingConfig()).remotes.remote_checkout, {
      entry: '/remotes/remote-checkout/1.3.0/mf-manifest.json',
      version: '1.3.0',
      integrity: sha384(manifest),
    });
  });
});

describe('deploy to another origin (--public-url, --publish-root)', () => {
  const target = ['--public-url', CDN, '--publish-root', '<publish-root>'];
  const withRoot = (args) => args.map((arg) => (arg === '<publish-root>' ? publishRoot : arg));

  it('publishes the version folder there, and names it absolutely, with its integrity, in the static root', async () => {
    await fakeDist('1.3.0');
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build', ...withRoot(target));
    assert.equal(run.code, 0, run.err);
    assert.match(
      run.out,
      /published remote-checkout@1\.3\.0 -> https:\/\/cdn\.example\.com\/team\/remotes\/remote-checkout\/1\.3\.0\//,
    );
    assert.deepEqual((await readdir(path.join(publishRoot, 'remotes/remote-checkout/1.3.0'))).sort(), [
      'mf-manifest.json',
      'remoteEntry.js',
      'version.json',
    ]);
    // The portal's static root gets the configuration only, no version folder.
    assert.deepEqual(await readdir(staticRoot), ['environments']);
    assert.deepEqual((await stagingConfig()).remotes.remote_checkout, {
      entry: `${CDN}remotes/remote-checkout/1.3.0/mf-manifest.json`,
      version: '1.3.0',
      integrity: sha384(await readFile(publishedManifest(publishRoot, '1.3.0'))),
    });
  });

  it('gives a canary on another origin its absolute entry and integrity, and promote keeps them', async () => {
    await fakeDist('1.3.0');
    assert.equal((await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build')).code, 0);
    await fakeDist('1.4.0');
    const args = ['--env', 'staging', '--static-root', staticRoot, ...withRoot(target)];
    const run = await cli('deploy', '--canary', '10', '--no-build', ...args);
    assert.equal(run.code, 0, run.err);
    const canary = {
      entry: `${CDN}remotes/remote-checkout/1.4.0/mf-manifest.json`,
      version: '1.4.0',
      integrity: sha384(await readFile(publishedManifest(publishRoot, '1.4.0'))),
    };
    assert.deepEqual((await stagingConfig()).remotes.remote_checkout.canary, { ...canary, share: 10 });
    const promoted = await cli('promote', ...args);
    assert.equal(promoted.code, 0, promoted.err);
    assert.deepEqual((await stagingConfig()).remotes.remote_checkout, canary);
  });

  it('rolls back among the versions published there', async () => {
    const args = ['--env', 'staging', '--static-root', staticRoot, ...withRoot(target)];
    for (const version of ['1.3.0', '1.4.0']) {
      await fakeDist(version);
      assert.equal((await cli('deploy', '--no-build', ...args)).code, 0);
    }
    const run = await cli('rollback', ...args);
    assert.equal(run.code, 0, run.err);
    assert.deepEqual((await stagingConfig()).remotes.remote_checkout, {
      entry: `${CDN}remotes/remote-checkout/1.3.0/mf-manifest.json`,
      version: '1.3.0',
      integrity: sha384(await readFile(publishedManifest(publishRoot, '1.3.0'))),
    });
  });

  it('writes nothing on a dry run', async () => {
    await fakeDist('1.3.0');
    const run = await cli(
      'deploy',
      '--env',
      'staging',
      '--static-root',
      staticRoot,
      '--no-build',
      '--dry-run',
      ...withRoot(target),
    );
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /would publish remote-checkout@1\.3\.0 -> https:\/\/cdn\.example\.com\/team\//);
    await assert.rejects(readdir(publishRoot), { code: 'ENOENT' });
    await assert.rejects(readdir(staticRoot), { code: 'ENOENT' });
  });

  it('refuses a publish root without a public URL, and a URL that names no folder', async () => {
    await fakeDist('1.3.0');
    let run = await cli(
      'deploy',
      '--env',
      'staging',
      '--static-root',
      staticRoot,
      '--no-build',
      '--publish-root',
      publishRoot,
    );
    assert.equal(run.code, 1);
    assert.match(run.err, /--publish-root needs --public-url \(where that folder is served\)/);
    run = await cli(
      'deploy',
      '--env',
      'staging',
      '--static-root',
      staticRoot,
      '--no-build',
      '--public-url',
      'cdn/team',
    );
    assert.equal(run.code, 1);
    assert.match(run.err, /--public-url "cdn\/team" is not an absolute URL/);
    await assert.rejects(readdir(staticRoot), { code: 'ENOENT' });
  });
});
