import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { distinctOrders, ordersOfBook, rand, salesOfBook, userBooks, type ApiBook } from './support/library';

// Your Books (/books) with the demo library the server seeds (openapi/server/src/seed.ts):
// regions, the detail panel of an approved book with sales (tiles, Sales and Orders tabs, the
// signed contract in the PDF viewer), and cancelling then deleting an unpaid book.
// The journeys of one run share the database: the cancel/delete journey takes 'Growing Up
// Ubuntu' (local only, pending, unpaid, not archived), which no other journey uses.

/** An approved, paid local book with orders and sales in the seed. */
const APPROVED = 'Sunrise over Soweto';
/** Unpaid and not archived, so it offers 'Cancel book'; no orders, no other journey. */
const CANCELLABLE = 'Growing Up Ubuntu';

const BOOK_MESSAGES = {
  cancelled: 'This book has been cancelled',
  archiveSuccess: 'Your book has been cancelled successfully.',
  deleteSuccess: 'Your book has been deleted successfully.',
} as const;

async function openBooks(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your books', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/books');
  await expect(page.getByRole('heading', { name: 'Your Books', level: 1 })).toBeVisible();
}

/** The card (a toggle button) of a book in the list of a region. */
function bookCard(page: Page, region: 'Local' | 'International', title: string): Locator {
  return page.getByRole('list', { name: `${region} books` }).getByRole('button', { name: title });
}

/** The detail panel of the selected book (a region named by its title). */
function detailPanel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The text of the value of a labelled tile (role group named by its label). */
function tile(scope: Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true });
}

/** True once the canvas holds at least one pixel that is neither transparent nor white. */
async function canvasHasInk(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    if (!c.width || !c.height) return false;
    const context = c.getContext('2d');
    if (!context) return false;
    const { data } = context.getImageData(0, 0, c.width, c.height);
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) return true;
    }
    return false;
  });
}

test('browse books: regions, an approved book with its sales, orders and contract', async ({ page }) => {
  const regions = page.getByRole('tablist', { name: 'Book regions' });
  let book: ApiBook | undefined;

  await test.step('the demo author opens Your Books: Local first', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await openBooks(page);
    await expect(regions.getByRole('tab', { name: 'Local', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(bookCard(page, 'Local', APPROVED)).toBeVisible();
    await expect(page.getByText('Select a book to see its details.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('International lists the international records, with format labels and badges', async () => {
    await regions.getByRole('tab', { name: 'International', exact: true }).click();
    await expect(regions.getByRole('tab', { name: 'International', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(bookCard(page, 'International', 'Digital Nomad Diaries')).toContainText('eBook');
    await expect(bookCard(page, 'International', 'The Cape Doctor')).toContainText('Audiobook');
    await expect(bookCard(page, 'International', "A Teacher's Notebook")).toContainText('cancelled');
    await expect(bookCard(page, 'International', 'Kitchen Stories from the Karoo')).toContainText('paid');
    // Local-only books are not here.
    await expect(page.getByRole('button', { name: APPROVED })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await regions.getByRole('tab', { name: 'Local', exact: true }).click();
    await expect(bookCard(page, 'Local', APPROVED)).toBeVisible();
  });

  const detail = detailPanel(page, APPROVED);

  await test.step(`selecting ${APPROVED} shows its tiles`, async () => {
    const books = await userBooks(page);
    book = books.localBooks.find((candidate) => candidate.book_title === APPROVED);
    expect(book, `${APPROVED} among the local books of GET /user/getuserbooks`).toBeDefined();
    const card = bookCard(page, 'Local', APPROVED);
    await expect(card).toContainText('Print');
    await expect(card).toContainText('paid');
    await expect(card).toContainText('Status: approved');
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(detail.getByRole('heading', { name: APPROVED })).toBeVisible();
    await expect(tile(detail, 'Royalty Fee')).toContainText(rand(book?.localRoyalty));
    await expect(tile(detail, 'Local Selling Price (R)')).toContainText(rand(book?.price_sale ?? book?.local_price));
    await expect(detail.getByRole('tab', { name: 'Details', exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('Sales: Total Revenue shows the revenue of the shipped orders, not the returns', async () => {
    const id = book?.id ?? 0;
    const sales = await salesOfBook(page, id);
    // The seed's summaries follow the book's distinct order lines: revenue of 'shipped to customer'.
    const lines = distinctOrders(await ordersOfBook(page, id));
    const shipped = lines.filter((order) => order.sale_status === 'shipped to customer');
    const revenue = shipped.reduce((sum, order) => sum + Number(order.selling_price) * (order.quantity ?? 1), 0);
    const returned = lines
      .filter((order) => order.sale_status === 'returned')
      .reduce((sum, order) => sum + (order.quantity ?? 1), 0);
    expect(sales.total_revenue, 'total_revenue of getsaleperbook vs the shipped orders').toBeCloseTo(revenue, 2);
    expect(sales.returned, 'returned of getsaleperbook vs the returned orders').toBe(returned);
    expect(sales.total_revenue, 'the seed gives this book revenue').toBeGreaterThan(0);

    await detail.getByRole('tab', { name: 'Sales', exact: true }).click();
    await expect(detail.getByRole('tab', { name: 'Sales', exact: true })).toHaveAttribute('aria-selected', 'true');
    for (const label of ['Profit', 'Total Sold', 'Total Returned', 'Total Royalties', 'Total Cost', 'Total Revenue']) {
      await expect(tile(detail, label), label).toBeVisible();
    }
    await expect(tile(detail, 'Total Revenue')).toContainText(rand(revenue));
    // The source screen showed the returned count here; this portal shows the revenue.
    await expect(tile(detail, 'Total Revenue')).not.toHaveText(`Total Revenue${returned}`);
    await expect(tile(detail, 'Total Sold')).toContainText(String(sales.quantity));
    await expect(tile(detail, 'Total Returned')).toContainText(String(returned));
    await expect(tile(detail, 'Total Royalties')).toContainText(rand(sales.total_royalties));
    await expect(tile(detail, 'Total Cost')).toContainText(rand(sales.total_cost));
    await expect(tile(detail, 'Profit')).toContainText(rand(sales.profit));
    await expectNoA11yViolations(page);
  });

  await test.step("Orders: the table of the book's orders", async () => {
    const lines = await ordersOfBook(page, book?.id ?? 0);
    expect(lines.length, `${APPROVED} has orders in the seed`).toBeGreaterThan(0);
    await detail.getByRole('tab', { name: 'Orders', exact: true }).click();
    const table = detail.getByRole('table', { name: 'Orders of this book' });
    await expect(table).toBeVisible();
    const rows = table.getByRole('row');
    // Header row plus one row per distinct order id: the feed repeats lines, the table does not.
    const distinct = distinctOrders(lines).length;
    expect(distinct, `the seed repeats some order lines of ${APPROVED}`).toBeLessThan(lines.length);
    await expect(rows).toHaveCount(distinct + 1);
    await expect(rows.nth(1)).toContainText(APPROVED);
    await expect(rows.nth(1)).toContainText(lines[0]?.customer ?? '');
    await expectNoA11yViolations(page);
  });

  await test.step('View contract opens the signed contract in the PDF viewer', async () => {
    await detail.getByRole('tab', { name: 'Details', exact: true }).click();
    await detail.getByRole('button', { name: 'View contract', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: `Contract: ${APPROVED}` });
    await expect(viewer).toBeVisible();
    const indicator = viewer.getByText(/^Page \d+ of \d+$/);
    await expect(indicator).toHaveText(/^Page 1 of [1-9]\d*$/, { timeout: 20_000 });
    const pages = Number((await indicator.textContent())?.match(/of (\d+)$/)?.[1]);
    const canvas = viewer.getByRole('img', { name: `Page 1 of Contract: ${APPROVED}` });
    await expect(canvas).toBeVisible();
    await expect
      .poll(() => canvasHasInk(canvas), { message: 'page 1 drawn on the canvas', timeout: 15_000 })
      .toBe(true);
    await expect(viewer.getByRole('link', { name: 'Download', exact: true })).toHaveAttribute('href', /^blob:/);
    await expectNoA11yViolations(page);

    const next = viewer.getByRole('button', { name: 'Next page', exact: true });
    if (pages > 1) {
      await next.click();
      await expect(indicator).toHaveText(`Page 2 of ${pages}`);
      const second = viewer.getByRole('img', { name: `Page 2 of Contract: ${APPROVED}` });
      await expect.poll(() => canvasHasInk(second), { message: 'page 2 drawn on the canvas' }).toBe(true);
    } else {
      await expect(next).toBeDisabled();
    }

    await viewer.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(viewer).toBeHidden();
    await expect(detail.getByRole('button', { name: 'View contract', exact: true })).toBeVisible();
  });
});

test('cancel an unpaid book, then delete it', async ({ page }) => {
  const card = bookCard(page, 'Local', CANCELLABLE);
  const detail = detailPanel(page, CANCELLABLE);

  await test.step(`the demo author selects ${CANCELLABLE} (unpaid, not cancelled)`, async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await openBooks(page);
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('cancelled');
    await expect(card).not.toContainText('paid');
    await card.click();
    await expect(detail.getByRole('heading', { name: CANCELLABLE })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Delete book', exact: true })).toHaveCount(0);
    await expect(detail.getByText(BOOK_MESSAGES.cancelled)).toHaveCount(0);
  });

  await test.step('Cancel book, confirmed: the book is cancelled', async () => {
    await detail.getByRole('button', { name: 'Cancel book', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this book?' });
    await expect(confirm).toBeVisible();
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Yes, cancel book', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(BOOK_MESSAGES.archiveSuccess, { exact: true })).toBeVisible();
    await expect(detail.getByText(BOOK_MESSAGES.cancelled, { exact: true })).toBeVisible();
    await expect(card).toContainText('cancelled');
    await expect(detail.getByRole('button', { name: 'Cancel book', exact: true })).toHaveCount(0);
    await expect(detail.getByRole('button', { name: 'Delete book', exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('Delete book, confirmed: the book is gone', async () => {
    await detail.getByRole('button', { name: 'Delete book', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this book?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, delete book', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(BOOK_MESSAGES.deleteSuccess, { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(detail).toHaveCount(0);
    await expect(bookCard(page, 'Local', APPROVED)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('still gone after a reload, and on the server', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Books', level: 1 })).toBeVisible();
    await expect(bookCard(page, 'Local', APPROVED)).toBeVisible();
    await expect(card).toHaveCount(0);
    const books = await userBooks(page);
    expect(
      [...books.localBooks, ...books.internationalBooks].map((book) => book.book_title),
      'titles of GET /user/getuserbooks',
    ).not.toContain(CANCELLABLE);
  });
});
