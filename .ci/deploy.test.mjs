// Per-remote deploy and rollback (.ci/deploy.mjs, .ci/lib/deploy.mjs): the pure rules, the
// environment files, and the CLI against fake dists in a temp static root.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main, parseCommand } from './deploy.mjs';
import { compatibilityProblems, satisfies } from './lib/compatibility.mjs';
import { integrityOf } from './lib/integrity.mjs';
import {
  DeployError,
  defaultPinning,
  immutabilityVerdict,
  parseCanaryShare,
  planDeploy,
  planPromote,
  withoutCanary,
  rollbackTarget,
  updateEnvironment,
  withHistoryEntries,
  withRemoteEntries,
} from './lib/deploy.mjs';

const DEPLOY_CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), 'deploy.mjs');
const entry = (dir, version) => ({ entry: `/remotes/${dir}/${version}/mf-manifest.json`, version });

const STAGING = {
  environment: 'staging',
  pinning: true,
  remotes: {
    remote_account: entry('remote-account', '0.1.0'),
    remote_checkout: entry('remote-checkout', '0.1.0'),
    remote_wizard: entry('remote-wizard', '0.2.0'),
  },
};

describe('withRemoteEntries', () => {
  it('changes only the one remote entry, leaving the others and their order as they were', () => {
    const before = structuredClone(STAGING);
    const next = withRemoteEntries(STAGING, {
      environment: 'staging',
      pinning: true,
      entries: [{ name: 'remote_checkout', entry: entry('remote-checkout', '1.3.0') }],
    });
    assert.deepEqual(STAGING, before, 'input not mutated');
    assert.deepEqual(Object.keys(next.remotes), ['remote_account', 'remote_checkout', 'remote_wizard']);
    assert.deepEqual(next.remotes.remote_checkout, entry('remote-checkout', '1.3.0'));
    for (const name of ['remote_account', 'remote_wizard']) {
      assert.equal(JSON.stringify(next.remotes[name]), JSON.stringify(STAGING.remotes[name]));
    }
  });

  it('creates a configuration holding only that remote when the environment has none', () => {
    assert.deepEqual(
      withRemoteEntries(null, {
        environment: 'qa',
        pinning: true,
        entries: [{ name: 'remote_checkout', entry: entry('remote-checkout', '1.3.0') }],
      }),
      { environment: 'qa', pinning: true, remotes: { remote_checkout: entry('remote-checkout', '1.3.0') } },
    );
  });

  it('keeps unknown top-level fields and sets pinning', () => {
    const next = withRemoteEntries(
      { ...STAGING, note: 'kept' },
      { environment: 'staging', pinning: false, entries: [] },
    );
    assert.equal(next.note, 'kept');
    assert.equal(next.pinning, false);
  });
});

describe('withHistoryEntries', () => {
  it('appends newest last, per remote, without touching the input', () => {
    const history = { remote_checkout: [{ version: '0.1.0', deployedAt: 't0' }] };
    const next = withHistoryEntries(
      history,
      [
        { name: 'remote_checkout', version: '1.3.0' },
        { name: 'remote_wizard', version: '0.2.0' },
      ],
      't1',
    );
    assert.deepEqual(next, {
      remote_checkout: [
        { version: '0.1.0', deployedAt: 't0' },
        { version: '1.3.0', deployedAt: 't1' },
      ],
      remote_wizard: [{ version: '0.2.0', deployedAt: 't1' }],
    });
    assert.equal(history.remote_checkout.length, 1);
  });

  it('adds nothing when the remote already runs that version', () => {
    const history = { remote_checkout: [{ version: '1.3.0', deployedAt: 't0' }] };
    assert.deepEqual(withHistoryEntries(history, [{ name: 'remote_checkout', version: '1.3.0' }], 't1'), history);
  });
});

describe('rollbackTarget', () => {
  const history = {
    remote_checkout: [
      { version: '0.1.0', deployedAt: 't0' },
      { version: '1.3.0', deployedAt: 't1' },
      { version: '1.4.0', deployedAt: 't2' },
    ],
  };
  const base = { name: 'remote_checkout', environment: 'staging', history, published: ['0.1.0', '1.3.0', '1.4.0'] };

  it('goes back to the version before the current one', () => {
    assert.equal(rollbackTarget({ ...base, current: '1.4.0' }), '1.3.0');
  });

  it('a second rollback undoes the first', () => {
    const after = withHistoryEntries(history, [{ name: 'remote_checkout', version: '1.3.0' }], 't3');
    assert.equal(rollbackTarget({ ...base, history: after, current: '1.3.0' }), '1.4.0');
  });

  it('goes to --to when that version is published', () => {
    assert.equal(rollbackTarget({ ...base, current: '1.4.0', to: '0.1.0' }), '0.1.0');
  });

  it('refuses an unknown --to, the current version, and a malformed one', () => {
    assert.throws(() => rollbackTarget({ ...base, current: '1.4.0', to: '9.9.9' }), {
      name: 'DeployError',
      message: 'remote_checkout 9.9.9 was never published (remotes/ holds 0.1.0, 1.3.0, 1.4.0)',
    });
    assert.throws(() => rollbackTarget({ ...base, current: '1.4.0', to: '1.4.0' }), /already runs 1\.4\.0 in staging/);
    assert.throws(() => rollbackTarget({ ...base, current: '1.4.0', to: '../x' }), /is not a version/);
  });

  it('says there is nothing to roll back to', () => {
    const first = { remote_checkout: [{ version: '1.3.0', deployedAt: 't0' }] };
    assert.throws(() => rollbackTarget({ ...base, history: first, current: '1.3.0' }), {
      message:
        'nothing to roll back to: staging has run no other version of remote_checkout than 1.3.0 (use --to <version>)',
    });
    assert.throws(() => rollbackTarget({ ...base, history: null, current: undefined }), {
      message: 'nothing to roll back: remote_checkout is not deployed in staging',
    });
  });

  it('refuses a previous version whose folder is gone', () => {
    assert.throws(
      () => rollbackTarget({ ...base, current: '1.4.0', published: ['1.4.0'] }),
      /1\.3\.0 \(the previous version\) is no longer under remotes/,
    );
  });
});

describe('immutabilityVerdict and pinning', () => {
  it('copies a new version, skips an identical one, refuses a different one', () => {
    const facts = { label: 'remote-checkout@1.3.0', target: '/r/remotes/remote-checkout/1.3.0' };
    assert.equal(immutabilityVerdict({ ...facts, exists: false, differing: [] }), 'copy');
    assert.equal(immutabilityVerdict({ ...facts, exists: true, differing: [] }), 'unchanged');
    assert.throws(
      () => immutabilityVerdict({ ...facts, exists: true, differing: ['main.js'] }),
      (error) => {
        assert.ok(error instanceof DeployError);
        assert.match(
          error.message,
          /remote-checkout@1\.3\.0 is already published in .* with different files \(main\.js\)/,
        );
        assert.match(error.message, /Published versions are immutable: bump "version"/);
        return true;
      },
    );
  });

  it('turns pinning on everywhere but production, where --allow-pinning is needed', () => {
    assert.equal(defaultPinning('local'), true);
    assert.equal(defaultPinning('staging'), true);
    assert.equal(defaultPinning('qa'), true);
    assert.equal(defaultPinning('production'), false);
    assert.equal(defaultPinning('production', { allowPinning: true }), true);
  });
});

describe('parseCommand', () => {
  it('ignores the bare -- that pnpm run passes on', () => {
    const { command, values } = parseCommand(['deploy', '--', '--env', 'staging', '--no-build']);
    assert.equal(command, 'deploy');
    assert.equal(values.env, 'staging');
    assert.equal(values['no-build'], true);
  });

  it('requires --env and a known command, and keeps options to their command', () => {
    assert.throws(() => parseCommand(['deploy']), /--env <name> is required/);
    assert.throws(() => parseCommand(['ship', '--env', 'x']), /deploy, promote or rollback\?/);
    assert.throws(() => parseCommand(['deploy', '--env', 'x', '--to', '1.0.0']), /--to belongs to rollback/);
    assert.throws(() => parseCommand(['deploy', '--env', 'x', '--bogus']), /Unknown option '--bogus'/);
  });
});

describe('canary rules', () => {
  const stable = entry('remote-checkout', '1.3.0');
  const next = entry('remote-checkout', '1.4.0');
  const running = { ...stable, canary: { ...next, share: 10 } };
  const plan = (current, version, share) =>
    planDeploy({
      name: 'remote_checkout',
      environment: 'staging',
      current,
      entry: entry('remote-checkout', version),
      share,
    });

  it('starts a canary beside the stable version, and changes its share', () => {
    assert.deepEqual(plan(stable, '1.4.0', 10), {
      entry: running,
      change: { name: 'remote_checkout', version: '1.4.0', channel: 'canary', share: 10, event: 'deploy' },
    });
    assert.deepEqual(plan(running, '1.4.0', 50).entry, { ...stable, canary: { ...next, share: 50 } });
  });

  it('refuses a canary without a stable version, of the stable version, or beside another canary', () => {
    assert.throws(() => plan(undefined, '1.4.0', 10), /no stable version in staging to share users with/);
    assert.throws(() => plan(stable, '1.3.0', 10), /already runs 1\.3\.0 for everyone in staging/);
    assert.throws(
      () => plan(running, '1.5.0', 10),
      /has a canary 1\.4\.0 for 10 % of staging: promote it or roll it back/,
    );
  });

  it('refuses a plain deploy while a canary runs, naming the command to use', () => {
    assert.throws(
      () => plan(running, '1.4.0'),
      /runs as a canary for 10 % of staging: promote it \(pnpm --filter remote-checkout run promote -- --env staging\)/,
    );
    assert.throws(() => plan(running, '1.5.0'), /promote it or roll it back .* before deploying another version/);
    assert.deepEqual(plan(stable, '1.5.0').change, { name: 'remote_checkout', version: '1.5.0' });
  });

  it('promotes the canary to everyone, and removes it on rollback', () => {
    assert.deepEqual(planPromote({ name: 'remote_checkout', environment: 'staging', current: running }), {
      entry: next,
      change: { name: 'remote_checkout', version: '1.4.0', event: 'promote' },
    });
    assert.throws(
      () => planPromote({ name: 'remote_checkout', environment: 'staging', current: stable }),
      /has no canary in staging to promote/,
    );
    assert.deepEqual(withoutCanary({ name: 'remote_checkout', current: running }), {
      entry: stable,
      change: { name: 'remote_checkout', version: '1.4.0', channel: 'canary', share: 0, event: 'rollback' },
    });
  });

  it('reads --canary as a whole percentage from 1 to 99', () => {
    assert.equal(parseCanaryShare('10'), 10);
    assert.equal(parseCanaryShare('99'), 99);
    for (const bad of ['0', '100', '10.5', '-5', 'ten', '']) {
      assert.throws(() => parseCanaryShare(bad), /is not a share: give a whole percentage from 1 to 99/);
    }
  });

  it('keeps canary entries out of the stable timeline that rollback walks', () => {
    const history = withHistoryEntries(
      null,
      [
        { name: 'remote_checkout', version: '1.3.0' },
        { name: 'remote_checkout', version: '1.4.0', channel: 'canary', share: 10, event: 'deploy' },
        { name: 'remote_checkout', version: '1.4.0', channel: 'canary', share: 10, event: 'deploy' },
        { name: 'remote_checkout', version: '1.3.0' },
        { name: 'remote_checkout', version: '1.4.0', event: 'promote' },
      ],
      'T',
    );
    assert.deepEqual(
      history.remote_checkout.map(({ version, channel, event }) => [version, channel ?? 'stable', event ?? '']),
      [
        ['1.3.0', 'stable', ''],
        ['1.4.0', 'canary', 'deploy'],
        ['1.4.0', 'stable', 'promote'],
      ],
    );
    const target = rollbackTarget({
      name: 'remote_checkout',
      environment: 'staging',
      current: '1.4.0',
      history: {
        remote_checkout: [
          { version: '1.3.0', deployedAt: 'T' },
          { version: '1.5.0', deployedAt: 'T', channel: 'canary', share: 10, event: 'deploy' },
          { version: '1.4.0', deployedAt: 'T', event: 'promote' },
        ],
      },
      published: ['1.3.0', '1.4.0', '1.5.0'],
    });
    assert.equal(target, '1.3.0');
  });
});

/** @type {string} */
let base;
/** @type {string} */
let staticRoot;
/** @type {string} */
let packageDir;

async function writeFiles(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** The shared modules of a build's mf-manifest.json, as webpack writes them. */
const SHARED = [
  { name: '@pod/shared-contracts', version: '0.1.0', requiredVersion: '0.1.0', singleton: true },
  { name: 'react', version: '19.2.3', requiredVersion: '19.2.3', singleton: true },
  { name: 'react-dom/client', version: '19.2.3', requiredVersion: '^19.2.3' },
];
const CHECKOUT_EXPOSES = [
  { name: 'App', path: './App' },
  { name: 'CartDropdown', path: './CartDropdown' },
];

/** A published host at the root of the static root: its version.json and mf-manifest.json. */
async function fakeHost({ sharedContracts = '0.1.0', shared = SHARED } = {}) {
  await writeFiles(staticRoot, {
    'version.json': JSON.stringify({
      name: 'host',
      federatedName: 'host',
      version: '0.1.0',
      sharedContracts,
      remoteImports: { remote_checkout: ['./App', './CartDropdown'], remote_library: ['./App'] },
    }),
    'mf-manifest.json': JSON.stringify({ id: 'host', shared, exposes: [] }),
  });
}

/** A fake remote-checkout build of `version` in packageDir/dist (what webpack would leave). */
async function fakeDist(
  version,
  chunk = `/* checkout ${version} */`,
  { sharedContracts = '0.1.0', shared = SHARED, exposes = CHECKOUT_EXPOSES } = {},
) {
  await rm(path.join(packageDir, 'dist'), { recursive: true, force: true });
  await writeFiles(path.join(packageDir, 'dist'), {
    'version.json': JSON.stringify({
      name: 'remote-checkout',
      federatedName: 'remote_checkout',
      version,
      sharedContracts,
      builtAt: new Date().toISOString(),
    }),
    'mf-manifest.json': JSON.stringify({
      id: 'remote_checkout',
      metaData: { pod: { appVersion: version } },
      shared,
      exposes,
    }),
    'remoteEntry.js': 'var remote_checkout;',
    [`feature.${version}.js`]: chunk,
  });
}

const readText = (file) => readFile(path.join(staticRoot, file), 'utf8');
const readJson = async (file) => JSON.parse(await readText(file));

/** The entry a deploy writes for a published remote-checkout version: with its manifest's integrity. */
const deployedEntry = async (version) => ({
  ...entry('remote-checkout', version),
  integrity: integrityOf(await readFile(path.join(staticRoot, 'remotes/remote-checkout', version, 'mf-manifest.json'))),
});

/** Runs the CLI in packageDir and returns { code, out, err } (all lines joined). */
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

beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'pod-deploy-'));
  staticRoot = path.join(base, 'public');
  packageDir = path.join(base, 'repo', 'remote-checkout');
  await mkdir(packageDir, { recursive: true });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('updateEnvironment', () => {
  it('rewrites only one entry of the file, atomically, and appends history', async () => {
    const text = `${JSON.stringify(STAGING, null, 2)}\n`;
    await writeFiles(staticRoot, { 'environments/staging/remotes.json': text });
    await updateEnvironment({
      staticRoot,
      environment: 'staging',
      entries: [{ name: 'remote_checkout', entry: entry('remote-checkout', '1.3.0') }],
      deployedAt: 't1',
    });
    const after = await readText('environments/staging/remotes.json');
    assert.equal(
      after,
      text.replace(
        '/remote-checkout/0.1.0/mf-manifest.json",\n      "version": "0.1.0"',
        '/remote-checkout/1.3.0/mf-manifest.json",\n      "version": "1.3.0"',
      ),
    );
    assert.deepEqual(await readJson('environments/staging/history.json'), {
      remote_checkout: [{ version: '1.3.0', deployedAt: 't1' }],
    });
    assert.deepEqual((await readdir(path.join(staticRoot, 'environments/staging'))).sort(), [
      'history.json',
      'remotes.json',
    ]);
  });

  it('creates the environment with only this remote', async () => {
    await updateEnvironment({
      staticRoot,
      environment: 'production',
      entries: [{ name: 'remote_checkout', entry: entry('remote-checkout', '1.3.0') }],
      deployedAt: 't1',
    });
    assert.deepEqual(await readJson('environments/production/remotes.json'), {
      environment: 'production',
      pinning: false,
      remotes: { remote_checkout: entry('remote-checkout', '1.3.0') },
    });
  });

  it('refuses path-like environment names', async () => {
    await assert.rejects(
      updateEnvironment({ staticRoot, environment: '../x', entries: [], deployedAt: 't' }),
      /invalid environment "\.\.\/x"/,
    );
  });
});

describe('deploy: the check against the published host', () => {
  const bumped = (name, version) =>
    SHARED.map((shared) => (shared.name === name ? { ...shared, version, requiredVersion: version } : shared));

  it('deploys a build that matches the host, and says so', async () => {
    await fakeHost();
    await fakeDist('1.3.0');
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /compatible with the host 0\.1\.0 \(@pod\/shared-contracts 0\.1\.0\)/);
  });

  it('refuses another shared-contracts major, another singleton version and a missing module, publishing nothing', async () => {
    await fakeHost();
    await fakeDist('1.3.0', undefined, {
      sharedContracts: '1.0.0',
      shared: bumped('react', '19.3.0'),
      exposes: [{ name: 'App', path: './App' }],
    });
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 1);
    assert.match(run.err, /remote-checkout@1\.3\.0 cannot run under the host published in .+ \(host 0\.1\.0/);
    assert.match(run.err, /built against @pod\/shared-contracts 1\.0\.0, the host runs 0\.1\.0: another major/);
    assert.match(run.err, /requires react 19\.3\.0, the host provides 19\.2\.3/);
    assert.match(run.err, /does not expose \.\/CartDropdown, which the host imports/);
    assert.deepEqual(await readdir(staticRoot).then((files) => files.sort()), ['mf-manifest.json', 'version.json']);
  });

  it('refuses a rollback to a published version that no longer fits the host', async () => {
    await fakeDist('1.3.0', undefined, { sharedContracts: '1.0.0' });
    assert.equal((await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build')).code, 0);
    await fakeHost({ sharedContracts: '2.0.0' });
    await fakeDist('1.4.0', undefined, { sharedContracts: '2.0.0' });
    assert.equal((await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build')).code, 0);

    const run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 1);
    assert.match(run.err, /remote-checkout@1\.3\.0 cannot run under the host [\s\S]+ another major/);
    assert.equal((await readJson('environments/staging/remotes.json')).remotes.remote_checkout.version, '1.4.0');
  });

  it('refuses in a dry run too, and allows a root without a host (nobody to break)', async () => {
    await fakeHost({ shared: bumped('react-dom/client', '18.3.1') });
    await fakeDist('1.3.0');
    let run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build', '--dry-run');
    assert.equal(run.code, 1);
    assert.match(run.err, /requires react-dom\/client \^19\.2\.3, the host provides 18\.3\.1/);

    await rm(staticRoot, { recursive: true, force: true });
    run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /no host is published in .+: compatibility not checked/);
  });
});

describe('satisfies (the ranges builds write)', () => {
  it('reads exact versions, ^, ~, >= and *', () => {
    const cases = [
      ['19.2.3', '19.2.3', true],
      ['19.2.4', '19.2.3', false],
      ['19.9.0', '^19.2.3', true],
      ['20.0.0', '^19.2.3', false],
      ['19.2.2', '^19.2.3', false],
      ['0.1.5', '^0.1.2', true],
      ['0.2.0', '^0.1.2', false],
      ['5.1.9', '~5.1.0', true],
      ['5.2.0', '~5.1.0', false],
      ['3.0.0', '>=2.0.0', true],
      ['1.0.0', '*', true],
      ['1.0.0', '1.x || 2.x', false],
      ['not-a-version', '1.0.0', false],
    ];
    for (const [version, range, expected] of cases)
      assert.equal(satisfies(version, range), expected, `${version} ${range}`);
  });

  it('finds nothing to object to in matching builds', () => {
    const build = { info: { sharedContracts: '0.1.0' }, manifest: { shared: SHARED, exposes: CHECKOUT_EXPOSES } };
    const host = {
      info: { sharedContracts: '0.1.4', remoteImports: { remote_checkout: ['./App'] } },
      manifest: { shared: SHARED },
    };
    assert.deepEqual(compatibilityProblems({ name: 'remote_checkout', ...build }, host), []);
  });
});

describe('deploy and rollback CLI (fake dists, --no-build)', () => {
  it('deploys 1.3.0 then 1.4.0, rolls back, rolls back --to, touching only remote_checkout', async () => {
    const others = { remote_account: entry('remote-account', '0.1.0'), remote_wizard: entry('remote-wizard', '0.2.0') };
    await writeFiles(staticRoot, {
      'environments/staging/remotes.json': `${JSON.stringify({ environment: 'staging', pinning: true, remotes: others }, null, 2)}\n`,
    });

    await fakeDist('1.3.0');
    let run = await cli('deploy', '--', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /published remote-checkout@1\.3\.0 -> \/remotes\/remote-checkout\/1\.3\.0\//);
    assert.match(run.out, /pointed staging's remote_checkout to 1\.3\.0 \(pinning on\)/);
    assert.deepEqual((await readJson('environments/staging/remotes.json')).remotes, {
      ...others,
      remote_checkout: await deployedEntry('1.3.0'),
    });
    assert.deepEqual((await readdir(path.join(staticRoot, 'remotes/remote-checkout/1.3.0'))).sort(), [
      'feature.1.3.0.js',
      'mf-manifest.json',
      'remoteEntry.js',
      'version.json',
    ]);

    await fakeDist('1.4.0');
    run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /from 1\.3\.0 to 1\.4\.0/);
    const afterDeploys = await readJson('environments/staging/remotes.json');
    assert.deepEqual(afterDeploys.remotes.remote_checkout, await deployedEntry('1.4.0'));
    assert.deepEqual(Object.keys(afterDeploys.remotes), ['remote_account', 'remote_wizard', 'remote_checkout']);

    run = await cli('rollback', '--', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /rolled staging's remote_checkout back from 1\.4\.0 to 1\.3\.0/);
    assert.deepEqual(
      (await readJson('environments/staging/remotes.json')).remotes.remote_checkout,
      await deployedEntry('1.3.0'),
    );

    run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot, '--to', '1.4.0');
    assert.equal(run.code, 0, run.err);
    const final = await readJson('environments/staging/remotes.json');
    assert.deepEqual(final, {
      environment: 'staging',
      pinning: true,
      remotes: { ...others, remote_checkout: await deployedEntry('1.4.0') },
    });
    assert.deepEqual(
      (await readJson('environments/staging/history.json')).remote_checkout.map((e) => e.version),
      ['1.3.0', '1.4.0', '1.3.0', '1.4.0'],
    );
    // Versions stay; no temp or staging files are left behind.
    assert.deepEqual((await readdir(path.join(staticRoot, 'remotes/remote-checkout'))).sort(), ['1.3.0', '1.4.0']);
    const all = await readdir(staticRoot, { recursive: true });
    assert.deepEqual(
      all.filter((f) => /\.tmp$|\.staging$/.test(f)),
      [],
    );
  });

  it('runs a canary: --canary 10, a share change, rollback, again, promote, then rollback to the old stable', async () => {
    await fakeDist('1.3.0');
    let run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    const checkout = async () => (await readJson('environments/staging/remotes.json')).remotes.remote_checkout;

    await fakeDist('1.4.0');
    run = await cli('deploy', '--env', 'staging', '--canary', '10', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /gave 10 % of staging's browsers remote_checkout 1\.4\.0; the others keep 1\.3\.0/);
    let now = await checkout();
    assert.equal(now.version, '1.3.0');
    assert.equal(now.entry, '/remotes/remote-checkout/1.3.0/mf-manifest.json');
    assert.deepEqual(
      [now.canary.entry, now.canary.version, now.canary.share],
      ['/remotes/remote-checkout/1.4.0/mf-manifest.json', '1.4.0', 10],
    );

    run = await cli('deploy', '--env', 'staging', '--canary', '50', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.equal((await checkout()).canary.share, 50);

    await fakeDist('1.5.0');
    run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 1);
    assert.match(run.err, /has a canary 1\.4\.0 for 50 % of staging: promote it or roll it back/);
    assert.equal((await checkout()).version, '1.3.0', 'a refused deploy changes nothing');
    await assert.rejects(readdir(path.join(staticRoot, 'remotes/remote-checkout/1.5.0')), /ENOENT/);

    run = await cli('rollback', '--env', 'staging', '--to', '1.3.0', '--static-root', staticRoot);
    assert.equal(run.code, 1);
    assert.match(run.err, /roll the canary back first \(without --to\)/);
    run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /rolled back staging's remote_checkout canary 1\.4\.0 \(50 %\): everyone runs 1\.3\.0/);
    now = await checkout();
    assert.equal(now.version, '1.3.0');
    assert.equal(now.canary, undefined);

    await fakeDist('1.4.0');
    run = await cli('deploy', '--env', 'staging', '--canary', '10', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    run = await cli('promote', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /promoted staging's remote_checkout 1\.4\.0 from 1\.3\.0 to everyone/);
    now = await checkout();
    assert.deepEqual(
      [now.version, now.entry, now.canary, now.share],
      ['1.4.0', '/remotes/remote-checkout/1.4.0/mf-manifest.json', undefined, undefined],
    );
    run = await cli('promote', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 1);
    assert.match(run.err, /has no canary in staging to promote/);

    run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 0, run.err);
    assert.equal((await checkout()).version, '1.3.0');
    assert.deepEqual(
      (await readJson('environments/staging/history.json')).remote_checkout.map((e) => [
        e.version,
        e.channel ?? 'stable',
        e.share ?? null,
        e.event ?? '',
      ]),
      [
        ['1.3.0', 'stable', null, ''],
        ['1.4.0', 'canary', 10, 'deploy'],
        ['1.4.0', 'canary', 50, 'deploy'],
        ['1.4.0', 'canary', 0, 'rollback'],
        ['1.4.0', 'canary', 10, 'deploy'],
        ['1.4.0', 'stable', null, 'promote'],
        ['1.3.0', 'stable', null, ''],
      ],
    );
  });

  it('keeps --canary to deploy and refuses a share out of range', async () => {
    assert.throws(() => parseCommand(['promote', '--env', 'x', '--canary', '10']), /--canary belongs to deploy/);
    assert.throws(() => parseCommand(['rollback', '--env', 'x', '--canary', '10']), /--canary belongs to deploy/);
    assert.throws(() => parseCommand(['promote', '--env', 'x', '--to', '1.0.0']), /--to belongs to rollback/);
    assert.throws(
      () => parseCommand(['promote', '--env', 'x', '--no-build']),
      /--no-build belongs to deploy \(promote never builds\)/,
    );
    assert.throws(() => parseCommand(['deploy', '--env', 'x', '--canary', '100']), /is not a share/);
    assert.equal(parseCommand(['deploy', '--env', 'x', '--canary', '25']).canary, 25);
  });

  it('deploys without source maps or mf-stats.json', async () => {
    await fakeDist('1.3.0');
    await writeFiles(path.join(packageDir, 'dist'), {
      'feature.1.3.0.js.map': '{"version":3,"sources":["checkout.tsx"]}',
      'mf-stats.json': '{"modules":[]}',
    });
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(run.code, 0, run.err);
    assert.deepEqual((await readdir(path.join(staticRoot, 'remotes/remote-checkout/1.3.0'))).sort(), [
      'feature.1.3.0.js',
      'mf-manifest.json',
      'remoteEntry.js',
      'version.json',
    ]);
  });

  it('deploys the compressed siblings, and compares only the files they are made from', async () => {
    await fakeDist('1.3.0');
    await writeFiles(path.join(packageDir, 'dist'), {
      'feature.1.3.0.js.br': 'brotli bytes',
      'feature.1.3.0.js.gz': 'gzip bytes',
    });
    assert.equal((await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build')).code, 0);
    assert.equal(await readText('remotes/remote-checkout/1.3.0/feature.1.3.0.js.br'), 'brotli bytes');
    assert.equal(await readText('remotes/remote-checkout/1.3.0/feature.1.3.0.js.gz'), 'gzip bytes');

    // The same sources compressed by another zlib, or a build from before compression: the same version.
    await writeFiles(path.join(packageDir, 'dist'), { 'feature.1.3.0.js.br': 'other brotli bytes' });
    const recompressed = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(recompressed.code, 0, recompressed.err);
    assert.match(recompressed.out, /already published with the same files: nothing copied/);
    await fakeDist('1.3.0');
    assert.equal((await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build')).code, 0);

    // A compressed file without its original is a file like any other.
    await writeFiles(path.join(packageDir, 'dist'), { 'lonely.js.gz': 'gzip bytes' });
    const conflict = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(conflict.code, 1);
    assert.match(conflict.err, /\(lonely\.js\.gz\)/);
  });

  it('redeploying the same build copies nothing; a different build of a published version fails', async () => {
    await fakeDist('1.3.0');
    assert.equal((await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build')).code, 0);
    await fakeDist('1.3.0');
    const same = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(same.code, 0, same.err);
    assert.match(same.out, /already published with the same files: nothing copied/);

    const before = await readText('environments/staging/remotes.json');
    await fakeDist('1.3.0', '/* changed sources, same version */');
    const conflict = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.equal(conflict.code, 1);
    assert.match(
      conflict.err,
      /FAILED: remote-checkout@1\.3\.0 is already published .* \(feature\.1\.3\.0\.js\)\. Published versions are immutable: bump "version"/,
    );
    assert.equal(await readText('environments/staging/remotes.json'), before);
    assert.equal(await readText('remotes/remote-checkout/1.3.0/feature.1.3.0.js'), '/* checkout 1.3.0 */');
  });

  it('explains when there is nothing to roll back', async () => {
    let run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot);
    assert.equal(run.code, 1);
    assert.match(run.err, /FAILED: nothing to roll back: remote_checkout is not deployed in staging/);
    await fakeDist('1.3.0');
    await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot);
    assert.match(run.err, /nothing to roll back to: staging has run no other version of remote_checkout than 1\.3\.0/);
    run = await cli('rollback', '--env', 'staging', '--static-root', staticRoot, '--to', '0.9.0');
    assert.match(run.err, /remote_checkout 0\.9\.0 was never published \(remotes\/ holds 1\.3\.0\)/);
  });

  it('keeps production pins off unless --allow-pinning', async () => {
    await fakeDist('1.3.0');
    await cli('deploy', '--env', 'production', '--static-root', staticRoot, '--no-build');
    assert.equal((await readJson('environments/production/remotes.json')).pinning, false);
    await cli('deploy', '--env', 'production', '--static-root', staticRoot, '--no-build', '--allow-pinning');
    assert.equal((await readJson('environments/production/remotes.json')).pinning, true);
  });

  it('--dry-run writes nothing', async () => {
    await fakeDist('1.3.0');
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build', '--dry-run');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /would publish remote-checkout@1\.3\.0/);
    assert.match(run.out, /would point staging's remote_checkout to 1\.3\.0/);
    await assert.rejects(readdir(staticRoot), { code: 'ENOENT' });
  });

  it('builds first unless --no-build', async () => {
    const built = [];
    const code = await main(['deploy', '--env', 'staging', '--static-root', staticRoot], {
      cwd: packageDir,
      env: {},
      log: () => {},
      error: (line) => assert.fail(line),
      build: async (dir) => {
        built.push(dir);
        await fakeDist('2.0.0');
      },
    });
    assert.equal(code, 0);
    assert.deepEqual(built, [packageDir]);
    assert.equal((await readJson('environments/staging/remotes.json')).remotes.remote_checkout.version, '2.0.0');
  });

  it('refuses to run outside a remote folder, and a dist of another remote', async () => {
    const hostDir = path.join(base, 'repo', 'host');
    await mkdir(hostDir, { recursive: true });
    const out = [];
    const code = await main(['deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build'], {
      cwd: hostDir,
      env: {},
      log: () => {},
      error: (line) => out.push(line),
    });
    assert.equal(code, 1);
    assert.match(out.join('\n'), /host is not a remote \(remote-\*\)/);

    await fakeDist('1.3.0');
    const info = JSON.parse(await readFile(path.join(packageDir, 'dist/version.json'), 'utf8'));
    await writeFile(
      path.join(packageDir, 'dist/version.json'),
      JSON.stringify({ ...info, federatedName: 'remote_wizard' }),
    );
    const run = await cli('deploy', '--env', 'staging', '--static-root', staticRoot, '--no-build');
    assert.match(run.err, /describes remote_wizard, not remote_checkout/);
  });

  it("runs as a script (what the remotes' package.json scripts call)", async () => {
    await fakeDist('1.3.0');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [DEPLOY_CLI, 'deploy', '--', '--env', 'qa', '--static-root', staticRoot, '--no-build'],
      { cwd: packageDir, env: { PATH: process.env.PATH } },
    );
    assert.match(stdout, /\[deploy\] pointed qa's remote_checkout to 1\.3\.0/);
    assert.equal((await readJson('environments/qa/remotes.json')).remotes.remote_checkout.version, '1.3.0');
  });
});
