import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { DEMO, logOutButton, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { remoteVersionDir } from './support/paths';

// A remote that stops being served in the middle of a session takes down only its own part of
// the portal: with remote-library's whole version folder gone from the static root, /orders
// shows the host's fallback (a heading naming the part, and Retry) inside a working shell,
// while the cart (remote-checkout) and sign-in (remote-account) still load. Once the folder is
// back, Retry shows the orders screen without reloading the page.

test('a remote that goes away mid-session fails alone, and Retry recovers it', async ({ page }) => {
  const versionDir = remoteVersionDir('remote_library');
  const hidden = `${versionDir}.e2e-hidden-${process.pid}`;
  const retry = page.getByRole('button', { name: 'Retry', exact: true });
  const libraryFailed = page.getByRole('heading', { name: /library could not be loaded/i });
  const ordersHeading = page.getByRole('heading', { name: 'Your Orders' });
  const sidebar = page.getByRole('navigation', { name: 'Main' });

  await test.step('the demo author signs in and uses the portal', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await sidebar.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/orders');
    await expect(ordersHeading).toBeVisible();
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  fs.renameSync(versionDir, hidden);
  try {
    await test.step('remote-library is gone: /orders shows the fallback inside the shell', async () => {
      await page.goto('/orders');
      await expect(page).toHaveURL((url) => url.pathname === '/orders');
      await expect(libraryFailed).toBeVisible();
      await expect(retry).toBeVisible();
      await expect(ordersHeading).toBeHidden();
      // The shell still renders, signed in: the top bar (balance, outside the dashboard) and the sidebar.
      await expect(page.getByRole('banner').getByText(/^Balance R /)).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
      await expect(logOutButton(page)).toBeVisible();
      await expectNoA11yViolations(page);
    });

    await test.step('the cart still loads (remote-checkout)', async () => {
      await page.goto('/checkout/cart');
      await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
      await expect(retry).toBeHidden();
      await expect(page.getByRole('banner')).toBeVisible();
    });

    await test.step('sign-in still loads (remote-account)', async () => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(retry).toBeHidden();
    });

    await test.step('back on /orders the library is still down', async () => {
      await page.goto('/orders');
      await expect(page).toHaveURL((url) => url.pathname === '/orders');
      await expect(libraryFailed).toBeVisible();
      await expect(retry).toBeVisible();
    });
  } finally {
    fs.renameSync(hidden, versionDir);
  }

  await test.step('with remote-library served again, Retry shows the orders screen', async () => {
    await retry.click();
    await expect(ordersHeading).toBeVisible();
    await expect(retry).toBeHidden();
    await expect(libraryFailed).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/orders');
    await expectNoA11yViolations(page);
  });
});
