import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';

// The new-book wizard's first stage (new-book-wizard.md: Publishing Rights): /new-book opens it,
// the questionnaire must resolve before Continue, a 'yes' copyright answer blocks the title, and
// ownership with 'no' continues to general-info under the same base path with the progress bar
// moved on by one of nine stages. Page 1 of the book details then answers with the spec's
// messages, keeps its draft over a reload and leads to the calculator.

const OWNER = 'I own the copyright and the publishing rights of this title';
const WARNING = 'It appears you do not own the necessary publishing rights to proceed with this title.';
const SELECT = 'Please select an option above to continue';

test('publishing rights: the questionnaire resolves before the wizard continues', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);

  await page.goto('/new-book');
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publishing-rights');
  await expect(page.getByRole('heading', { level: 1, name: 'Publishing Rights' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', '0%');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(SELECT);
  await expectNoA11yViolations(page);

  await page.getByRole('checkbox', { name: OWNER }).check();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByRole('alert')).toHaveText(WARNING);
  await expect(page.getByRole('link', { name: 'Our legal documents and support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole('radio', { name: 'No' }).check();
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/new-book/general-info');
  await expect(page.getByRole('heading', { level: 1, name: 'Book details' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', '11%');

  // The browser's back button on page 1 asks before leaving (the leave-to-dashboard prompt).
  await page.goBack();
  const prompt = page.getByRole('dialog', { name: 'Do you wish to go back to the dashboard?' });
  await prompt.getByRole('button', { name: 'No, stay here' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/general-info');

  // Publishing rights again: the stage is completed, so Continue reads 'Next'.
  await page.goto('/new-book/publishing-rights');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  // Book details, page 1: the spec's messages, then a valid print book moves on to the calculator.
  await expect(page.getByRole('heading', { level: 1, name: 'Book details' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
    'Please enter a title for your book',
  );
  await expect(page.getByRole('group', { name: 'Format' })).toContainText('Please select a format for your book');
  await expectNoA11yViolations(page);

  await page.getByRole('textbox', { name: 'Title' }).fill('The Long Road');
  await page.getByRole('radio', { name: 'eBook' }).check();
  await expect(page.getByRole('checkbox', { name: 'Local' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'International' })).toBeChecked();
  await page.getByRole('radio', { name: 'Print' }).check();
  await page.getByRole('checkbox', { name: 'Local' }).check();
  await page.getByRole('combobox', { name: 'Subject heading' }).selectOption('FICTION');
  await page.getByRole('combobox', { name: 'Sub-category' }).selectOption({ label: 'Romance / General (FIC027000)' });
  await page.getByRole('textbox', { name: 'ISBN' }).pressSequentially('978-0306406157');
  await expect(page.getByRole('textbox', { name: 'ISBN' })).toHaveValue('9780306406157');

  // A reload starts over at publishing-rights (the page-load rule) but keeps the draft (calc_ keys).
  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publishing-rights');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('The Long Road');
  await expect(page.getByRole('textbox', { name: 'ISBN' })).toHaveValue('9780306406157');

  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/calculator');
  await expect(progress).toHaveAttribute('aria-valuetext', '22%');
});
