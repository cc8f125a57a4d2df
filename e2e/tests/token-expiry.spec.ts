import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, expectDashboard, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { SERVERS } from './support/servers';

// Runs in the `short-access-token` project only: its server issues access tokens that live
// SERVERS.shortAccessToken.accessTokenTtlSeconds (5 s). A session outlives its access token:
// the client refreshes (the server rotates both tokens) and the user never notices.

const TTL_SECONDS = SERVERS.shortAccessToken.accessTokenTtlSeconds;

interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

function storedTokens(page: Page): Promise<StoredTokens> {
  return page.evaluate(() => ({
    access: localStorage.getItem('access-token'),
    refresh: localStorage.getItem('refresh-token'),
  }));
}

/** The `exp` claim (seconds) of a JWT, read without verifying it. */
function expiryOf(jwt: string | null): number | undefined {
  const payload = jwt?.split('.')[1];
  if (!payload) return undefined;
  const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
  return typeof json.exp === 'number' ? json.exp : undefined;
}

test('a session outlives its access token: navigation and reload stay signed in', async ({ page }) => {
  // Every refresh the page makes, with its status: a 401 would mean a rotated token was reused.
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v1/authO/refresh') refreshes.push(response.status());
  });
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const noErrorAlert = async () => expect(page.getByRole('alert')).toHaveCount(0);
  let before: StoredTokens = { access: null, refresh: null };

  await test.step('the demo author signs in', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    before = await storedTokens(page);
    expect(before.access, 'access-token after sign-in').toBeTruthy();
    expect(before.refresh, 'refresh-token after sign-in').toBeTruthy();
  });

  await test.step(`wait past the access token's ${TTL_SECONDS} s lifetime`, async () => {
    const exp = expiryOf(before.access);
    expect(exp, 'exp claim of the access token').toBeDefined();
    const lifetimeLeftMs = (exp ?? 0) * 1000 - Date.now();
    expect(lifetimeLeftMs, 'the server issued a short-lived access token').toBeLessThanOrEqual(TTL_SECONDS * 1000);
    // A real wait: this is the behaviour under test, not a race to paper over.
    await page.waitForTimeout(Math.max(lifetimeLeftMs, 0) + 2_000);
  });

  await test.step('moving between dashboard, books and orders keeps the session', async () => {
    await sidebar.getByRole('link', { name: 'Your books', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/books');
    await expect(page.getByRole('heading', { name: 'Your Books' })).toBeVisible();
    await noErrorAlert();
    await expectNoA11yViolations(page);

    await sidebar.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/orders');
    await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
    await noErrorAlert();
    await expectNoA11yViolations(page);

    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expectDashboard(page, DEMO.firstName);
    await noErrorAlert();
  });

  await test.step('a reload with the expired access token stays signed in', async () => {
    await page.reload();
    await expectDashboard(page, DEMO.firstName);
    await noErrorAlert();
    await expectNoA11yViolations(page);
  });

  await test.step('the tokens were rotated, and every refresh succeeded', async () => {
    const after = await storedTokens(page);
    expect(after.access, 'access-token after the refresh').toBeTruthy();
    expect(after.access, 'access-token was replaced').not.toBe(before.access);
    expect(after.refresh, 'refresh-token was rotated').not.toBe(before.refresh);
    expect(expiryOf(after.access), 'the new access token expires later').toBeGreaterThan(expiryOf(before.access) ?? 0);
    expect(refreshes.length, 'POST /authO/refresh calls').toBeGreaterThan(0);
    expect(refreshes, 'statuses of POST /authO/refresh').toEqual(refreshes.map(() => 200));
  });
});
