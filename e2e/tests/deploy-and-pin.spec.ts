import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { createActiveAccount, DEMO, newAccount, signIn } from './support/accounts';
import { RELEASE_KEY_STORAGE_KEY, shareBucket } from '../../host/src/federation/release-share';
import { deploymentsStaticRoot, readRemotesConfig, REPO_ROOT, STATIC_ROOT, type RemotesConfig } from './support/paths';
import { SERVERS } from './support/servers';

// Runs in the `deployments` project only: its server serves environment `staging` of a temp copy
// of the static root (playwright.config.ts), seeded as a copy of `local`. One remote is built as
// two versions and deployed into staging with the deploy tooling (.ci/deploy.mjs through
// remote-checkout's `deploy`/`rollback` scripts); QA pins (`/?pin=checkout@1.3.0`) then choose
// the version for one browser session, and a rollback changes what everyone else gets. Last, a
// canary at 50 % splits two users' browsers between the versions until it is promoted.
//
// The builds overwrite remote-checkout/dist: afterAll builds it again as its package.json
// version, so nothing after this file sees a 1.3.0 or 1.4.0 dist.

const ENVIRONMENT = SERVERS.deployments.environment;
const REMOTE = { package: 'remote-checkout', name: 'remote_checkout', pin: 'checkout' } as const;
const OLD = '1.3.0';
const NEW = '1.4.0';
const NOT_DEPLOYED = '9.9.9';
const PINS_STORAGE_KEY = 'pod-qa-pins';

/** One webpack build is ~30 s on the 2-core CI machine; two builds, two deploys and the browser part. */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** pnpm as argv words (POD_PNPM may be e.g. `npx -y pnpm@10`, as in playwright.config.ts). */
const PNPM = (process.env.POD_PNPM || 'pnpm').trim().split(/\s+/);

/**
 * Runs `pnpm <args>` in the repository root and returns its output; throws with the output
 * when it fails. `env` adds to (or, with undefined, removes from) this process's environment.
 */
function pnpm(args: string[], env: Record<string, string | undefined> = {}): string {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const [command = 'pnpm', ...prefix] = PNPM;
  const shown = `${[...PNPM, ...args].join(' ')}${env.POD_APP_VERSION ? ` (POD_APP_VERSION=${env.POD_APP_VERSION})` : ''}`;
  try {
    return execFileSync(command, [...prefix, ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 240_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failed = error as { status?: number | null; signal?: string | null; stdout?: string; stderr?: string };
    throw new Error(
      `\`${shown}\` failed (exit ${failed.status ?? failed.signal ?? '?'}):\n` +
        `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.trim().slice(-6_000),
      { cause: error },
    );
  }
}

/** Builds remote-checkout as `version` (POD_APP_VERSION); undefined: its package.json version. */
function buildCheckout(version: string | undefined): string {
  return pnpm(['--filter', REMOTE.package, 'build'], { POD_APP_VERSION: version });
}

/** `pnpm --filter remote-checkout run deploy|promote|rollback -- --env staging --static-root <root> ...`. */
function checkoutScript(
  script: 'deploy' | 'promote' | 'rollback',
  extra: string[],
  env: Record<string, string | undefined> = {},
) {
  return pnpm(
    [
      '--filter',
      REMOTE.package,
      'run',
      script,
      '--',
      '--env',
      ENVIRONMENT,
      '--static-root',
      deploymentsStaticRoot(),
      ...extra,
    ],
    env,
  );
}

function stagingConfig(): RemotesConfig {
  return readRemotesConfig(deploymentsStaticRoot(), ENVIRONMENT);
}

/** The entry a deploy writes for a published version: with the integrity of its manifest (issue 19). */
function entryOf(version: string) {
  const manifest = fs.readFileSync(
    path.join(deploymentsStaticRoot(), 'remotes', REMOTE.package, version, 'mf-manifest.json'),
  );
  const integrity = `sha384-${createHash('sha384').update(manifest).digest('base64')}`;
  return { entry: `/remotes/${REMOTE.package}/${version}/mf-manifest.json`, version, integrity };
}

const storedPins = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), PINS_STORAGE_KEY);

/** The QA pins badge (a landmark named 'QA pins'; status also meets the contract). */
function pinsBadge(page: Page) {
  return page
    .getByRole('region', { name: 'QA pins', exact: true })
    .or(page.getByRole('status', { name: 'QA pins', exact: true }));
}

/**
 * Waits for the cart of remote-checkout `version` on /checkout/cart. Each remote reports the
 * build it is (`__POD_LOADED_REMOTES__`; the QA pins badge lists it while pins are in effect):
 * customers see no version marker, so the journey reads the report.
 */
async function expectCartVersion(page: Page, version: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as { __POD_LOADED_REMOTES__?: Record<string, string> }).__POD_LOADED_REMOTES__?.remote_checkout,
      ),
    )
    .toBe(version);
  await expect(page.getByText(/Checkout version/)).toHaveCount(0);
  if ((await storedPins(page)) !== null)
    await expect(pinsBadge(page)).toContainText(
      new RegExp(`Loaded: .*checkout ${version.replace(/\./g, '\\.')}(?![\\d.])`),
    );
}

async function openCart(page: Page, version: string): Promise<void> {
  await page.goto('/checkout/cart');
  await expectCartVersion(page, version);
}

/** Opens a pin link and waits until the host took the pin out of the address bar. */
async function openPinLink(page: Page, pin: string): Promise<void> {
  await page.goto(`/?pin=${encodeURIComponent(pin)}`);
  await expect(page).toHaveURL((url) => !url.searchParams.has('pin') && url.pathname !== '/');
}

test.afterAll(async () => {
  // Leave remote-checkout/dist as a plain build of the package's own version.
  test.setTimeout(240_000);
  buildCheckout(undefined);
});

/**
 * The builds between this journey's requests run synchronously and block the worker's event
 * loop, often for longer than the server's keep-alive timeout (72 s): a kept-alive socket would
 * then be closed by the server while the worker cannot see it, and the next request written to
 * it fails with 'socket hang up'. Each request here uses a connection of its own.
 */
const NO_KEEP_ALIVE = { headers: { Connection: 'close' } };

test(`deploy ${REMOTE.package} ${OLD} then ${NEW} into ${ENVIRONMENT}`, async ({ request }) => {
  const root = deploymentsStaticRoot();
  const before = stagingConfig();
  const localBefore = readRemotesConfig(STATIC_ROOT, 'local');

  await test.step(`the ${ENVIRONMENT} server starts as a copy of local`, async () => {
    expect(before.environment).toBe(ENVIRONMENT);
    const served = (await (await request.get('/remotes.json', NO_KEEP_ALIVE)).json()) as RemotesConfig;
    expect(served.environment, 'environment of GET /remotes.json').toBe(ENVIRONMENT);
    expect(served.remotes[REMOTE.name]?.version).toBe(before.remotes[REMOTE.name]?.version);
  });

  await test.step(`build ${OLD} (POD_APP_VERSION), then deploy it with --no-build`, async () => {
    buildCheckout(OLD);
    const info = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, REMOTE.package, 'dist', 'version.json'), 'utf8')) as {
      version?: string;
    };
    expect(info.version, `${REMOTE.package}/dist/version.json`).toBe(OLD);
    const output = checkoutScript('deploy', ['--no-build']);
    // Checked against the host published in the root (its version.json names what it imports).
    expect(output).toMatch(/compatible with the host \S+ \(@pod\/shared-contracts \S+\)/);
    expect(stagingConfig().remotes[REMOTE.name]).toEqual(entryOf(OLD));
  });

  await test.step(`deploy ${NEW}, letting deploy build it (POD_APP_VERSION)`, async () => {
    checkoutScript('deploy', [], { POD_APP_VERSION: NEW });
  });

  await test.step(`${ENVIRONMENT} runs ${NEW}; both versions are published; the other remotes are untouched`, async () => {
    const after = stagingConfig();
    expect(after.environment).toBe(ENVIRONMENT);
    expect(after.remotes[REMOTE.name]).toEqual(entryOf(NEW));
    for (const [name, entry] of Object.entries(before.remotes)) {
      if (name !== REMOTE.name) expect(after.remotes[name], `${name} in ${ENVIRONMENT}`).toEqual(entry);
    }
    for (const version of [OLD, NEW]) {
      const folder = path.join(root, 'remotes', REMOTE.package, version);
      expect(fs.existsSync(path.join(folder, 'mf-manifest.json')), `${folder}/mf-manifest.json`).toBe(true);
    }
    const history = JSON.parse(
      fs.readFileSync(path.join(root, 'environments', ENVIRONMENT, 'history.json'), 'utf8'),
    ) as Record<string, { version: string }[]>;
    expect(history[REMOTE.name]?.map((entry) => entry.version)).toEqual([OLD, NEW]);
    const served = (await (await request.get('/remotes.json', NO_KEEP_ALIVE)).json()) as RemotesConfig;
    expect(served.remotes[REMOTE.name]?.version, 'GET /remotes.json').toBe(NEW);
  });

  await test.step('the built static root of the other journeys was not written', async () => {
    expect(fs.existsSync(path.join(STATIC_ROOT, 'remotes', REMOTE.package, OLD))).toBe(false);
    expect(fs.existsSync(path.join(STATIC_ROOT, 'remotes', REMOTE.package, NEW))).toBe(false);
    expect(fs.existsSync(path.join(STATIC_ROOT, 'environments', ENVIRONMENT))).toBe(false);
    expect(readRemotesConfig(STATIC_ROOT, 'local')).toEqual(localBefore);
  });
});

test('QA pins choose the version for one browser session; a rollback changes the environment', async ({ page }) => {
  const badge = pinsBadge(page);
  const clearPins = badge.getByRole('button', { name: 'Clear pins', exact: true });

  await test.step('the QA tester signs in (signed out, the cart is a sign-in prompt)', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  });

  await test.step(`a pin link pins checkout@${OLD}; the address loses the pin`, async () => {
    await openPinLink(page, `${REMOTE.pin}@${OLD}`);
    await expect(badge).toBeVisible();
    await expect(badge).toContainText(`Pinned: ${REMOTE.pin}@${OLD}`);
  });

  await test.step(`the cart is checkout ${OLD}, with the badge`, async () => {
    await openCart(page, OLD);
    await expect(badge).toContainText(`Pinned: ${REMOTE.pin}@${OLD}`);
    await expectNoA11yViolations(page);
  });

  await test.step('the pin survives a reload', async () => {
    await page.reload();
    await expectCartVersion(page, OLD);
    await expect(badge).toContainText(`Pinned: ${REMOTE.pin}@${OLD}`);
  });

  await test.step(`a new pin link replaces it: checkout@${NEW}`, async () => {
    await openPinLink(page, `${REMOTE.pin}@${NEW}`);
    await expect(badge).toContainText(`Pinned: ${REMOTE.pin}@${NEW}`);
    await openCart(page, NEW);
    await expect(badge).toContainText(`Pinned: ${REMOTE.pin}@${NEW}`);
  });

  await test.step(`an undeployed version (${NOT_DEPLOYED}) is ignored with a warning naming it`, async () => {
    const pin = `${REMOTE.pin}@${NOT_DEPLOYED}`;
    await openPinLink(page, pin);
    await expect(page.getByRole('alert').filter({ hasText: pin })).toBeVisible();
    // No badge claims a pin that is not in effect.
    await expect(badge.filter({ hasText: NOT_DEPLOYED })).toHaveCount(0);
    await openCart(page, NEW); // the environment's version
  });

  await test.step(`'Clear pins' forgets the pins: the environment's ${NEW} loads`, async () => {
    await openPinLink(page, `${REMOTE.pin}@${OLD}`);
    await openCart(page, OLD);
    await expect(clearPins).toBeVisible();
    await clearPins.click();
    await expect(badge).toBeHidden();
    await expectCartVersion(page, NEW);
    expect(await storedPins(page), `sessionStorage['${PINS_STORAGE_KEY}']`).toBeNull();
  });

  await test.step(`rolling ${ENVIRONMENT} back serves ${OLD} to everyone, no pin needed`, async () => {
    checkoutScript('rollback', []);
    expect(stagingConfig().remotes[REMOTE.name]).toEqual(entryOf(OLD));
    await page.reload();
    await expectCartVersion(page, OLD);
    await expect(badge).toBeHidden();
    expect(await storedPins(page), `sessionStorage['${PINS_STORAGE_KEY}']`).toBeNull();
  });
});

test(`a canary at 50 % gives two users different versions, each keeps theirs, promote gives everyone ${NEW}`, async ({
  browser,
  request,
}) => {
  const baseURL = test.info().project.use.baseURL;
  // One browser on each side of the split, found with the host's own bucket function.
  const keys = Array.from({ length: 40 }, (_, index) => `e2e-browser-${index}`);
  const canaryKey = keys.find((key) => shareBucket(key, REMOTE.name) < 50);
  const stableKey = keys.find((key) => shareBucket(key, REMOTE.name) >= 50);
  if (!canaryKey || !stableKey) throw new Error('no release key on each side of a 50 % split');
  const second = newAccount('canary');
  await createActiveAccount(request, second);

  await test.step(`deploy ${NEW} (the dist the first test built) with --canary 50 beside ${OLD}`, async () => {
    expect(stagingConfig().remotes[REMOTE.name]?.version, 'stable version after the rollback').toBe(OLD);
    const output = checkoutScript('deploy', ['--no-build', '--canary', '50']);
    expect(output).toMatch(
      new RegExp(`gave 50 % of ${ENVIRONMENT}'s browsers ${REMOTE.name} ${NEW.replace(/\./g, '\\.')}`),
    );
    expect(stagingConfig().remotes[REMOTE.name]).toMatchObject({
      ...entryOf(OLD),
      canary: { ...entryOf(NEW), share: 50 },
    });
  });

  /** A browser of its own, with its release key in place before the portal's first script. */
  async function userBrowser(releaseKey: string) {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    await context.addInitScript(([name, value]) => window.localStorage.setItem(name, value), [
      RELEASE_KEY_STORAGE_KEY,
      releaseKey,
    ] as const);
    return { context, page: await context.newPage() };
  }

  const inCanary = await userBrowser(canaryKey);
  const onStable = await userBrowser(stableKey);
  try {
    await test.step(`the user in the canary's half gets ${NEW}, the other ${OLD}`, async () => {
      await signIn(inCanary.page, DEMO.email, DEMO.password, DEMO.firstName);
      await signIn(onStable.page, second.email, second.password, second.firstName);
      await openCart(inCanary.page, NEW);
      await openCart(onStable.page, OLD);
    });

    await test.step('each keeps their version across reloads', async () => {
      for (let round = 0; round < 2; round += 1) {
        await inCanary.page.reload();
        await expectCartVersion(inCanary.page, NEW);
        await onStable.page.reload();
        await expectCartVersion(onStable.page, OLD);
      }
    });

    await test.step(`a QA pin still wins over the canary: checkout@${OLD} in the canary's half`, async () => {
      await openPinLink(inCanary.page, `${REMOTE.pin}@${OLD}`);
      await openCart(inCanary.page, OLD);
      await pinsBadge(inCanary.page).getByRole('button', { name: 'Clear pins', exact: true }).click();
      await expectCartVersion(inCanary.page, NEW);
    });

    await test.step(`promote: ${NEW} for everyone, written to history`, async () => {
      checkoutScript('promote', []);
      const promoted = stagingConfig().remotes[REMOTE.name];
      expect(promoted).toMatchObject(entryOf(NEW));
      expect(promoted).not.toHaveProperty('canary');
      await onStable.page.reload();
      await expectCartVersion(onStable.page, NEW);
      const history = JSON.parse(
        fs.readFileSync(path.join(deploymentsStaticRoot(), 'environments', ENVIRONMENT, 'history.json'), 'utf8'),
      ) as Record<string, { version: string; channel?: string; share?: number; event?: string }[]>;
      expect(history[REMOTE.name]?.slice(-2)).toEqual([
        expect.objectContaining({ version: NEW, channel: 'canary', share: 50, event: 'deploy' }),
        expect.objectContaining({ version: NEW, event: 'promote' }),
      ]);
    });
  } finally {
    await inCanary.context.close();
    await onStable.context.close();
  }
});
