import { expect, test } from './support/fixtures';
import { DEMO, expectDashboard, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';

// One active tab per browser: a second tab of the same browser (same context, so the same
// localStorage) opening the portal while the first is active is sent to /tab-error; the first
// tab carries on.

const NOTICE = 'Important Notice: Data Integrity and Security';

test('a second tab is sent to /tab-error while the first keeps working', async ({ context, page }) => {
  await test.step('tab A: the demo author signs in', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  });

  const tabB = await context.newPage();

  await test.step('tab B opens the dashboard and gets the notice', async () => {
    await tabB.goto('/dashboard');
    await tabB.waitForURL((url) => url.pathname === '/tab-error');
    await expect(tabB.getByRole('heading', { name: NOTICE })).toBeVisible();
    await expectNoA11yViolations(tabB);
  });

  await test.step('tab A still works: navigation and its dashboard', async () => {
    await page.bringToFront();
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Your books', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/books');
    await expect(page.getByRole('heading', { name: 'Your Books' })).toBeVisible();
    await expectNoA11yViolations(page);
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expectDashboard(page, DEMO.firstName);
    await expect(page.getByRole('heading', { name: NOTICE })).toBeHidden();
  });

  await test.step('tab A keeps the portal across a reload; tab B stays on the notice', async () => {
    await page.reload();
    await expectDashboard(page, DEMO.firstName);
    await expect(page.getByRole('heading', { name: NOTICE })).toBeHidden();
    await expect(tabB).toHaveURL((url) => url.pathname === '/tab-error');
    await expect(tabB.getByRole('heading', { name: NOTICE })).toBeVisible();
  });

  await tabB.close();
});
