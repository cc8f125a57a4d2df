import fs from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { rand } from './support/library';
import { chooseRange, monthRange, openReports, sastToday, TIME_ZONE, typedDay } from './support/reports';

// The orders export of /reports (GET /reports/export/orders with the screen's filters), saved
// through the browser's download and read back: the UTF-8 byte-order mark, the header line,
// ISO 8601 dates in UTC, amounts with two decimals beside their currency, and exactly the
// orders the filters select, which Your Orders lists when filtered the same way (the same days,
// searched by the book's title), card for card. The month is last month in SAST, so the
// journey holds on any day the seed (relative to the server's start) is built.
test.use({ timezoneId: TIME_ZONE });

/** Local only: its orders are in rand, and its title is found by no other search field. */
const BOOK = 'Sunrise over Soweto';
const HEADER = [
  'order_id',
  'order_date',
  'book_id',
  'product_title',
  'region',
  'channel',
  'customer',
  'sale_status',
  'quantity',
  'unit_price',
  'amount',
  'currency',
];
const PAGE_SIZE = 12;

/** RFC 4180 lines (CRLF, quoted fields with doubled quotes) -> rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const cardDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as an order card shows it: dd-MM-yyyy HH:mm (SAST). */
function shownDate(iso: string): string {
  const p = Object.fromEntries(cardDate.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** The SAST day of an ISO instant, yyyy-MM-dd. */
function sastDayOf(iso: string): string {
  return new Date(new Date(iso).getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
}

/** Each order card's title and fields, in the list's order. */
async function shownOrders(page: Page): Promise<string[]> {
  const cards = page.getByRole('list', { name: 'Orders', exact: true }).getByRole('article');
  const shown: string[] = [];
  for (const card of await cards.all()) {
    const title = (await card.getByRole('heading').innerText()).trim();
    const terms = await card.getByRole('term').allInnerTexts();
    const values = await card.getByRole('definition').allInnerTexts();
    const fields = Object.fromEntries(terms.map((term, i) => [term.trim(), (values[i] ?? '').trim()]));
    shown.push(
      [title, fields.Date, fields.Customer, fields.Status, fields['Selling price'], fields.Quantity].join(' | '),
    );
  }
  return shown;
}

test('export the filtered orders and read the CSV back', async ({ page }) => {
  // Two pages, each checked by axe over its charts and tables: more than the default minute.
  test.setTimeout(180_000);
  const range = monthRange(sastToday(), -1);
  let rows: Record<string, string>[] = [];

  await test.step(`on /reports: last month, ${BOOK} only, Export orders (CSV)`, async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await openReports(page);
    await chooseRange(page, range, 'Day');
    await page
      .getByRole('group', { name: 'Books to compare' })
      .getByRole('checkbox', { name: BOOK, exact: true })
      .check();
    await expect(
      page.getByRole('table', { name: 'Units sold per period', exact: true }).getByRole('columnheader'),
    ).toHaveText([/^Period/, BOOK]);
    await expectNoA11yViolations(page);

    const exportOrders = page
      .getByRole('group', { name: 'Exports' })
      .getByRole('button', { name: 'Export orders (CSV)' });
    const downloading = page.waitForEvent('download');
    await exportOrders.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`orders-${range.from}-to-${range.to}.csv`);
    const bytes = await fs.readFile(await download.path());
    expect([...bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n'), 'the last line ends with CRLF').toBe(true);
    const [header, ...lines] = parseCsv(text);
    expect(header, 'header line').toEqual(HEADER);
    rows = lines.map((fields) => {
      expect(fields, `one field per column: ${fields.join(',')}`).toHaveLength(HEADER.length);
      return Object.fromEntries(HEADER.map((name, i) => [name, fields[i] ?? '']));
    });
    // About 60 order lines a month over five books, a few of them repeated under one id.
    expect(rows.length, `${BOOK}'s orders last month`).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.order_id)).size, 'one line per order id').toBe(rows.length);

    for (const row of rows) {
      const where = `order ${row.order_id}`;
      expect(row.order_date, `${where}: an ISO 8601 instant in UTC`).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
      );
      const day = sastDayOf(row.order_date ?? '');
      expect(day >= range.from && day <= range.to, `${where}: ${day} within ${range.from}..${range.to}`).toBe(true);
      expect(row.product_title, where).toBe(BOOK);
      expect(row.region, where).toBe('local');
      expect(row.currency, `${where}: rand, beside the amounts`).toBe('ZAR');
      expect(['takealot', 'direct'], `${where}: a local channel`).toContain(row.channel);
      expect(row.quantity, where).toMatch(/^[1-9]\d*$/);
      expect(row.unit_price, `${where}: a decimal with two places`).toMatch(/^\d+\.\d{2}$/);
      expect(row.amount, `${where}: a decimal with two places`).toMatch(/^-?\d+\.\d{2}$/);
      const cents = Math.round(Number(row.unit_price) * 100) * Number(row.quantity);
      expect(Math.round(Number(row.amount) * 100), `${where}: amount = unit price x quantity`).toBe(cents);
    }
    const dates = rows.map((row) => row.order_date ?? '');
    expect(dates, 'newest first').toEqual([...dates].sort().reverse());
  });

  await test.step('Your Orders, filtered to the same days and book, lists exactly the exported orders', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your Orders', level: 1 })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await filters.getByRole('searchbox', { name: 'Search orders' }).fill(BOOK);
    await filters.getByRole('textbox', { name: 'From' }).fill(typedDay(range.from));
    await filters.getByRole('textbox', { name: 'To' }).fill(typedDay(range.to));
    const total = rows.length;
    const noun = total === 1 ? 'order' : 'orders';
    const summary = page.getByText(/^(Showing \d+ of \d+ orders?|No orders match your filters)$/);
    await expect(summary).toHaveText(`Showing ${Math.min(PAGE_SIZE, total)} of ${total} ${noun}`, { timeout: 20_000 });
    const more = page.getByRole('button', { name: 'Load More', exact: true });
    for (let shown = Math.min(PAGE_SIZE, total); shown < total;) {
      await more.click();
      shown = Math.min(shown + PAGE_SIZE, total);
      await expect(summary).toHaveText(`Showing ${shown} of ${total} ${noun}`);
    }
    await expect(more).toHaveCount(0);

    const expected = rows.map((row) =>
      [
        row.product_title,
        shownDate(row.order_date ?? ''),
        row.customer,
        row.sale_status,
        rand(row.unit_price),
        row.quantity,
      ].join(' | '),
    );
    expect((await shownOrders(page)).sort(), 'the cards of Your Orders vs the exported lines').toEqual(expected.sort());
  });
});
