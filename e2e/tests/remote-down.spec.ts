import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { remoteManifestFile } from './support/paths';

// One dead remote must not take the portal down: remote_library (the dashboard) is missing,
// remote_account (sign-in) and the host shell keep working, and Retry recovers once it is back.

const DEMO = { email: 'demo@pod.local', password: 'Demo#2026pass', firstName: 'Thandi' };

test('a missing remote shows a retry notice inside a working shell, and Retry recovers', async ({ page }) => {
  const manifest = remoteManifestFile('remote_library');
  const hidden = `${manifest}.e2e-hidden-${process.pid}`;
  const retry = page.getByRole('button', { name: 'Retry', exact: true });

  fs.renameSync(manifest, hidden);
  try {
    await test.step('sign-in still works (it belongs to remote_account)', async () => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    });

    await test.step('the dashboard shows a retry notice and the shell still renders', async () => {
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      await expect(retry).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('button', { name: 'Log out', exact: true })).toBeVisible();
    });
  } finally {
    fs.renameSync(hidden, manifest);
  }

  await test.step('with the remote back, Retry shows the dashboard', async () => {
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('banner').getByText(`Welcome, ${DEMO.firstName}`)).toBeVisible();
  });
});
