import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import {
  DEPLOYMENTS_STATIC_ROOT_VARIABLE,
  environmentConfigFile,
  REPO_ROOT,
  STATIC_ROOT,
  type RemotesConfig,
} from './tests/support/paths';
import { originOf, SERVERS } from './tests/support/servers';

// The journeys run against the production build, served by the real API server on one port,
// with PGlite in a fresh data dir and the demo account seeded. Build first (npm test does):
//   STATIC_ROOT=.data/test-public node .ci/build.mjs
//
// Three servers, three projects:
// - `portal` (port 8181): every journey except token expiry and deployments, with the server's
//   default lifetimes, environment `local` of the static root.
// - `short-access-token` (port 8182): tests/token-expiry.spec.ts only, against a server whose
//   access tokens live 5 seconds (ACCESS_TOKEN_TTL_SECONDS), with its own data dir and the same
//   static root, so the other journeys keep the production lifetimes.
// - `checkout` (port 8184): tests/checkout.spec.ts only, with its own database: it pays the demo
//   carts through the built-in payment sandbox and spends the demo balances.
// - `deployments` (port 8183): tests/deploy-and-pin.spec.ts and tests/cross-origin-remote.spec.ts,
//   against environment `staging` (PORTAL_ENV) of a temp COPY of the static root, which those
//   journeys deploy remotes into and roll back (the second starts its own server on port 8185 as
//   a remote's origin); the built root itself is never written. tests/canary-rollback.spec.ts
//   runs there too: its server's canary guard checks every second (servers.ts).
// Both run with RATE_LIMIT=off: the journeys sign in, fail sign-in on purpose and register many
// times from one address, which must never meet the server's login/registration limits.
// PUBLIC_URL is each server's own origin, so the links in the e-mails of the dev mailbox
// (/verify, /reset-password) lead back to the server under test, on the origin whose
// localStorage holds the session (127.0.0.1, not localhost).
// Ports and the short lifetime live in tests/support/servers.ts (token-expiry.spec.ts reads it).
const { portal, shortAccessToken, deployments, checkout } = SERVERS;

// The config is evaluated in the runner and again in each worker: only the runner checks
// the build and makes the data dirs, and workers find them in the environment.
const isRunner = !process.env.TEST_WORKER_INDEX;
if (isRunner) {
  const required = [
    [path.join(STATIC_ROOT, 'index.html')],
    // The local environment's configuration (roots published before environments: remotes.json).
    [environmentConfigFile(STATIC_ROOT, 'local'), path.join(STATIC_ROOT, 'remotes.json')],
  ];
  for (const candidates of required) {
    if (!candidates.some((file) => fs.existsSync(file))) {
      throw new Error(
        `e2e: ${candidates.join(' (or ')}${candidates.length > 1 ? ')' : ''} is missing. Build the apps into it first: ` +
          `STATIC_ROOT=${STATIC_ROOT} node .ci/build.mjs (or set E2E_STATIC_ROOT to a built static root).`,
      );
    }
  }
}

/** A fresh temp dir named in `variable` (made once, by the runner), removed when the process exits. */
function freshDataDir(variable: string): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-e2e-'));
  process.env[variable] = dataDir;
  // By the time the runner exits the web servers are stopped; PGlite files are not needed any more.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}
const dataDir = freshDataDir('POD_E2E_DATA_DIR');
const shortTtlDataDir = freshDataDir('POD_E2E_SHORT_TTL_DATA_DIR');
const deploymentsDataDir = freshDataDir('POD_E2E_DEPLOYMENTS_DATA_DIR');
const checkoutDataDir = freshDataDir('POD_E2E_CHECKOUT_DATA_DIR');

/**
 * The `deployments` server's static root (made once, by the runner; path in
 * DEPLOYMENTS_STATIC_ROOT_VARIABLE): a copy of STATIC_ROOT whose `staging` environment starts as
 * a copy of `local` (environments/local/remotes.json, else the root remotes.json, with
 * "environment": "staging"). deploy-and-pin.spec.ts deploys into it and rolls back. Removed
 * when the process exits.
 */
function deploymentsStaticRoot(): string {
  const existing = process.env[DEPLOYMENTS_STATIC_ROOT_VARIABLE];
  if (existing) return existing;
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-e2e-static-'));
  process.on('exit', () => fs.rmSync(tempDir, { recursive: true, force: true }));
  const root = path.join(tempDir, 'public');
  fs.cpSync(STATIC_ROOT, root, { recursive: true });
  const environment = deployments.environment;
  const localConfig = [environmentConfigFile(root, 'local'), path.join(root, 'remotes.json')].find((file) =>
    fs.existsSync(file),
  );
  if (!localConfig) throw new Error(`e2e: ${root} holds no remotes.json to seed ${environment} from`);
  const config = JSON.parse(fs.readFileSync(localConfig, 'utf8')) as RemotesConfig;
  const target = environmentConfigFile(root, environment);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify({ ...config, environment, pinning: true }, null, 2)}\n`);
  process.env[DEPLOYMENTS_STATIC_ROOT_VARIABLE] = root;
  return root;
}
const deploymentsRoot = deploymentsStaticRoot();

// The server must use its embedded PGlite here, whatever CI exported for the server tests.
delete process.env.DATABASE_URL;

const pnpm = process.env.POD_PNPM || 'pnpm';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

/** The real API server (`pnpm --filter api-server start`) serving STATIC_ROOT on `port`. */
function apiServer(options: {
  port: number;
  dataDir: string;
  environment: string;
  staticRoot?: string;
  env?: Record<string, string>;
}): WebServer {
  const { port, env = {} } = options;
  const origin = originOf(port);
  return {
    command: `${pnpm} --filter api-server start`,
    cwd: REPO_ROOT,
    // remotes.json answers only once the server is up AND serving the published static root.
    url: `${origin}/remotes.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      STATIC_ROOT: options.staticRoot ?? STATIC_ROOT,
      // Which environments/<env>/remotes.json GET /remotes.json answers (whatever the caller exported).
      PORTAL_ENV: options.environment,
      DATA_DIR: options.dataDir,
      SEED_DEMO: '1',
      // Not production: the server serves the dev mailbox (/dev/mailbox, /dev/mailbox.json).
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      RATE_LIMIT: 'off',
      // Request logs would bury the test report; warnings and errors still show.
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL || 'warn',
      ...env,
    },
  };
}

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
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The portal registers a service worker (issue 16). Journeys about something else run without
    // one, as every journey did before it, so a worker's caches and its own fetches never stand
    // between a journey and the routes it intercepts; pwa.spec.ts and offline.spec.ts allow it.
    serviceWorkers: 'block',
    launchOptions: {
      // npm test resolves (and on Debian installs) Chromium and passes its path here.
      executablePath: process.env.PLAYWRIGHT_CHROMIUM || '/usr/bin/chromium',
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
  projects: [
    {
      name: 'portal',
      testIgnore: [
        /token-expiry\.spec\.ts$/,
        /deploy-and-pin\.spec\.ts$/,
        /cross-origin-remote\.spec\.ts$/,
        /canary-rollback\.spec\.ts$/,
        /checkout\.spec\.ts$/,
      ],
      use: { baseURL: originOf(portal.port) },
    },
    {
      name: 'short-access-token',
      testMatch: /token-expiry\.spec\.ts$/,
      use: { baseURL: originOf(shortAccessToken.port) },
    },
    {
      name: 'deployments',
      testMatch: [/deploy-and-pin\.spec\.ts$/, /cross-origin-remote\.spec\.ts$/, /canary-rollback\.spec\.ts$/],
      use: { baseURL: originOf(deployments.port) },
    },
    {
      name: 'checkout',
      testMatch: /checkout\.spec\.ts$/,
      use: { baseURL: originOf(checkout.port) },
    },
  ],
  webServer: [
    apiServer({
      port: portal.port,
      dataDir,
      environment: portal.environment,
      // pwa.spec.ts plays the browser's push service on 127.0.0.1 (no internet here): the
      // development switch that lets the server deliver to a loopback http endpoint.
      env: { POD_PUSH_ALLOW_LOCAL_ENDPOINTS: '1' },
    }),
    apiServer({
      port: shortAccessToken.port,
      dataDir: shortTtlDataDir,
      environment: shortAccessToken.environment,
      env: { ACCESS_TOKEN_TTL_SECONDS: String(shortAccessToken.accessTokenTtlSeconds) },
    }),
    apiServer({
      port: deployments.port,
      dataDir: deploymentsDataDir,
      environment: deployments.environment,
      staticRoot: deploymentsRoot,
      // A canary guard quick enough for a journey (canary-rollback.spec.ts).
      env: {
        CANARY_GUARD_INTERVAL_SECONDS: String(deployments.canaryGuard.intervalSeconds),
        CANARY_MIN_LOADS: String(deployments.canaryGuard.minLoads),
      },
    }),
    apiServer({ port: checkout.port, dataDir: checkoutDataDir, environment: checkout.environment }),
  ],
});
