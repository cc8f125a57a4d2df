import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { deploymentsStaticRoot, environmentConfigFile, readRemotesConfig, REPO_ROOT } from './support/paths';
import { originOf, SERVERS } from './support/servers';

// Issue 19: a remote served from its own origin, pinned by subresource integrity. Runs in the
// `deployments` project (environment `staging` of a temp copy of the static root). The deploy
// tooling publishes remote-account's built version into a folder of its own (`--publish-root`)
// that a second API server serves on another port, as a team's bucket or CDN would (with
// `Access-Control-Allow-Origin: *` on /remotes/), and points staging's remotes.json at it by
// absolute URL with the manifest's sha384 (`--public-url`). Then /login (remote-account's sign-in
// form) must load from that origin; with the manifest or remoteEntry.js changed there, the page
// must refuse it with its notice and run nothing of it. Staging's files are restored afterwards
// (deploy-and-pin.spec.ts uses the same server).

const ENVIRONMENT = SERVERS.deployments.environment;
const REMOTE = { package: 'remote-account', name: 'remote_account', label: 'Your account' } as const;
const SECOND_ORIGIN = originOf(SERVERS.remoteOrigin.port);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

let workDir = '';
let publishRoot = '';
let server: ChildProcess | undefined;
let serverOutput = '';
/** staging's remotes.json and history.json as they were before this file (null: absent). */
const saved = new Map<string, Buffer | null>();

function stagingFiles(): string[] {
  const config = environmentConfigFile(deploymentsStaticRoot(), ENVIRONMENT);
  return [config, path.join(path.dirname(config), 'history.json')];
}

/** The published version folder of remote-account on the second origin. */
function versionDir(): string {
  const { version } = readRemotesConfig(deploymentsStaticRoot(), ENVIRONMENT).remotes[REMOTE.name]!;
  return path.join(publishRoot, 'remotes', REMOTE.package, version);
}

/**
 * Replaces a published file with other bytes (and drops its .br/.gz copies, which the server
 * would otherwise answer), runs `body`, then puts everything back.
 */
async function withTamperedFile(file: string, change: (text: string) => string, body: () => Promise<void>) {
  const originals = new Map<string, Buffer>();
  for (const name of [file, `${file}.br`, `${file}.gz`]) {
    if (fs.existsSync(name)) originals.set(name, fs.readFileSync(name));
  }
  try {
    for (const name of originals.keys()) if (name !== file) fs.rmSync(name);
    fs.writeFileSync(file, change(originals.get(file)!.toString('utf8')));
    await body();
  } finally {
    for (const [name, bytes] of originals) fs.writeFileSync(name, bytes);
  }
}

/** Every script and stylesheet the page inserts, with its integrity and crossorigin, as inserted. */
async function watchInsertedTags(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ tag: string; url: string; integrity: string | null; crossorigin: string | null }> = [];
    (globalThis as { __podInsertedTags?: typeof seen }).__podInsertedTags = seen;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src) {
            seen.push({
              tag: 'script',
              url: node.src,
              integrity: node.getAttribute('integrity'),
              crossorigin: node.getAttribute('crossorigin'),
            });
          } else if (node instanceof HTMLLinkElement && node.href) {
            seen.push({
              tag: `link ${node.rel}`,
              url: node.href,
              integrity: node.getAttribute('integrity'),
              crossorigin: node.getAttribute('crossorigin'),
            });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const insertedTags = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as {
          __podInsertedTags?: Array<{ tag: string; url: string; integrity: string | null; crossorigin: string | null }>;
        }
      ).__podInsertedTags ?? [],
  );

/** Waits until the portal's Content-Security-Policy names the second origin (cached up to 5 s). */
async function waitForPolicy(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        String(
          (await page.request.get('/', { headers: { accept: 'text/html' } })).headers()['content-security-policy'],
        ),
      {
        timeout: 15_000,
      },
    )
    .toContain(`script-src 'self' ${SECOND_ORIGIN}`);
}

/** Expects the refusal notice on /login and nothing of the remote on the page. */
async function expectRefused(page: Page): Promise<void> {
  const notice = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: `${REMOTE.label} was not loaded` }) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('did not pass a security check');
  await expect(notice).toContainText('Please try again later, or contact support');
  await expect(notice.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (globalThis as { __POD_LOADED_REMOTES__?: Record<string, string> }).__POD_LOADED_REMOTES__?.remote_account,
    ),
    'remote-account reported itself loaded',
  ).toBeUndefined();
  expect(
    await page.evaluate(() => (globalThis as { __podTampered?: boolean }).__podTampered),
    'the tampered code ran',
  ).toBeUndefined();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const file of stagingFiles()) saved.set(file, fs.existsSync(file) ? fs.readFileSync(file) : null);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-e2e-second-origin-'));
  publishRoot = path.join(workDir, 'public');

  // The deploy tooling: remote-account's built dist, published into the second origin's folder.
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, '.ci', 'deploy.mjs'),
      'deploy',
      '--env',
      ENVIRONMENT,
      '--static-root',
      deploymentsStaticRoot(),
      '--no-build',
      '--public-url',
      `${SECOND_ORIGIN}/`,
      '--publish-root',
      publishRoot,
    ],
    { cwd: path.join(REPO_ROOT, REMOTE.package), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
  );

  // The second origin: the real API server, serving only that folder (as in production, without
  // a database anyone uses; its own PGlite dir).
  server = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(REPO_ROOT, 'openapi', 'server'),
    env: {
      ...process.env,
      PORT: String(SERVERS.remoteOrigin.port),
      HOST: '127.0.0.1',
      STATIC_ROOT: publishRoot,
      DATA_DIR: path.join(workDir, 'data'),
      PUBLIC_URL: SECOND_ORIGIN,
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (serverOutput += String(chunk)));
  server.stderr?.on('data', (chunk) => (serverOutput += String(chunk)));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the second origin's server exited:\n${serverOutput}`);
        return fetch(`${SECOND_ORIGIN}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 90_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  for (const [file, bytes] of saved) {
    if (bytes) fs.writeFileSync(file, bytes);
    else fs.rmSync(file, { force: true });
  }
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('a remote served from its own origin loads there, each file checked against its hash', async ({ page }) => {
  const entry = readRemotesConfig(deploymentsStaticRoot(), ENVIRONMENT).remotes[REMOTE.name]! as {
    entry: string;
    version: string;
    integrity?: string;
  };

  await test.step("staging's remotes.json names the manifest on the second origin with its sha384", async () => {
    expect(entry.entry).toBe(`${SECOND_ORIGIN}/remotes/${REMOTE.package}/${entry.version}/mf-manifest.json`);
    expect(entry.integrity).toBe(sri(fs.readFileSync(path.join(versionDir(), 'mf-manifest.json'))));
    await waitForPolicy(page);
  });

  const answers: Array<{ url: string; status: number; allowOrigin: string | undefined }> = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${SECOND_ORIGIN}/`)) {
      answers.push({
        url: response.url(),
        status: response.status(),
        allowOrigin: response.headers()['access-control-allow-origin'],
      });
    }
  });
  await watchInsertedTags(page);

  await test.step('/login shows the sign-in form of remote-account, loaded from the second origin', async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as { __POD_LOADED_REMOTES__?: Record<string, string> }).__POD_LOADED_REMOTES__?.remote_account,
        ),
      )
      .toBe(entry.version);
    const folder = `${SECOND_ORIGIN}/remotes/${REMOTE.package}/${entry.version}/`;
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      expect(
        answers.some((answer) => answer.url === `${folder}${file}` && answer.status === 200),
        `${file} from the second origin`,
      ).toBe(true);
    }
    // Every answer of that origin is open to the portal (CORS), as the server promises for /remotes/.
    expect(answers.filter((answer) => answer.allowOrigin !== '*')).toEqual([]);
    // Scripts and stylesheets of the remote carry the hash their pinning file gave them.
    const tags = (await insertedTags(page)).filter((tag) => tag.url.startsWith(folder));
    const remoteEntry = tags.find((tag) => tag.tag === 'script' && tag.url === `${folder}remoteEntry.js`);
    expect(remoteEntry, 'the remoteEntry.js script').toBeTruthy();
    expect(tags.filter((tag) => /^(script|link stylesheet)$/.test(tag.tag)).length).toBeGreaterThan(1);
    for (const tag of tags) {
      expect(tag.integrity, `${tag.tag} ${tag.url}`).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
      expect(tag.crossorigin, `${tag.tag} ${tag.url}`).toBe('anonymous');
    }
    // The early loading's preload of remoteEntry.js (same attributes) was used, not fetched twice.
    expect(tags.some((tag) => tag.tag === 'link preload' && tag.url === `${folder}remoteEntry.js`)).toBe(true);
    expect(
      await page.evaluate((url) => performance.getEntriesByName(url).length, `${folder}remoteEntry.js`),
      'fetches of remoteEntry.js',
    ).toBe(1);
  });
});

test('a manifest changed on the second origin is refused with a notice; nothing it names is fetched', async ({
  page,
}) => {
  await waitForPolicy(page);
  const folder = versionDir();
  fs.writeFileSync(path.join(folder, 'evil.js'), 'globalThis.__podTampered = true;');
  const fetchedEvil: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/evil.js')) fetchedEvil.push(request.url());
  });
  await withTamperedFile(
    path.join(folder, 'mf-manifest.json'),
    (text) => {
      const manifest = JSON.parse(text) as { metaData: { remoteEntry: { name: string } } };
      manifest.metaData.remoteEntry.name = 'evil.js';
      return JSON.stringify(manifest, null, 2);
    },
    async () => {
      await page.goto('/login');
      await expectRefused(page);
      expect(fetchedEvil, 'requests for the file the tampered manifest names').toEqual([]);
      await expectNoA11yViolations(page);
    },
  );
});

test('a remoteEntry.js changed under its intact manifest is blocked and refused with the notice', async ({ page }) => {
  await waitForPolicy(page);
  await withTamperedFile(
    path.join(versionDir(), 'remoteEntry.js'),
    (text) => `globalThis.__podTampered = true;\n${text}`,
    async () => {
      await page.goto('/login');
      await expectRefused(page);
    },
  );
});
