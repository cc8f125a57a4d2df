import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { chooseRange, monthLabel, monthRange, sastToday, shownTotals, TIME_ZONE, type Day } from './support/reports';

// The dashboard's insights (issue 17) against the reports page: the royalties and units the
// dashboard gives for this month and last month are the figures /reports shows for the same
// month, compared as the author reads them on both pages. The demo seed dates its two years of
// sales from the server's start, so the months are worked out from the clock (SAST), and a
// month without sales (this month, when the journey runs early on the 1st) must read as empty
// on both pages.
test.use({ timezoneId: TIME_ZONE });

/** What the dashboard's Royalties card says about one month. */
interface DashboardMonth {
  /** The amounts, one per currency (rand first), or [] when the card says there are none. */
  royalties: string[];
}

function royaltiesCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Royalties', exact: true });
}

async function dashboardMonth(page: Page, heading: 'This month' | 'Last month', none: string): Promise<DashboardMonth> {
  const card = royaltiesCard(page);
  const list = card.getByRole('list', { name: heading, exact: true });
  const empty = card.getByText(none, { exact: true });
  await expect(list.or(empty)).toBeVisible();
  if (await empty.isVisible()) return { royalties: [] };
  return { royalties: (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim()) };
}

/** The reports' figures of one month: royalties per currency and the units sold, as shown. */
async function reportsMonth(
  page: Page,
  range: { from: string; to: string },
): Promise<{ royalties: string[]; units: number }> {
  await chooseRange(page, range, 'Month');
  const emptyRange = page.getByText('No sales or returns in this range. Try a longer range or other filters.', {
    exact: true,
  });
  // The month's own period in the units table proves the page shows this range, not the last one.
  const monthRow = page
    .getByRole('table', { name: 'Units sold per period', exact: true })
    .getByRole('rowheader', { name: monthLabel(range.from), exact: true });
  await expect(monthRow.or(emptyRange)).toBeVisible();
  if (await emptyRange.isVisible()) return { royalties: [], units: 0 };
  const totals = await shownTotals(page);
  return {
    royalties: totals.map((total) => total.royalties),
    units: totals.reduce((sum, total) => sum + total.units, 0),
  };
}

test('dashboard insights: this and last month equal the reports of the same months', async ({ page }) => {
  // Two pages, each checked by axe over its charts and tables: more than the default minute.
  test.setTimeout(180_000);
  let today: Day = sastToday();
  let thisMonth: DashboardMonth = { royalties: [] };
  let lastMonth: DashboardMonth = { royalties: [] };
  let units = -1;

  await test.step('the demo author sees royalties, the next payout, books in progress and recent orders', async () => {
    await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
    today = sastToday();
    await expect(royaltiesCard(page)).toBeVisible();
    thisMonth = await dashboardMonth(page, 'This month', 'No royalties yet this month.');
    lastMonth = await dashboardMonth(page, 'Last month', 'No royalties last month.');
    const unitsLine = royaltiesCard(page).getByText(/^Units sold this month: \d+$/);
    await expect(unitsLine).toBeVisible();
    units = Number(/(\d+)$/.exec(await unitsLine.innerText())?.[1]);
    // The seed sells about 60 lines a month for two years: last month always had sales.
    expect(lastMonth.royalties.length, 'currencies with royalties last month').toBeGreaterThan(0);
    expect(thisMonth.royalties.length === 0, 'no royalties this month means no units either').toBe(units === 0);

    await expect(page.getByRole('region', { name: 'Next payout', exact: true })).toContainText(/On \d{2}-\d{2}-\d{4}/);
    const progress = page.getByRole('region', { name: 'Books in progress', exact: true });
    // 'Rivers of Gold' is a saved quote of the demo library: the dashboard offers to continue it.
    await expect(progress.getByRole('link', { name: 'Continue Rivers of Gold', exact: true })).toBeVisible();
    const recent = page.getByRole('table', { name: 'Recent orders', exact: true });
    await expect(recent.getByRole('row')).toHaveCount(6);
    await expectNoA11yViolations(page);
  });

  await test.step('See your reports: the same month on /reports has the same royalties and units', async () => {
    await royaltiesCard(page).getByRole('link', { name: 'See your reports', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const shown = await reportsMonth(page, monthRange(today, 0));
    expect(shown.royalties, `royalties of ${monthLabel(monthRange(today, 0).from)}`).toEqual(thisMonth.royalties);
    expect(shown.units, 'units sold this month, both regions').toBe(units);
  });

  await test.step('last month on /reports has the royalties the dashboard gives for last month', async () => {
    const range = monthRange(today, -1);
    const shown = await reportsMonth(page, range);
    expect(shown.royalties, `royalties of ${monthLabel(range.from)}`).toEqual(lastMonth.royalties);
    expect(shown.units, 'units sold last month').toBeGreaterThan(0);
  });
});
