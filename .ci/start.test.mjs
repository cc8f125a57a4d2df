// How `npm start` gets pnpm 10 on a machine that may not have it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ensurePnpm } from './start.mjs';

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
