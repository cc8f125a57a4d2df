import { type Page, type Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { closeDashboardNotices, DASHBOARD_NOTICES } from './support/accounts';

// The walking skeleton: the host shell, remote_account's sign-in and remote_library's
// dashboard, loaded at runtime from the published static root, sharing one session module.

const DEMO = { email: 'demo@pod.local', password: 'Demo#2026pass', firstName: 'Thandi' };

/** `host` for the host's own files, else the remote folder under /remotes/. */
function appServing(url: string): string {
  const match = new URL(url).pathname.match(/^\/remotes\/([^/]+)\//);
  return match?.[1] ?? 'host';
}

/**
 * A chunk holding react-dom itself. Named chunk ids spell the module path, so react-dom's own
 * files carry `node_modules_react-dom_` (from node_modules/react-dom/); pnpm's peer suffix puts a
 * bare `react-dom_19_...` into other chunk names too (react-router-dom's), which must not count.
 */
const REACT_DOM_CHUNK = /node_modules[_/]react-dom[_/]/;

/** Every distinct script URL holding react-dom, recorded from now on. */
function recordReactDomScripts(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('response', (response: Response) => {
    const url = response.url();
    const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(new URL(url).pathname);
    if (isScript && REACT_DOM_CHUNK.test(url)) urls.add(url);
  });
  return urls;
}

test('sign in, see the dashboard, stay signed in across a reload, log out', async ({ page }) => {
  const reactDomScripts = recordReactDomScripts(page);

  await test.step('an anonymous visit lands on the sign-in page', async () => {
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page).toHaveTitle(/^Print on Demand \|/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('the demo author signs in', async () => {
    await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('banner').getByText(`Welcome, ${DEMO.firstName}`)).toBeVisible();
  });

  await test.step('the payout notice shows once (balance over R100); Close dismisses it', async () => {
    const notice = page.getByRole('dialog', { name: DASHBOARD_NOTICES.payout });
    await expect(notice).toBeVisible();
    await expectNoA11yViolations(page);
    await notice.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(notice).toBeHidden();
    await closeDashboardNotices(page);
    await expectNoA11yViolations(page);
  });

  await test.step('the session survives a reload', async () => {
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('banner').getByText(`Welcome, ${DEMO.firstName}`)).toBeVisible();
    // Once per browser session: nothing is due after the reload, and nothing is open.
    await closeDashboardNotices(page);
  });

  await test.step('host and remotes share one shared-contracts instance', async () => {
    const instances = await page.evaluate(
      () =>
        (window as unknown as { __POD_SHARED_CONTRACTS__?: { instances?: number } }).__POD_SHARED_CONTRACTS__
          ?.instances,
    );
    expect(instances, 'window.__POD_SHARED_CONTRACTS__.instances').toBe(1);
  });

  await test.step('react-dom is downloaded by one app only', async () => {
    const urls = [...reactDomScripts].sort();
    // react-dom may span several chunks (react-dom, react-dom/client), but all from one app.
    // Without any such URL this check could not tell one copy from two, so it fails rather
    // than pass blind (are chunk ids still named?).
    expect(urls, 'script URLs of react-dom chunks').not.toEqual([]);
    const apps = [...new Set(urls.map(appServing))];
    expect(apps, `react-dom came from more than one app:\n${urls.join('\n')}`).toHaveLength(1);
  });

  await test.step('logging out from the sidebar returns to sign-in', async () => {
    await page.getByRole('navigation').getByRole('button', { name: 'Log out', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});
