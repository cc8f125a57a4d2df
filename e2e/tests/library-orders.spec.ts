import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { allOrders, distinctOrders, ordersOfBook, userBooks, type ApiOrder } from './support/library';

// Your Orders (/orders) over the demo account's seeded order lines (about 600 over 18 months,
// some repeated under one order id): 12 at a time with Load More, search, an inclusive From/To
// day range, Clear Filters, and one card per distinct order id. The expected figures are read
// from the API, not copied from the seed (its dates move with the day the server starts).

// Days are the browser's local days: pin the zone so the expected days are computed the same way.
const TIME_ZONE = 'Africa/Johannesburg';
test.use({ timezoneId: TIME_ZONE });

const PAGE_SIZE = 12;

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(iso: string): Record<string, string> {
  return Object.fromEntries(dateParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
}

/** The order's local day as the date inputs take it: yyyy-MM-dd. */
function dayOf(order: ApiOrder): string {
  const p = parts(order.order_date ?? order.createdAt ?? '');
  return `${p.year}-${p.month}-${p.day}`;
}

/** The order's date as its card shows it: dd-MM-yyyy HH:mm. */
function displayDateOf(order: ApiOrder): string {
  const p = parts(order.order_date ?? order.createdAt ?? '');
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** 'dd-MM-yyyy HH:mm' -> 'yyyy-MM-dd'. */
function dayOfDisplayed(text: string): string {
  const match = /^(\d{2})-(\d{2})-(\d{4}) \d{2}:\d{2}$/.exec(text.trim());
  expect(match, `a dd-MM-yyyy HH:mm date: '${text}'`).not.toBeNull();
  return `${match?.[3]}-${match?.[2]}-${match?.[1]}`;
}

function summary(page: Page): Locator {
  return page.getByText(/^(Showing \d+ of \d+ orders?|No orders match your filters)$/);
}

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Orders', exact: true }).getByRole('article');
}

/** The Date value of every visible card. */
async function cardDates(page: Page): Promise<string[]> {
  return cards(page)
    .locator('dt', { hasText: /^Date$/ })
    .locator('xpath=following-sibling::dd[1]')
    .allTextContents();
}

/** Clicks Load More until every match shows, checking the count after each click. */
async function loadAll(page: Page, total: number): Promise<void> {
  const more = page.getByRole('button', { name: 'Load More', exact: true });
  for (let shown = Math.min(PAGE_SIZE, total); shown < total;) {
    await more.click();
    shown = Math.min(shown + PAGE_SIZE, total);
    await expect(summary(page)).toHaveText(`Showing ${shown} of ${total} ${total === 1 ? 'order' : 'orders'}`);
  }
  await expect(more).toHaveCount(0);
  await expect(cards(page)).toHaveCount(total);
}

test('orders: paging, search, an inclusive date range, clear filters, one card per order id', async ({ page }) => {
  let orders: ApiOrder[] = [];
  let total = 0;
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  const clear = page.getByRole('button', { name: 'Clear Filters', exact: true });

  await test.step('the demo author opens Your Orders', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/orders');
    await expect(page.getByRole('heading', { name: 'Your Orders', level: 1 })).toBeVisible();
  });

  await test.step('one order per distinct order id of the seeded lines', async () => {
    // Every line, repeats included, from the per-book feed of each of the user's books.
    const books = await userBooks(page);
    const lines: ApiOrder[] = [];
    for (const book of [...books.localBooks, ...books.internationalBooks])
      lines.push(...(await ordersOfBook(page, book.id)));
    const distinct = distinctOrders(lines);
    expect(lines.length, 'the seed repeats some order lines').toBeGreaterThan(distinct.length);
    orders = await allOrders(page);
    expect(orders.length, 'GET /user/getbookorders answers each order id once').toBe(distinctOrders(orders).length);
    expect(new Set(orders.map((order) => String(order.order_id))), 'order ids of getbookorders').toEqual(
      new Set(distinct.map((order) => String(order.order_id))),
    );
    total = distinct.length;
    expect(total, 'more orders than two pages').toBeGreaterThan(2 * PAGE_SIZE);

    // The screen keeps loading pages in the background: wait for the final count.
    await expect(summary(page)).toHaveText(`Showing ${PAGE_SIZE} of ${total} orders`, { timeout: 20_000 });
    await expect(page.getByText('Loading more orders')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    // Only the marketplace's lines link to its product page (the seed also has direct and
    // Amazon sales, which have none): the first such card's link is Takealot's.
    await expect(
      cards(page)
        .getByRole('link', { name: /^View Product/ })
        .first(),
    ).toHaveAttribute('href', /^https:\/\/www\.takealot\.com\//);
    await expectNoA11yViolations(page);
  });

  await test.step('Load More adds 12', async () => {
    await page.getByRole('button', { name: 'Load More', exact: true }).click();
    await expect(summary(page)).toHaveText(`Showing ${2 * PAGE_SIZE} of ${total} orders`);
    await expect(cards(page)).toHaveCount(2 * PAGE_SIZE);
  });

  await test.step('searching a customer narrows the list to their orders', async () => {
    const customer = 'Fatima Patel';
    const theirs = orders.filter((order) => order.customer === customer).length;
    expect(theirs, `${customer} has orders in the seed`).toBeGreaterThan(0);
    await search.fill(customer);
    await expect(summary(page)).toHaveText(
      `Showing ${Math.min(PAGE_SIZE, theirs)} of ${theirs} ${theirs === 1 ? 'order' : 'orders'}`,
    );
    await loadAll(page, theirs);
    for (const card of await cards(page).all()) await expect(card).toContainText(customer);
    await expectNoA11yViolations(page);
  });

  await test.step('searching a product title (any case) lists only that book', async () => {
    const title = 'Digital Nomad Diaries';
    const ofTitle = orders.filter((order) => order.product_title === title).length;
    expect(ofTitle, `${title} has orders in the seed`).toBeGreaterThan(0);
    await search.fill(title.toLowerCase());
    await expect(summary(page)).toHaveText(
      `Showing ${Math.min(PAGE_SIZE, ofTitle)} of ${ofTitle} ${ofTitle === 1 ? 'order' : 'orders'}`,
    );
    for (const heading of await cards(page).getByRole('heading').all()) await expect(heading).toHaveText(title);
  });

  await test.step('Clear Filters restores every order', async () => {
    await clear.click();
    await expect(search).toHaveValue('');
    await expect(summary(page)).toHaveText(`Showing ${PAGE_SIZE} of ${total} orders`);
  });

  await test.step('From and To narrow to the orders of those days, both days included', async () => {
    // A few consecutive order days (newest first) holding 2 to 12 orders: the first and last
    // of those days bound the range, so both ends hold orders that must be listed.
    const byDay = new Map<string, ApiOrder[]>();
    for (const order of orders) byDay.set(dayOf(order), [...(byDay.get(dayOf(order)) ?? []), order]);
    const days = [...byDay.keys()].sort().reverse();
    let range: { from: string; to: string; orders: ApiOrder[] } | undefined;
    for (let start = Math.floor(days.length / 3); start < days.length && !range; start += 1) {
      const picked: ApiOrder[] = [];
      for (let end = start; end < days.length; end += 1) {
        picked.push(...(byDay.get(days[end] ?? '') ?? []));
        if (picked.length > PAGE_SIZE) break;
        if (end > start && picked.length >= 2) {
          range = { from: days[end] ?? '', to: days[start] ?? '', orders: [...picked] };
          break;
        }
      }
    }
    expect(range, 'a range of order days holding 2 to 12 orders').toBeDefined();
    const expected = range?.orders ?? [];

    // Days are typed as the portal shows them: dd-mm-yyyy.
    const typed = (iso: string) => iso.split('-').reverse().join('-');
    await from.fill(typed(range?.from ?? ''));
    await to.fill(typed(range?.to ?? ''));
    await expect(summary(page)).toHaveText(
      `Showing ${expected.length} of ${expected.length} ${expected.length === 1 ? 'order' : 'orders'}`,
    );
    await expect(cards(page)).toHaveCount(expected.length);
    const shown = await cardDates(page);
    expect(shown.map(dayOfDisplayed).every((day) => day >= (range?.from ?? '') && day <= (range?.to ?? ''))).toBe(true);
    expect(shown.map(dayOfDisplayed), 'orders of the From day are included').toContain(range?.from);
    expect(shown.map(dayOfDisplayed), 'orders of the To day are included').toContain(range?.to);
    expect([...shown].sort(), 'dates of the cards').toEqual(expected.map(displayDateOf).sort());
    await expectNoA11yViolations(page);
  });

  await test.step('Clear Filters empties the dates and restores every order', async () => {
    await clear.click();
    await expect(from).toHaveValue('');
    await expect(to).toHaveValue('');
    await expect(summary(page)).toHaveText(`Showing ${PAGE_SIZE} of ${total} orders`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });
});
