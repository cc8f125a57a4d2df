// How `npm start` and `npm test` get pnpm 10 and a Chromium on a machine that may have neither.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chromiumMissingMessage, ensureChromium, ensurePnpm } from './lib/provision.mjs';

/** A fake machine: which `... -v` commands answer what, and which installs succeed. */
function machine({ pnpm = null, afterInstall = null, npx = null, installCode = 0 }) {
  const calls = [];
  let installed = false;
  return {
    calls,
    log: () => {},
    probe: (argv) => {
      calls.push(`${argv.join(' ')} -v`);
      if (argv[0] === 'npx') return npx;
      return installed ? afterInstall : pnpm;
    },
    exec: async (argv) => {
      calls.push(argv.join(' '));
      installed = installCode === 0;
      return installCode;
    },
  };
}

describe('ensurePnpm', () => {
  it('uses pnpm 10 from PATH without installing anything', async () => {
    const m = machine({ pnpm: '10.34.9' });
    assert.deepEqual(await ensurePnpm(m), ['pnpm']);
    assert.deepEqual(m.calls, ['pnpm -v']);
  });

  it('installs pnpm 10 globally when PATH has none', async () => {
    const m = machine({ pnpm: null, afterInstall: '10.34.9' });
    assert.deepEqual(await ensurePnpm(m), ['pnpm']);
    assert.deepEqual(m.calls, ['pnpm -v', 'npm i -g pnpm@10', 'pnpm -v']);
  });

  it('replaces an older major', async () => {
    const m = machine({ pnpm: '9.15.0', afterInstall: '10.1.0' });
    assert.deepEqual(await ensurePnpm(m), ['pnpm']);
    assert.ok(m.calls.includes('npm i -g pnpm@10'));
  });

  it('falls back to npx when the global install fails', async () => {
    const m = machine({ pnpm: null, installCode: 1, npx: '10.34.9' });
    assert.deepEqual(await ensurePnpm(m), ['npx', '-y', 'pnpm@10']);
    assert.deepEqual(m.calls, ['pnpm -v', 'npm i -g pnpm@10', 'npx -y pnpm@10 -v']);
  });

  it('fails with a clear message when nothing works', async () => {
    const m = machine({ pnpm: null, installCode: 1, npx: null });
    await assert.rejects(ensurePnpm(m), { message: 'could not get pnpm 10 (npm i -g and npx both failed)' });
  });
});

/** A fake machine for ensureChromium: which files exist, what apt-get does. */
function box({ files = [], root = true, aptInstalls = [], aptCode = 0, env = {} } = {}) {
  const present = new Set(files);
  const calls = [];
  return {
    calls,
    env,
    isRoot: root,
    log: () => {},
    exists: (file) => present.has(file),
    exec: async (argv) => {
      calls.push(argv.join(' '));
      if (aptCode === 0 && argv[1] === 'install') for (const file of aptInstalls) present.add(file);
      return aptCode;
    },
  };
}

describe('ensureChromium', () => {
  it('uses PLAYWRIGHT_CHROMIUM when it names an existing file, installing nothing', async () => {
    const m = box({
      files: ['/opt/chrome/chrome', '/usr/bin/apt-get'],
      env: { PLAYWRIGHT_CHROMIUM: '/opt/chrome/chrome' },
    });
    assert.equal(await ensureChromium(m), '/opt/chrome/chrome');
    assert.deepEqual(m.calls, []);
  });

  it('refuses a PLAYWRIGHT_CHROMIUM that does not exist instead of falling back', async () => {
    const m = box({ files: ['/usr/bin/chromium'], env: { PLAYWRIGHT_CHROMIUM: '/opt/typo' } });
    await assert.rejects(ensureChromium(m), { message: 'PLAYWRIGHT_CHROMIUM is /opt/typo, which does not exist' });
  });

  it("finds Debian's /usr/bin/chromium, then Ubuntu's chromium-browser", async () => {
    assert.equal(await ensureChromium(box({ files: ['/usr/bin/chromium'] })), '/usr/bin/chromium');
    assert.equal(await ensureChromium(box({ files: ['/usr/bin/chromium-browser'] })), '/usr/bin/chromium-browser');
  });

  it('installs chromium and fonts-liberation through apt-get as root, updating the lists first', async () => {
    const m = box({ files: ['/usr/bin/apt-get'], aptInstalls: ['/usr/bin/chromium'] });
    assert.equal(await ensureChromium(m), '/usr/bin/chromium');
    assert.deepEqual(m.calls, ['apt-get update -q', 'apt-get install -y -q chromium fonts-liberation']);
  });

  it('says in one line what to install when it cannot install', async () => {
    await assert.rejects(ensureChromium(box({ files: ['/usr/bin/apt-get'], root: false })), {
      message: chromiumMissingMessage('installing needs root'),
    });
    await assert.rejects(ensureChromium(box({ files: [] })), {
      message: chromiumMissingMessage('this machine has no apt-get'),
    });
    await assert.rejects(ensureChromium(box({ files: ['/usr/bin/apt-get'], aptCode: 100 })), {
      message: chromiumMissingMessage('apt-get update failed'),
    });
    assert.match(chromiumMissingMessage('x'), /apt-get install -y chromium fonts-liberation.*PLAYWRIGHT_CHROMIUM/);
  });
});
