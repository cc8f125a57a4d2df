import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';

describe('PUBLIC_URL', () => {
  it('defaults to this server on the port it listens on', () => {
    assert.equal(loadConfig({}).publicUrl, 'http://localhost:8080');
    assert.equal(loadConfig({ PORT: '8190' }).publicUrl, 'http://localhost:8190');
    assert.equal(loadConfig({ PORT: '8190', PUBLIC_URL: 'https://portal.example.com/' }).publicUrl, 'https://portal.example.com');
  });

  it('carries the port into the payment providers\u2019 sandbox defaults', () => {
    assert.equal(loadConfig({ PORT: '8190' }).payments.payfast.processUrl, 'http://localhost:8190/sandbox/payfast/eng/process');
  });
});

describe('server start on a port in use', () => {
  it('says so in one line and exits 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: 'memory://', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(result.status, 1, result.stderr);
      assert.match(result.stderr, new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use: stop the other server, or start this one with another PORT\\.$`, 'm'));
      assert.doesNotMatch(result.stderr, /EADDRINUSE|at Server\./);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
