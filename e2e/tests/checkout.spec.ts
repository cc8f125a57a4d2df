import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { DEMO, signIn } from './support/accounts';

// Checkout against the real server and its built-in PayFast-compatible sandbox (openapi/server
// src/payments/sandbox.ts), on the `checkout` project's own database (playwright.config.ts).
// The seed (openapi/server/src/seed.ts) gives two carts:
// - publisher@pod.local: balance R 2 000.00, one eBook in the cart (R 299 + VAT = R 343.85):
//   the balance covers it.
// - demo@pod.local: balance R 1 250.00, two print uploads in the cart ('Rivers of Gold' R 1 000
//   processing + R 250 ISBN, 'Growing Up Ubuntu' R 1 000; + VAT = R 2 587.50): R 1 337.50 short.
// The demo journeys run in order: cancelling at the EFT provider and in the card window first
// (nothing charged, the cart kept), then paying the shortfall by EFT.

const PUBLISHER = { email: 'publisher@pod.local', password: 'Demo#2026pass', firstName: 'Naledi' } as const;
const SUCCESS = 'Your items have been successfully processed';

const balance = (page: Page) => page.getByRole('banner').getByText(/^Balance R /);

async function openCart(page: Page): Promise<void> {
  await page.goto('/checkout');
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/cart');
}

/** From the cart to the provider's page: Proceed (7: balance short), then pay the shortfall by EFT. */
async function payShortfallByEft(page: Page): Promise<void> {
  await openCart(page);
  await expect(page.getByRole('cell', { name: 'Rivers of Gold', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/payment');
  await expect(page.getByText('R 1 337.50').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByRole('radio', { name: /EFT/ })).toBeChecked();
  await page.getByRole('button', { name: 'Pay R 1 337.50' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sandbox/payfast/eng/process');
  await expect(page.getByRole('heading', { name: 'PayFast sandbox' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'R 1337.50' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a cart the balance covers is paid from the balance', async ({ page }) => {
  await signIn(page, PUBLISHER.email, PUBLISHER.password, PUBLISHER.firstName);
  await page.getByRole('button', { name: /^Cart \(1 item\)/ }).click();
  // In the cart dropdown: the dashboard behind it lists the same book under 'Books in progress'.
  await expect(page.getByLabel('Cart items').getByText('Letters from Lagos')).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/cart');

  const row = page.getByRole('row', { name: /Letters from Lagos/ });
  await expect(row).toContainText('299.00');
  await expect(row).toContainText('44.85');
  await expect(row).toContainText('343.85');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/checkout/success' && url.searchParams.get('tref')!.startsWith('BAL-'),
  );
  await expect(page.getByRole('heading', { name: SUCCESS })).toBeVisible();
  await expect(balance(page)).toHaveText('Balance R 1 656.15');
  await expect(page.getByRole('button', { name: /^Cart \(0 items\)/ })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/transactions');
  const payment = page.getByRole('row', { name: /payment/ });
  await expect(payment).toContainText('343.85');
  await expect(payment).toContainText('1 656.15');
});

test('cancelling at the payment provider charges nothing and keeps the cart', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  await payShortfallByEft(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/checkout/cancelled' &&
      ['token', 'id', 'tref'].every((name) => (url.searchParams.get(name) ?? '') !== ''),
  );
  await expect(page.getByText('You cancelled the transaction')).toBeVisible();
  await expect(balance(page)).toHaveText('Balance R 1 250.00');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Back to cart' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/cart');
  await expect(page.getByRole('cell', { name: 'Rivers of Gold', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Growing Up Ubuntu', exact: true })).toBeVisible();
});

test('a card payment cancelled in the provider window returns to the dashboard with nothing charged', async ({
  page,
}) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  await openCart(page);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/payment');
  await page.getByRole('radio', { name: /Credit card/ }).check();
  await page.getByRole('button', { name: 'Pay R 1 337.50' }).click();

  // The provider's window, in a popup over the portal: amount in USD at the configured rate.
  const dialog = page.getByRole('dialog', { name: 'Card payment' });
  const provider = dialog.frameLocator('iframe[title="Card payment"]');
  await expect(provider.getByRole('heading', { name: 'Card payment sandbox' })).toBeVisible();
  await expect(provider.getByText('USD')).toBeVisible();
  await provider.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText('Your card payment was not completed')).toBeVisible();
  await openCart(page);
  await expect(balance(page)).toHaveText('Balance R 1 250.00');
  await expect(page.getByRole('cell', { name: 'Rivers of Gold', exact: true })).toBeVisible();
});

test('the shortfall paid by EFT at the provider tops up the balance and pays the cart', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  await payShortfallByEft(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/checkout/success' &&
      ['token', 'id', 'tref'].every((name) => (url.searchParams.get(name) ?? '') !== ''),
  );
  await expect(page.getByRole('heading', { name: SUCCESS })).toBeVisible();
  await expect(balance(page)).toHaveText('Balance R 0.00');
  await expect(page.getByRole('button', { name: /^Cart \(0 items\)/ })).toBeVisible();

  // Every attempt is listed: the EFT top-up complete, the earlier EFT and card attempts cancelled.
  await page.goto('/transactions');
  await expect(page.getByRole('row', { name: /top-up .* complete / })).toContainText('1 337.50');
  await expect(page.getByRole('row', { name: /top-up .* cancelled / })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /payment/ })).toContainText('2 587.50');

  await openCart(page);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
