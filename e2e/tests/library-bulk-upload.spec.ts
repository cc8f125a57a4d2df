import { expect, test } from './support/fixtures';
import { createActiveAccount, newAccount, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';

// Bulk CSV upload (/bulk-upload) with the example file the app itself serves: the file is
// read and its valid rows priced (progress to 100), the rows with a title are listed as Valid
// Books and the row without one as 'Title not found' under Invalid Books; Close resets.
// A new account uploads it: valid rows become quotes of the uploader, and the demo library
// the other journeys read must not change. (A new account also meets the welcome notice on
// the dashboard, which signIn closes.)

const HEADER = 'barcode_is_required,bind,book_title,';

test('bulk upload the example CSV: valid and invalid books, Close resets', async ({ page, request }) => {
  const account = newAccount('bulk', { firstName: 'Ayanda', lastName: 'Khoza' });
  const fileInput = page.getByLabel('CSV file', { exact: true });
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  const validList = page.getByRole('list', { name: 'Valid Books', exact: true });
  const invalidList = page.getByRole('list', { name: 'Invalid Books', exact: true });
  let csv: Buffer = Buffer.alloc(0);
  let titles: string[] = [];

  await test.step('a new author signs in and opens Bulk CSV Upload', async () => {
    await createActiveAccount(request, account);
    await signIn(page, account.email, account.password, account.firstName);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bulk book upload', exact: true })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === '/bulk-upload');
    await expect(page.getByRole('heading', { name: 'Bulk CSV Upload', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the CSV template', exact: true })).toHaveAttribute(
      'href',
      /\.csv$/,
    );
    await expect(fileInput).toBeVisible();
    await expect(progress).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  await test.step('the example file downloads from its link', async () => {
    const href = await page.getByRole('link', { name: 'Download an example file', exact: true }).getAttribute('href');
    expect(href, 'href of the example link').toBeTruthy();
    const response = await page.request.get(href ?? '');
    expect(response.status(), `GET ${href}`).toBe(200);
    csv = await response.body();
    const [header = '', ...rows] = csv.toString('utf8').trim().split(/\r?\n/);
    expect(header.startsWith(HEADER), `the template's header in the example: ${header}`).toBe(true);
    const titleColumn = header.split(',').indexOf('book_title');
    // The example's titles (no quoted commas in it), and one row without a title.
    titles = rows.map((row) => row.split(',')[titleColumn] ?? '').filter(Boolean);
    expect(titles.length, 'rows with a title in the example').toBeGreaterThan(0);
    expect(rows.length, 'the example has a row without a title too').toBeGreaterThan(titles.length);
  });

  await test.step('uploading it: progress to 100, valid books priced, the untitled row refused', async () => {
    await fileInput.setInputFiles({ name: 'bulk-upload-example.csv', mimeType: 'text/csv', buffer: csv });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(page.getByText(/^Finished: \d+ valid, \d+ invalid$/)).toBeVisible();

    const validCards = validList.getByRole('article');
    await expect(validCards.first()).toBeVisible();
    const shownTitles = await validCards.getByRole('heading').allTextContents();
    expect(shownTitles.length, 'valid books').toBeGreaterThan(0);
    for (const title of shownTitles) expect(titles, 'a valid card is a row of the example').toContain(title);
    for (const card of await validCards.all()) {
      await expect(card.getByRole('link', { name: /^Complete Process/ })).toHaveAttribute('href', '/books');
      await expect(card).toContainText('Status');
    }
    await expect(invalidList.getByText('Title not found', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('Close resets the upload', async () => {
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(progress).toHaveCount(0);
    await expect(validList).toHaveCount(0);
    await expect(invalidList).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Valid Books' })).toHaveCount(0);
    await expect(fileInput).toHaveValue('');
    await expect(fileInput).toBeEnabled();
  });
});
