import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { REPO_ROOT, STATIC_ROOT } from './tests/support/paths';

// The journeys run against the production build, served by the real API server on one port,
// with PGlite in a fresh data dir and the demo account seeded. Build first (npm test does):
//   STATIC_ROOT=.data/test-public node .ci/build.mjs
const PORT = 8181;
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The config is evaluated in the runner and again in each worker: only the runner checks
// the build and makes the data dir, and workers find it in the environment.
const isRunner = !process.env.TEST_WORKER_INDEX;
if (isRunner) {
  for (const file of ['index.html', 'remotes.json']) {
    if (!fs.existsSync(path.join(STATIC_ROOT, file))) {
      throw new Error(
        `e2e: ${path.join(STATIC_ROOT, file)} is missing. Build the apps into it first: ` +
          `STATIC_ROOT=${STATIC_ROOT} node .ci/build.mjs (or set E2E_STATIC_ROOT to a built static root).`,
      );
    }
  }
}
if (!process.env.POD_E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-e2e-'));
  process.env.POD_E2E_DATA_DIR = dataDir;
  // By the time the runner exits the web server is stopped; PGlite files are not needed any more.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
// The server must use its embedded PGlite here, whatever CI exported for the server tests.
delete process.env.DATABASE_URL;

const pnpm = process.env.POD_PNPM || 'pnpm';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `${pnpm} --filter api-server start`,
    cwd: REPO_ROOT,
    // remotes.json answers only once the server is up AND serving the published static root.
    url: `${BASE_URL}/remotes.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      STATIC_ROOT,
      DATA_DIR: process.env.POD_E2E_DATA_DIR,
      SEED_DEMO: '1',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      // Request logs would bury the test report; warnings and errors still show.
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL || 'warn',
    },
  },
});
