import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { DEMO, signIn } from './support/accounts';

// The cart on a phone (390 px, an iPhone 12-15) and on a desktop. The demo account's seeded
// cart holds two print uploads ('Rivers of Gold', 'Growing Up Ubuntu'; openapi/server/src/
// seed.ts); checkout.spec.ts pays it on its own database, so here it is intact. The cart table
// stacks each item as a card below 600 px (DataTable in shared-contracts/src/ui): before it, the
// page was 730 px wide and the prices and Remove buttons were off-screen.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function openCart(page: Page, viewport: { width: number; height: number }): Promise<Locator> {
  // Signed in at the desktop size, where the top bar greets by name (signIn waits for it).
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  await page.setViewportSize(viewport);
  await page.goto('/checkout/cart');
  const table = page.getByRole('table', { name: 'Items in your cart' });
  await expect(table.getByRole('button', { name: /^Remove .+ from cart$/ })).toHaveCount(2);
  return table;
}

/** Fails unless the element lies horizontally within 0..width (vertical scrolling is fine). */
async function expectWithinWidth(element: Locator, width: number): Promise<void> {
  const box = await element.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('on a phone every price and Remove button of the cart is on screen, without horizontal scrolling', async ({
  page,
}, testInfo) => {
  const table = await openCart(page, PHONE);

  const items = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^Remove / }) });
  await expect(items).toHaveCount(2);
  for (const item of await items.all()) {
    for (const cell of await item.getByRole('cell').all()) await expectWithinWidth(cell, PHONE.width);
    await expectWithinWidth(item.getByRole('button', { name: /^Remove / }), PHONE.width);
    await expect(item.getByRole('cell').filter({ hasText: /^R / })).toHaveCount(4);
  }
  // Each stacked cell shows its column's label (drawn by CSS from data-label).
  const price = items.first().getByRole('cell').nth(2);
  expect(await price.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Price"');

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const totals = page.getByRole('table', { name: 'Totals' });
  await totals.scrollIntoViewIfNeeded();
  await expect(totals.getByRole('row', { name: /Amount payable/ })).toBeInViewport();
  await expectWithinWidth(totals, PHONE.width);

  await page.screenshot({ path: testInfo.outputPath('cart-390.png'), fullPage: true });
  await expectNoA11yViolations(page);
});

test('on a desktop the cart is a table with a visible header row', async ({ page }, testInfo) => {
  const table = await openCart(page, DESKTOP);
  for (const name of ['Product', 'Book', 'Price', 'VAT (15%)', 'Discount', 'Final price']) {
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const row = table.getByRole('row', { name: /Rivers of Gold/ });
  await expect(row.getByRole('cell').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  await page.screenshot({ path: testInfo.outputPath('cart-1280.png'), fullPage: true });
  await expectNoA11yViolations(page);
});
