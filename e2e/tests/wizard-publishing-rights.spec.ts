import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';

// The new-book wizard's first stage (new-book-wizard.md: Publishing Rights): /new-book opens it,
// the questionnaire must resolve before Continue, a 'yes' copyright answer blocks the title, and
// ownership with 'no' continues to general-info under the same base path with the progress bar
// moved on by one of nine stages.

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
  await expect(page.getByRole('heading', { level: 1, name: 'New book: General information' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', '11%');

  // Back inside the app (not a page load): the stage is completed, so Continue reads 'Next'.
  await page.getByRole('link', { name: 'Back to Publishing rights' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publishing-rights');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});
