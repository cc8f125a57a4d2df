import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';

describe('PUBLIC_URL', () => {
  it('defaults to this server on the port it listens on', () => {
    assert.equal(loadConfig({}).publicUrl, 'http://localhost:8080');
    assert.equal(loadConfig({ PORT: '8190' }).publicUrl, 'http://localhost:8190');
    assert.equal(
      loadConfig({ PORT: '8190', PUBLIC_URL: 'https://portal.example.com/' }).publicUrl,
      'https://portal.example.com',
    );
  });

  it('carries the port into the payment providers\u2019 sandbox defaults', () => {
    assert.equal(
      loadConfig({ PORT: '8190' }).payments.payfast.processUrl,
      'http://localhost:8190/sandbox/payfast/eng/process',
    );
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
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATA_DIR: 'memory://',
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: '0',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(result.status, 1, result.stderr);
      assert.match(
        result.stderr,
        new RegExp(
          `^Port ${port} on 127\\.0\\.0\\.1 is already in use: stop the other server, or start this one with another PORT\\.$`,
          'm',
        ),
      );
      assert.doesNotMatch(result.stderr, /EADDRINUSE|at Server\./);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});

describe('the compiled server (what production runs)', () => {
  const packageDir = fileURLToPath(new URL('..', import.meta.url));

  before(() => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stdout + build.stderr);
  });

  /** `node dist/server.js` on a free port; `stop` ends it with SIGTERM, as the e2e runner does. */
  async function startServer(dataDir: string) {
    const port = await freePort();
    const server = spawn(process.execPath, ['dist/server.js'], {
      cwd: packageDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        JOBS_WORKER: 'off',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      assert.equal((await waitForHealthy(`${base}/healthz`)).status, 200);
    } catch (err) {
      server.kill('SIGTERM');
      throw err;
    }
    return {
      base,
      async stop() {
        server.kill('SIGTERM');
        await once(server, 'exit');
      },
    };
  }

  it('builds with tsc into dist/ and serves the API from node dist/server.js, shared validation included', async () => {
    const server = await startServer('memory://');
    try {
      // A rule from @pod/shared-contracts/validation, loaded by plain Node from its compiled build.
      const response = await fetch(`${server.base}/api/v1/user/adduser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-address' }),
      });
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { message: string }).message, 'Please enter a valid email address');
    } finally {
      await server.stop();
    }
  });

  it('runs node dist/admin/cli.js against the running server on its DATA_DIR (as the journeys do)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pod-start-'));
    const server = await startServer(dataDir);
    try {
      // From the repository root, with only the server's DATA_DIR: the command goes through
      // <DATA_DIR>/admin.sock, since the server holds the PGlite folder.
      const listed = spawnSync(process.execPath, ['openapi/server/dist/admin/cli.js', '--json', 'requests', 'list'], {
        cwd: join(packageDir, '../..'),
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, ADMIN_NAME: 'journey' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(listed.status, 0, listed.stderr);
      assert.deepEqual(JSON.parse(listed.stdout), []);
      const usage = spawnSync(process.execPath, ['dist/admin/cli.js', 'frobnicate'], {
        cwd: packageDir,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(usage.status, 2);
      assert.match(usage.stderr, /^Unknown command: frobnicate/);
    } finally {
      await server.stop();
    }
    // A server stopped with SIGTERM leaves neither its socket nor its lock behind.
    assert.deepEqual(
      readdirSync(dataDir).filter((name) => name === 'admin.sock' || name === 'pglite.pid'),
      [],
    );
    rmSync(dataDir, { recursive: true, force: true });
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForHealthy(url: string): Promise<Response> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
