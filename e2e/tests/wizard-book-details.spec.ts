import { expect, test } from './support/fixtures';
import { amountOf, fillPageOne, pick, royaltyOf, startNewBook } from './support/wizard';
import { expectNoA11yViolations } from './support/a11y';

// The new-book wizard's book details (new-book-wizard.md, "Book details"): page 1, the royalty
// calculator of the format (page 2) with the live royalty widget, its breakdown and 'Use minimum
// price', page 3's confirmation and the quote that leads to publisher-info. Each journey uses a
// new account, so the quote's book records and cart item belong to nobody else's journey.

const NEGATIVE =
  'Your royalty fees, based on your selected options is a negative value. Try editing book price, paper type and cover type until you get a positive royalty fee before moving on.';

test('a print book for both regions: calculator, widget, breakdown, minimum price, quote', async ({
  page,
  request,
}) => {
  await startNewBook(page, request, 'wizard-print');
  await fillPageOne(page, 'The Long Road Home', 'Print');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/new-book/calculator');
  await expect(page.getByRole('heading', { level: 2, name: 'Royalty calculator' })).toBeVisible();
  const widget = page.getByRole('region', { name: 'Royalty estimate' });
  await expect(widget).toContainText('Not enough info');

  await page.getByRole('textbox', { name: 'Number of pages' }).fill('200');
  await page.getByRole('radio', { name: 'Portrait' }).check();
  await pick(page, 'Size', 'A5 (210 x 148 mm)');
  await page.getByRole('radio', { name: 'Black and white' }).check();
  await page.getByRole('radio', { name: 'Matt' }).check();
  await pick(page, 'Local paper type', '80gsm Bond (B&W)');
  await pick(page, 'Local cover type', 'Paperback (Perfect Bound)');
  await pick(page, 'International paper type', 'Standard B&W White 50#');
  await pick(page, 'International cover type', 'Paperback (Perfect Bound)');
  await page.getByRole('textbox', { name: 'Local selling price (R)' }).fill('250');
  await page.getByRole('textbox', { name: 'International selling price (USD)' }).fill('15');

  // Progress 22% is under 33.33%: the labels carry '(est.)'; R for local, USD for international.
  const local = widget.getByRole('group', { name: 'Local (est.)' });
  const international = widget.getByRole('group', { name: 'International (est.)' });
  await expect(local.locator('strong')).toHaveText(/^R -?[\d ]+\.\d{2}$/);
  await expect(international.locator('strong')).toHaveText(/^USD -?[\d ]+\.\d{2}$/);
  await expectNoA11yViolations(page);

  // The widget follows the price: a higher local price gives a higher local royalty.
  const before = await royaltyOf(local);
  await page.getByRole('textbox', { name: 'Local selling price (R)' }).fill('300');
  await expect.poll(() => royaltyOf(local)).toBeGreaterThan(before);

  // The breakdown's lines add up to the figure the widget shows.
  await local.getByRole('button', { name: 'Local breakdown' }).click();
  const amounts = local.getByRole('list', { name: 'Local breakdown' }).locator('li > span:last-child');
  await expect
    .poll(async () => {
      const figures = (await amounts.allTextContents()).map(amountOf);
      const royalty = figures.pop() ?? NaN;
      const sum = figures.reduce((total, amount) => total + amount, 0);
      return Math.abs(sum - royalty) < 0.005 && Math.abs(royalty - (await royaltyOf(local))) < 0.005;
    })
    .toBe(true);

  // Too low a price: a negative royalty blocks page 2 with the spec's modal.
  await page.getByRole('textbox', { name: 'Local selling price (R)' }).fill('40');
  await expect.poll(() => royaltyOf(local)).toBeLessThan(0);
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  const negative = page.getByRole('dialog', { name: 'Negative royalty' });
  await expect(negative).toContainText(NEGATIVE);
  await negative.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/calculator');

  // 'Use minimum price' takes the lowest price with a royalty of 0.00 or more.
  if (!(await local.getByRole('list', { name: 'Local breakdown' }).isVisible()))
    await local.getByRole('button', { name: 'Local breakdown' }).click();
  await local.getByRole('button', { name: 'Use minimum price' }).click();
  await expect(page.getByRole('textbox', { name: 'Local selling price (R)' })).not.toHaveValue('40');
  await expect.poll(() => royaltyOf(local)).toBeGreaterThanOrEqual(0);

  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-details');
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm specifications' })).toBeVisible();
  await expect(page.getByText('The Long Road Home')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publisher-info');
  const stored = await page.evaluate(() => ({
    local: JSON.parse(localStorage.getItem('calc_localBookId') ?? 'null') as unknown,
    international: JSON.parse(localStorage.getItem('calc_internationalBookId') ?? 'null') as unknown,
  }));
  expect(stored.local).toEqual(expect.any(Number));
  expect(stored.international).toEqual(expect.any(Number));
});

test('an eBook: international only, its calculator, then the quote', async ({ page, request }) => {
  await startNewBook(page, request, 'wizard-ebook');
  await fillPageOne(page, 'Stars Over Karoo', 'eBook');
  await expect(page.getByRole('checkbox', { name: 'Local' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/new-book/e-book');
  await expect(page.getByRole('textbox', { name: 'Local selling price (R)' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Number of pages' }).fill('120');
  await page.getByRole('textbox', { name: 'International selling price (USD)' }).fill('9.99');
  const widget = page.getByRole('region', { name: 'Royalty estimate' });
  await expect(widget.getByRole('group', { name: 'International (est.)' }).locator('strong')).toHaveText(
    /^USD [\d ]+\.\d{2}$/,
  );
  await expect(widget.getByRole('group', { name: /^Local/ })).toHaveCount(0);

  // An eBook's royalty of 0 blocks page 2, so its minimum price is the lowest with a royalty above 0.
  const international = widget.getByRole('group', { name: 'International (est.)' });
  await international.getByRole('button', { name: 'International breakdown' }).click();
  await international.getByRole('button', { name: 'Use minimum price' }).click();
  await expect(page.getByRole('textbox', { name: 'International selling price (USD)' })).toHaveValue('0.02');
  await expect.poll(() => royaltyOf(international)).toBeGreaterThan(0);
  await page.getByRole('textbox', { name: 'International selling price (USD)' }).fill('9.99');

  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-details');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publisher-info');
});

test('a reload mid-way keeps the draft and the page; Back and the back button ask first', async ({ page, request }) => {
  await startNewBook(page, request, 'wizard-reload');
  await fillPageOne(page, 'Kept Over A Reload', 'Print');
  await page.getByRole('checkbox', { name: 'International' }).uncheck();

  // The browser's back button on page 1 opens the leave prompt instead of leaving.
  await page.goBack();
  const prompt = page.getByRole('dialog', { name: 'Do you wish to go back to the dashboard?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'No, stay here' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/general-info');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/calculator');
  await page.getByRole('textbox', { name: 'Number of pages' }).fill('96');
  await page.getByRole('textbox', { name: 'Local selling price (R)' }).fill('180');
  await expect(page.getByRole('textbox', { name: 'International selling price (USD)' })).toHaveCount(0);

  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publishing-rights');
  await page.getByRole('button', { name: 'Next' }).click();
  // general-info opens the remembered page 2, with what was typed.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/calculator');
  await expect(page.getByRole('textbox', { name: 'Number of pages' })).toHaveValue('96');
  await expect(page.getByRole('textbox', { name: 'Local selling price (R)' })).toHaveValue('180');

  // Back on page 2 returns to page 1 with its values.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/general-info');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Kept Over A Reload');
  await expect(page.getByRole('checkbox', { name: 'International' })).not.toBeChecked();
});
