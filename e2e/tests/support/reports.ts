import { expect, type Locator, type Page } from '@playwright/test';

// The reports (issue 17) count days and months in SAST, the author's zone (the server's
// domain/report-periods.ts), whatever the zone of the machine that runs the journeys. The
// journeys work out "this month" the same way, from the real clock, as the seed dates its
// sales relative to the server's start: nothing here is a fixed date.

/** The zone the journeys give the browser: the reports' and the order cards' days are SAST days. */
export const TIME_ZONE = 'Africa/Johannesburg';

const SAST_OFFSET_MS = 2 * 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day (month 0-11; out-of-range parts roll over as Date.UTC rolls them). */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** Today in SAST. */
export function sastToday(now = Date.now()): Day {
  const shifted = new Date(now + SAST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/** `yyyy-MM-dd` of a day, normalised (day 0 is the last day of the month before). */
export function isoDay({ year, month, day }: Day): string {
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** `yyyy-MM-dd` -> `dd-mm-yyyy`, as the portal's day fields take a day. */
export function typedDay(iso: string): string {
  return iso.split('-').reverse().join('-');
}

/** The first and last day of the month `offset` months from today's (0: this month, up to today). */
export function monthRange(today: Day, offset: number): { from: string; to: string } {
  const from = isoDay({ year: today.year, month: today.month + offset, day: 1 });
  const to = offset === 0 ? isoDay(today) : isoDay({ year: today.year, month: today.month + offset + 1, day: 0 });
  return { from, to };
}

/** A month's label as the reports' month periods show it: 'Nov 2026'. */
export function monthLabel(iso: string): string {
  const [year, month] = iso.split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

/** The labels of the months from `from` to `to` (both ISO days), in order. */
export function monthLabels(from: string, to: string): string[] {
  const labels: string[] = [];
  const [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let offset = 0; ; offset += 1) {
    const iso = isoDay({ year, month: month - 1 + offset, day: 1 });
    labels.push(monthLabel(iso));
    if (iso.slice(0, 7) >= last) return labels;
  }
}

/** 'R 1 234.50', 'USD 12.00', '-R 3.00' or 'R -3.00' -> cents. */
export function centsOf(text: string): number {
  const match = /^(-?)(?:R|USD) (-?)([\d ]+)\.(\d{2})$/.exec(text.trim());
  expect(match, `an amount as the portal shows money: '${text}'`).not.toBeNull();
  const [, sign1, sign2, whole = '0', cents = '0'] = match ?? [];
  const value = Number(whole.replace(/ /g, '')) * 100 + Number(cents);
  return sign1 || sign2 ? -value : value;
}

/** One line of the reports' 'Totals of the range', as the page writes it. */
export interface ShownTotal {
  region: 'Local (R)' | 'International (USD)';
  units: number;
  returns: number;
  revenue: string;
  royalties: string;
}

const TOTAL_LINE = /^(Local \(R\)|International \(USD\)): (\d+) sold, (\d+) returned, revenue (.+), royalties (.+)$/;

/** The totals the reports page shows (Local first), read from its list. */
export async function shownTotals(page: Page): Promise<ShownTotal[]> {
  const lines = await page.getByRole('list', { name: 'Totals of the range' }).getByRole('listitem').allInnerTexts();
  return lines.map((line) => {
    const match = TOTAL_LINE.exec(line.trim());
    expect(match, `a totals line: '${line}'`).not.toBeNull();
    const [, region, units, returns, revenue = '', royalties = ''] = match ?? [];
    return {
      region: region as ShownTotal['region'],
      units: Number(units),
      returns: Number(returns),
      revenue,
      royalties,
    };
  });
}

/** Opens /reports from the sidebar. */
export async function openReports(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
}

/** The reports' filters form. */
export function reportFilters(page: Page): Locator {
  return page.getByRole('form', { name: 'Report filters' });
}

/** Chooses a custom range (ISO days, typed as dd-mm-yyyy) and a granularity on /reports. */
export async function chooseRange(
  page: Page,
  range: { from: string; to: string },
  granularity: 'Day' | 'Week' | 'Month',
): Promise<void> {
  const filters = reportFilters(page);
  await filters.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Custom' });
  await filters.getByRole('textbox', { name: 'From' }).fill(typedDay(range.from));
  await filters.getByRole('textbox', { name: 'To' }).fill(typedDay(range.to));
  await filters.getByRole('combobox', { name: 'Granularity' }).selectOption({ label: granularity });
}

/** A figures table under a chart (named by its caption): its column headers and its rows' cells. */
export async function figuresTable(
  page: Page,
  caption: string,
): Promise<{ headers: string[]; rows: { period: string; cells: string[] }[] }> {
  const table = page.getByRole('table', { name: caption, exact: true });
  await expect(table).toBeVisible();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) =>
    text.replace(/[▲▼]/g, '').trim(),
  );
  const rows: { period: string; cells: string[] }[] = [];
  const bodyRows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  for (const row of await bodyRows.all()) {
    rows.push({
      period: (await row.getByRole('rowheader').innerText()).trim(),
      cells: (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim()),
    });
  }
  return { headers, rows };
}
