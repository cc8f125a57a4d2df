// The publish step of .ci/build.mjs, on a fake workspace with hand-made dist folders.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { publish } from './build.mjs';
import { remotesConfig, writeJsonAtomic } from './lib/static-root.mjs';
import { federatedName, listRemotes, workspacePackages } from './lib/workspace.mjs';

const REMOTE_DIRS = ['remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];

/** @type {string} */
let repo;
/** @type {string} */
let staticRoot;

async function writeFiles(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** A workspace like the real one: pnpm-workspace.yaml, package.json versions, dist folders. */
async function makeFakeRepo(root, versions = {}) {
  await writeFiles(root, {
    'pnpm-workspace.yaml': `packages:\n  - host\n${REMOTE_DIRS.map((d) => `  - ${d}\n`).join('')}  - shared-contracts\n  - e2e\nonlyBuiltDependencies:\n  - esbuild\n`,
    'host/package.json': JSON.stringify({ name: 'host', version: '0.1.0' }),
    'host/dist/index.html': '<!doctype html><title>Print on Demand | Host</title>',
    'host/dist/main.abc123.js': 'console.log("host")',
    'host/dist/static/logo.svg': '<svg/>',
  });
  for (const dir of REMOTE_DIRS) {
    await writeFiles(path.join(root, dir), {
      'package.json': JSON.stringify({ name: dir, version: versions[dir] ?? '0.1.0' }),
      'dist/mf-manifest.json': JSON.stringify({ name: federatedName(dir) }),
      'dist/remoteEntry.js': `/* ${dir} */`,
      'dist/chunks/feature.1234.js': `/* ${dir} chunk */`,
    });
  }
}

const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));

beforeEach(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'pod-publish-'));
  repo = path.join(base, 'repo');
  staticRoot = path.join(base, 'public');
  await makeFakeRepo(repo);
});

afterEach(async () => {
  await rm(path.dirname(repo), { recursive: true, force: true });
});

describe('workspace discovery', () => {
  it('reads the package list of pnpm-workspace.yaml', async () => {
    assert.deepEqual(await workspacePackages(repo), ['host', ...REMOTE_DIRS, 'shared-contracts', 'e2e']);
  });

  it('lists the remotes with federated names and versions', async () => {
    const remotes = await listRemotes(repo);
    assert.deepEqual(
      remotes.map(({ dir, name, version }) => ({ dir, name, version })),
      REMOTE_DIRS.map((dir) => ({ dir, name: dir.replace('-', '_'), version: '0.1.0' })),
    );
  });

  it('the real workspace has the four remotes', async () => {
    assert.deepEqual(
      (await listRemotes()).map((r) => r.name),
      ['remote_account', 'remote_library', 'remote_checkout', 'remote_wizard'],
    );
  });
});

/** The sha384 integrity of a fake build's manifest (what makeFakeRepo writes for `dir`). */
const manifestIntegrityOf = (dir) =>
  `sha384-${createHash('sha384')
    .update(JSON.stringify({ name: federatedName(dir) }))
    .digest('base64')}`;

const LOCAL_CONFIG = {
  environment: 'local',
  pinning: true,
  remotes: Object.fromEntries(
    REMOTE_DIRS.map((dir) => [
      federatedName(dir),
      { entry: `/remotes/${dir}/0.1.0/mf-manifest.json`, version: '0.1.0', integrity: manifestIntegrityOf(dir) },
    ]),
  ),
};
const NOW = () => new Date('2026-05-04T10:00:00.000Z');

describe('publish', () => {
  it('lays out the static root and writes the local environment in the agreed shape', async () => {
    await publish({ repoRoot: repo, staticRoot, now: NOW });

    assert.deepEqual((await readdir(staticRoot)).sort(), [
      'environments',
      'index.html',
      'main.abc123.js',
      'remotes',
      'remotes.json',
      'static',
    ]);
    assert.equal(await readFile(path.join(staticRoot, 'static/logo.svg'), 'utf8'), '<svg/>');
    for (const dir of REMOTE_DIRS) {
      const versionDir = path.join(staticRoot, 'remotes', dir, '0.1.0');
      assert.deepEqual((await readdir(versionDir)).sort(), ['chunks', 'mf-manifest.json', 'remoteEntry.js']);
      assert.deepEqual(await readJson(path.join(versionDir, 'mf-manifest.json')), { name: federatedName(dir) });
    }
    assert.deepEqual(await readdir(path.join(staticRoot, 'environments')), ['local']);
    assert.equal(
      await readFile(path.join(staticRoot, 'environments/local/remotes.json'), 'utf8'),
      `${JSON.stringify(LOCAL_CONFIG, null, 2)}\n`,
    );
    const ran = [{ version: '0.1.0', deployedAt: '2026-05-04T10:00:00.000Z' }];
    assert.deepEqual(await readJson(path.join(staticRoot, 'environments/local/history.json')), {
      remote_account: ran,
      remote_library: ran,
      remote_checkout: ran,
      remote_wizard: ran,
    });
    // The legacy root file mirrors the environment (e2e support code reads it from disk).
    assert.deepEqual(await readJson(path.join(staticRoot, 'remotes.json')), LOCAL_CONFIG);
  });

  it('publishes into the environment it is given', async () => {
    const config = await publish({ repoRoot: repo, staticRoot, environment: 'production' });
    assert.equal(config.environment, 'production');
    assert.equal(config.pinning, false, 'production pins are off by default');
    assert.deepEqual(await readJson(path.join(staticRoot, 'environments/production/remotes.json')), config);
  });

  it('removes stale host files but keeps older remote versions and other environments', async () => {
    await writeFiles(staticRoot, {
      'main.old999.js': 'stale host chunk',
      'old-folder/x.css': 'stale',
      'remotes/remote-account/0.0.9/mf-manifest.json': '{}',
      'environments/staging/remotes.json': '{"environment":"staging","pinning":true,"remotes":{}}',
    });

    await publish({ repoRoot: repo, staticRoot });

    const root = await readdir(staticRoot);
    assert.ok(!root.includes('main.old999.js'), 'stale host chunk removed');
    assert.ok(!root.includes('old-folder'), 'stale host folder removed');
    assert.deepEqual((await readdir(path.join(staticRoot, 'remotes/remote-account'))).sort(), ['0.0.9', '0.1.0']);
    assert.equal(
      await readFile(path.join(staticRoot, 'environments/staging/remotes.json'), 'utf8'),
      '{"environment":"staging","pinning":true,"remotes":{}}',
    );
  });

  it('refuses to overwrite a published version with different files', async () => {
    await writeFiles(staticRoot, { 'remotes/remote-account/0.1.0/stale-chunk.js': 'from another build' });
    await assert.rejects(publish({ repoRoot: repo, staticRoot }), {
      message:
        /remote-account@0\.1\.0 is already published .* with different files \(.*stale-chunk\.js.*\)\. Published versions are immutable: bump "version"/,
    });
    await assert.rejects(readFile(path.join(staticRoot, 'environments/local/remotes.json')), { code: 'ENOENT' });
  });

  it('follows each package.json version', async () => {
    await writeFile(
      path.join(repo, 'remote-checkout/package.json'),
      JSON.stringify({ name: 'remote-checkout', version: '1.4.2' }),
    );
    const config = await publish({ repoRoot: repo, staticRoot });
    assert.deepEqual(config.remotes.remote_checkout, {
      entry: '/remotes/remote-checkout/1.4.2/mf-manifest.json',
      version: '1.4.2',
      integrity: manifestIntegrityOf('remote-checkout'),
    });
    assert.deepEqual(
      (await readJson(path.join(staticRoot, 'environments/local/remotes.json'))).remotes.remote_checkout,
      config.remotes.remote_checkout,
    );
    await readFile(path.join(staticRoot, 'remotes/remote-checkout/1.4.2/remoteEntry.js'));
  });

  it('prefers the version the build wrote into dist/version.json (POD_APP_VERSION)', async () => {
    await writeFiles(path.join(repo, 'remote-wizard/dist'), {
      'version.json': JSON.stringify({ name: 'remote-wizard', federatedName: 'remote_wizard', version: '2.0.0-rc.1' }),
    });
    const config = await publish({ repoRoot: repo, staticRoot });
    assert.equal(config.remotes.remote_wizard.entry, '/remotes/remote-wizard/2.0.0-rc.1/mf-manifest.json');
    await readFile(path.join(staticRoot, 'remotes/remote-wizard/2.0.0-rc.1/version.json'));
  });

  it('is idempotent (same build: nothing copied, no history entry) and leaves no temp or staging files', async () => {
    await publish({ repoRoot: repo, staticRoot, now: NOW });
    const files = ['environments/local/remotes.json', 'environments/local/history.json', 'remotes.json'];
    const first = await Promise.all(files.map((f) => readFile(path.join(staticRoot, f), 'utf8')));
    await publish({ repoRoot: repo, staticRoot, now: () => new Date('2026-05-05T00:00:00Z') });
    assert.deepEqual(await Promise.all(files.map((f) => readFile(path.join(staticRoot, f), 'utf8'))), first);
    const all = await readdir(staticRoot, { recursive: true });
    assert.deepEqual(
      all.filter((f) => /tmp|staging\./.test(f)),
      [],
    );
  });

  it('a rebuild of the same version only differs in version.json builtAt: not a conflict', async () => {
    const info = (builtAt) =>
      JSON.stringify({ name: 'remote-account', federatedName: 'remote_account', version: '0.1.0', builtAt });
    await writeFiles(path.join(repo, 'remote-account/dist'), { 'version.json': info('2026-01-01T00:00:00Z') });
    await publish({ repoRoot: repo, staticRoot });
    await writeFiles(path.join(repo, 'remote-account/dist'), { 'version.json': info('2026-01-02T00:00:00Z') });
    await publish({ repoRoot: repo, staticRoot });
    assert.match(
      await readFile(path.join(staticRoot, 'remotes/remote-account/0.1.0/version.json'), 'utf8'),
      /2026-01-01/,
    );
  });

  it('does not let a remotes.json inside the host dist replace the published one', async () => {
    await writeFiles(path.join(repo, 'host/dist'), { 'remotes.json': '{"environment":"dev"}' });
    await publish({ repoRoot: repo, staticRoot });
    assert.equal((await readJson(path.join(staticRoot, 'remotes.json'))).environment, 'local');
  });

  it('publishes no source map and no mf-stats.json, and a root published with them is not a conflict', async () => {
    const byProducts = {
      'main.abc123.js.map': '{"version":3,"sources":["secret.ts"]}',
      'mf-stats.json': '{"modules":[]}',
      'chunks/feature.1234.js.map': '{"version":3}',
    };
    await writeFiles(path.join(repo, 'host/dist'), byProducts);
    for (const dir of REMOTE_DIRS) await writeFiles(path.join(repo, dir, 'dist'), byProducts);
    await publish({ repoRoot: repo, staticRoot });
    const published = await readdir(staticRoot, { recursive: true });
    assert.deepEqual(
      published.filter((f) => /\.map$|mf-stats\.json$/.test(f)),
      [],
    );
    assert.ok(published.includes(path.join('remotes', 'remote-account', '0.1.0', 'remoteEntry.js')));

    // A version folder published before this rule holds maps: the same build is still "the same files".
    await writeFiles(path.join(staticRoot, 'remotes/remote-account/0.1.0'), byProducts);
    await publish({ repoRoot: repo, staticRoot });
  });

  it('fails clearly when a remote was not built, before touching remotes.json', async () => {
    await rm(path.join(repo, 'remote-library/dist/mf-manifest.json'));
    await assert.rejects(publish({ repoRoot: repo, staticRoot }), {
      message: /remote-library: .*remote-library[/\\]dist lacks mf-manifest\.json/,
    });
    await assert.rejects(readFile(path.join(staticRoot, 'remotes.json')), { code: 'ENOENT' });
    await assert.rejects(readFile(path.join(staticRoot, 'environments/local/remotes.json')), { code: 'ENOENT' });
  });

  it('fails clearly when the host was not built', async () => {
    await rm(path.join(repo, 'host/dist'), { recursive: true });
    await assert.rejects(publish({ repoRoot: repo, staticRoot }), { message: /^host: .* lacks index\.html/ });
  });
});

describe('remotesConfig and writeJsonAtomic', () => {
  it('names the environment', () => {
    const config = remotesConfig(
      [{ dir: 'remote-wizard', name: 'remote_wizard', version: '2.0.0', distDir: '/x' }],
      'staging',
    );
    assert.deepEqual(config, {
      environment: 'staging',
      pinning: true,
      remotes: { remote_wizard: { entry: '/remotes/remote-wizard/2.0.0/mf-manifest.json', version: '2.0.0' } },
    });
  });

  it('turns pinning off in production', () => {
    assert.equal(remotesConfig([], 'production').pinning, false);
    assert.equal(remotesConfig([], 'production', { pinning: true }).pinning, true);
  });

  it('replaces a file whole and leaves no temp file', async () => {
    await mkdir(staticRoot, { recursive: true });
    const file = path.join(staticRoot, 'remotes.json');
    await writeJsonAtomic(file, { a: 1 });
    await writeJsonAtomic(file, { b: 2 });
    assert.deepEqual(await readJson(file), { b: 2 });
    assert.deepEqual(await readdir(staticRoot), ['remotes.json']);
  });
});
