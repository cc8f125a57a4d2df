import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createActiveAccount, DEMO, newAccount, signIn } from './support/accounts';
import { apiGet } from './support/library';

// Server state goes through one QueryClient that the host and every remote share: a mutation
// in one remote refreshes what another shows, and a failed list offers Retry instead of
// pretending to be empty.

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart \(\d+ items?\)$/ });

async function cartCount(page: Page): Promise<number> {
  const name = (await cartButton(page).textContent()) ?? '';
  return Number(/\((\d+) items?\)/.exec(name)?.[1] ?? Number.NaN);
}

// A new author uploads: the demo account's cart is what the checkout journey pays, and its
// books would make a second run's rows duplicates that add nothing to any cart.
test("a bulk upload in remote-library updates the top bar's cart count, without reload", async ({ page, request }) => {
  const account = newAccount('cartcount', { firstName: 'Lindiwe', lastName: 'Zulu' });
  let before = 0;

  await test.step('a new author signs in; the top bar counts the cart', async () => {
    await createActiveAccount(request, account);
    await signIn(page, account.email, account.password, account.firstName);
    await expect(cartButton(page)).toBeVisible();
    before = await cartCount(page);
  });

  await test.step('host and remotes share one QueryClient', async () => {
    const instances = await page.evaluate(
      () => (window as unknown as { __POD_QUERY_CLIENT__?: { instances?: number } }).__POD_QUERY_CLIENT__?.instances,
    );
    expect(instances, 'window.__POD_QUERY_CLIENT__.instances').toBe(1);
  });

  await test.step('the example CSV adds its valid books to the cart; the count follows at once', async () => {
    // A full page load would re-read everything: the marker proves none happened.
    await page.evaluate(() => Object.assign(window, { __podNoReload: true }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bulk book upload', exact: true })
      .click();
    const href = await page.getByRole('link', { name: 'Download an example file', exact: true }).getAttribute('href');
    const csv = await (await page.request.get(href ?? '')).body();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'bulk-upload-example.csv', mimeType: 'text/csv', buffer: csv });
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100', {
      timeout: 30_000,
    });
    const added = await page.getByRole('list', { name: 'Valid Books', exact: true }).getByRole('article').count();
    expect(added, 'valid books priced (each is a cart item)').toBeGreaterThan(0);

    await expect(cartButton(page)).toHaveText(`Cart (${before + added} ${before + added === 1 ? 'item' : 'items'})`);
    const { results } = await apiGet<{ results: unknown[] }>(page, '/user/cart');
    expect(results, 'the server cart').toHaveLength(before + added);
    expect(
      await page.evaluate(() => (window as unknown as { __podNoReload?: boolean }).__podNoReload),
      'no page reload',
    ).toBe(true);
  });
});

test('a list that fails shows the error with Retry, not its empty message; Retry loads it', async ({ page }) => {
  const failOnce = async (path: string) => {
    const pattern = `**/api/v1${path}**`;
    await page.route(pattern, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: 'The list is unavailable' }),
      }),
    );
    return () => page.unroute(pattern);
  };

  await test.step('/sales: the demo author has sales; a failed request is an error with Retry', async () => {
    // Failing from sign-in on: the host's shared loaders ask for the sales first.
    const restore = await failOnce('/user/getallsale');
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sales', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();

    const failure = page.getByRole('main').getByRole('alert').filter({ hasText: 'The list is unavailable' });
    await expect(failure).toBeVisible();
    await expect(page.getByText('There are no sales to show yet.')).toHaveCount(0);

    await restore();
    await failure.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Sales of your books' })).toBeVisible();
    expect(
      await page.getByRole('table', { name: 'Sales of your books' }).getByRole('row').count(),
      'sales rows with the header',
    ).toBeGreaterThan(1);
    await expect(failure).toHaveCount(0);
  });

  await test.step('/transactions: the same, never "No transactions yet" for a failure', async () => {
    const restore = await failOnce('/user/transactions');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Transactions', exact: true })
      .click();
    const failure = page.getByRole('main').getByRole('alert').filter({ hasText: 'The list is unavailable' });
    await expect(failure).toBeVisible();
    await expect(page.getByText('No transactions yet')).toHaveCount(0);

    await restore();
    await failure.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Your transactions, newest first' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
});
