import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { environmentConfigFile, readRemotesConfig, STATIC_ROOT, type RemotesConfig } from './support/paths';

// The update notice (account-area.md sections 2 and 4, host/README.md 'Update notice'): a new
// build reaches an open page. Each test does to the served static root what a deploy does, then
// restores it: a new host build is a changed /sw.js (the worker installs and waits), a remote
// deployed is a new version folder and a remotes.json pointing at it.
test.use({ serviceWorkers: 'allow' });

const SW_FILE = path.join(STATIC_ROOT, 'sw.js');

/** Reloads until the service worker controls the page (the first load only installs it). */
async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  await expect(async () => {
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    }
  }).toPass({ timeout: 20_000 });
}

/** Marks the current document, to tell a reload (a new document) from the same page. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __podOldDocument?: boolean }).__podOldDocument = true;
  });
}

const isOldDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __podOldDocument?: boolean }).__podOldDocument === true);

test('the update notice appears after a new build is served', async ({ page }) => {
  const original = fs.readFileSync(SW_FILE);
  try {
    await test.step('the portal runs under its service worker, on /login (a key route)', async () => {
      await page.goto('/login');
      await untilControlled(page);
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      await markDocument(page);
    });

    await test.step("a new build's sw.js is served; the next update check finds it", async () => {
      fs.writeFileSync(SW_FILE, Buffer.concat([original, Buffer.from(`\n// build ${Date.now()}\n`)]));
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
    });

    await test.step("on a key route it is the 'New Version' modal; Reload moves to the new worker", async () => {
      const dialog = page.getByRole('dialog', { name: 'New Version' });
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
        true,
      );
      await dialog.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => isOldDocument(page).catch(() => true), { timeout: 15_000 }).toBe(false);
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          controlled: navigator.serviceWorker.controller !== null,
          waiting: registration?.waiting ?? null,
          lastUpdate: localStorage.getItem('lastUpdate'),
        };
      });
      expect(state).toMatchObject({ controlled: true, waiting: null });
      expect(Number(state.lastUpdate)).toBeGreaterThan(0);
      await expect(page.getByRole('dialog', { name: 'New Version' })).toHaveCount(0);
    });
  } finally {
    fs.writeFileSync(SW_FILE, original);
  }
});

test("a remote deployed while the page is open: 'Update available', and Refresh loads it", async ({ page }) => {
  const configFile = [environmentConfigFile(STATIC_ROOT, 'local'), path.join(STATIC_ROOT, 'remotes.json')].find(
    (file) => fs.existsSync(file),
  );
  if (!configFile) throw new Error(`no remotes.json in ${STATIC_ROOT}`);
  const originalConfig = fs.readFileSync(configFile, 'utf8');
  const config = readRemotesConfig();
  const account = config.remotes.remote_account;
  if (!account) throw new Error('remote_account is not deployed');
  const newVersion = `${account.version}-e2e.${Date.now()}`;
  const oldFolder = path.join(STATIC_ROOT, 'remotes', 'remote-account', account.version);
  const newFolder = path.join(STATIC_ROOT, 'remotes', 'remote-account', newVersion);
  const newEntry = account.entry.replace(`/${account.version}/`, `/${newVersion}/`);
  try {
    await test.step('the portal is open on /forgot-password (not a key route)', async () => {
      // A fake clock that runs on its own, so the test can jump to the next periodic check.
      await page.clock.install();
      await page.goto('/forgot-password');
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await markDocument(page);
    });

    await test.step('a new version of remote_account is deployed (remotes.json changes)', async () => {
      fs.cpSync(oldFolder, newFolder, { recursive: true });
      const deployed: RemotesConfig = {
        ...config,
        remotes: { ...config.remotes, remote_account: { entry: newEntry, version: newVersion } },
      };
      fs.writeFileSync(configFile, `${JSON.stringify(deployed, null, 2)}\n`);
    });

    await test.step("the periodic check (every 5 minutes) finds it: 'Update available' with Refresh", async () => {
      await page.clock.fastForward('05:01');
      const notice = page.getByRole('status', { name: 'Update available' });
      await expect(notice).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'New Version' })).toHaveCount(0);

      const manifest = page.waitForRequest((request) => new URL(request.url()).pathname === newEntry);
      await notice.getByRole('link', { name: 'Refresh' }).click();
      await manifest;
      await expect.poll(() => isOldDocument(page).catch(() => true)).toBe(false);
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Update available' })).toHaveCount(0);
    });
  } finally {
    fs.writeFileSync(configFile, originalConfig);
    fs.rmSync(newFolder, { recursive: true, force: true });
  }
});
