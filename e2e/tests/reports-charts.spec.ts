import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import {
  centsOf,
  chooseRange,
  figuresTable,
  isoDay,
  monthLabels,
  openReports,
  reportFilters,
  sastToday,
  shownTotals,
  TIME_ZONE,
} from './support/reports';

// /reports (issue 17): a custom range comparing two books, read through the tables under the
// charts (the accessible fallback of every chart), whose figures must add up to the totals the
// page shows; and a book's Sales tab with its chart. Each screen is checked with axe with the
// charts and their tables on screen. The demo seed's sales move with the day the server starts,
// so the figures are checked for consistency and plausibility, never against fixed numbers.
test.use({ timezoneId: TIME_ZONE });

/** Local only, approved, sells in rand. */
const LOCAL_BOOK = 'Sunrise over Soweto';
/** International only, approved, sells in dollars. */
const INTERNATIONAL_BOOK = 'Kitchen Stories from the Karoo';

const count = (text: string) => {
  expect(text, 'a count').toMatch(/^\d+$/);
  return Number(text);
};

test('reports: a custom range comparing two books, charts with tables that add up to the totals', async ({ page }) => {
  // Two pages, each checked by axe over its charts and tables: more than the default minute.
  test.setTimeout(180_000);
  const today = sastToday();
  // Six whole months back to today: every month of it had sales in the seed (two years of them).
  const range = { from: isoDay({ year: today.year, month: today.month - 5, day: 1 }), to: isoDay(today) };
  const months = monthLabels(range.from, range.to);

  await test.step('the demo author opens Reports: the last 30 days of every book', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    await openReports(page);
    await expect(reportFilters(page).getByRole('combobox', { name: 'Date range' })).toHaveValue('last-30-days');
    await expect(page.getByRole('table', { name: 'Units sold per period', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Royalty statements by payout period', exact: true })).toBeVisible();
  });

  await test.step('a custom range by month, two books chosen', async () => {
    await chooseRange(page, range, 'Month');
    const books = page.getByRole('group', { name: 'Books to compare' });
    await books.getByRole('checkbox', { name: LOCAL_BOOK, exact: true }).check();
    await books.getByRole('checkbox', { name: INTERNATIONAL_BOOK, exact: true }).check();
    await expect(books.getByText('2 of 10 chosen.', { exact: true })).toBeVisible();
    const units = page.getByRole('table', { name: 'Units sold per period', exact: true });
    await expect(units.getByRole('columnheader')).toHaveText([/^Period/, /^Sunrise|^Kitchen/, /^Sunrise|^Kitchen/]);
    await expect(units.getByRole('rowheader')).toHaveText(months);
  });

  await test.step("the units table has both books' rows, and they add up to the totals", async () => {
    const totals = await shownTotals(page);
    expect(totals.map((total) => total.region)).toEqual(['Local (R)', 'International (USD)']);
    const [local, international] = totals;
    const units = await figuresTable(page, 'Units sold per period');
    expect(units.headers.slice(1).sort()).toEqual([INTERNATIONAL_BOOK, LOCAL_BOOK].sort());
    const column = (table: typeof units, title: string) => {
      const index = table.headers.indexOf(title) - 1;
      return table.rows.map((row) => row.cells[index] ?? '');
    };
    const localUnits = column(units, LOCAL_BOOK).map(count);
    const internationalUnits = column(units, INTERNATIONAL_BOOK).map(count);
    expect(
      localUnits.reduce((a, b) => a + b, 0),
      `${LOCAL_BOOK}: units of the months vs Local total`,
    ).toBe(local?.units);
    expect(
      internationalUnits.reduce((a, b) => a + b, 0),
      `${INTERNATIONAL_BOOK}: units of the months vs International total`,
    ).toBe(international?.units);
    // About 60 order lines a month over five books: each book sells, and no month is absurd.
    expect(local?.units, `${LOCAL_BOOK} sold in six months`).toBeGreaterThan(0);
    expect(international?.units, `${INTERNATIONAL_BOOK} sold in six months`).toBeGreaterThan(0);
    for (const value of [...localUnits, ...internationalUnits]) expect(value).toBeLessThan(200);

    const returns = await figuresTable(page, 'Returns per period');
    expect(returns.rows.map((row) => row.period)).toEqual(months);
    expect(
      column(returns, LOCAL_BOOK)
        .map(count)
        .reduce((a, b) => a + b, 0),
      'returns vs Local total',
    ).toBe(local?.returns);
    expect(
      column(returns, INTERNATIONAL_BOOK)
        .map(count)
        .reduce((a, b) => a + b, 0),
      'returns vs International total',
    ).toBe(international?.returns);

    // Royalties: one chart per currency, each holding only its own book.
    const rand = await figuresTable(page, 'Royalties in R per period');
    expect(rand.headers).toEqual(['Period', LOCAL_BOOK]);
    const randCents = column(rand, LOCAL_BOOK).map(centsOf);
    expect(
      randCents.reduce((a, b) => a + b, 0),
      'rand royalties vs the Local total',
    ).toBe(centsOf(local?.royalties ?? ''));
    const usd = await figuresTable(page, 'Royalties in USD per period');
    expect(usd.headers).toEqual(['Period', INTERNATIONAL_BOOK]);
    const usdCents = column(usd, INTERNATIONAL_BOOK).map(centsOf);
    expect(
      usdCents.reduce((a, b) => a + b, 0),
      'dollar royalties vs the International total',
    ).toBe(centsOf(international?.royalties ?? ''));
    expect(centsOf(local?.royalties ?? ''), 'rand royalties earned').toBeGreaterThan(0);

    // The picture is named by its summary, which names both books.
    const chart = page.getByRole('img', { name: /^Units sold per period, / });
    await expect(chart).toHaveAccessibleName(new RegExp(`${LOCAL_BOOK}: \\d+ in total`));
    await expect(chart).toHaveAccessibleName(new RegExp(`${INTERNATIONAL_BOOK}: \\d+ in total`));

    const channels = await figuresTable(page, 'Units and returns by channel');
    expect(channels.headers).toEqual(['Channel', 'Units sold', 'Returns']);
    const channelUnits = channels.rows.map((row) => count(row.cells[0] ?? ''));
    expect(
      channelUnits.reduce((a, b) => a + b, 0),
      'units by channel vs both totals',
    ).toBe((local?.units ?? 0) + (international?.units ?? 0));
  });

  await test.step('sorting a table by a book orders its rows by that column', async () => {
    const table = page.getByRole('table', { name: 'Units sold per period', exact: true });
    const header = table.getByRole('columnheader', { name: LOCAL_BOOK });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const { headers, rows } = await figuresTable(page, 'Units sold per period');
    const index = headers.indexOf(LOCAL_BOOK) - 1;
    const values = rows.map((row) => count(row.cells[index] ?? ''));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  await test.step('no accessibility violations with the charts, their tables and the statements', async () => {
    await expect(page.getByRole('table', { name: 'Units and returns by region', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Royalty statements by payout period', exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test("a book's Sales tab: the last 12 months' chart and its table", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your books', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your Books', level: 1 })).toBeVisible();
  await page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: LOCAL_BOOK }).click();
  const detail = page.getByRole('region', { name: LOCAL_BOOK, exact: true });
  await detail.getByRole('tab', { name: 'Sales', exact: true }).click();
  await expect(detail.getByRole('tab', { name: 'Sales', exact: true })).toHaveAttribute('aria-selected', 'true');

  const today = sastToday();
  const months = monthLabels(isoDay({ year: today.year, month: today.month - 11, day: 1 }), isoDay(today));
  const units = await figuresTable(page, 'Units sold per month, last 12 months');
  expect(units.headers).toEqual(['Period', LOCAL_BOOK]);
  expect(units.rows.map((row) => row.period)).toEqual(months);
  const sold = units.rows.map((row) => count(row.cells[0] ?? ''));
  expect(
    sold.reduce((a, b) => a + b, 0),
    'copies sold in the last 12 months',
  ).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: 'Returns per month, last 12 months', exact: true })).toBeVisible();
  const royalties = await figuresTable(page, 'Royalties per month, last 12 months (R)');
  expect(royalties.rows.map((row) => row.period)).toEqual(months);
  for (const row of royalties.rows) centsOf(row.cells[0] ?? '');
  await expect(page.getByRole('img', { name: /^Units sold per month, last 12 months, / })).toBeVisible();
  await expectNoA11yViolations(page);
});
