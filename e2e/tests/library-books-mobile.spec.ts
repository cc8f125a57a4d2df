import { expect, test } from './support/fixtures';
import { DEMO, signIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { userBooks } from './support/library';

// A book's detail on a phone (390 px): before it had an address, it opened below the whole
// list, out of sight. Now it is a view of its own at /books/{region}/{id}, which a reload keeps.

const BOOK = 'Sunrise over Soweto';

test.use({ viewport: { width: 390, height: 844 } });

test('a phone opens a book as its own view, with an address a reload keeps', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password, DEMO.firstName);
  const books = await userBooks(page);
  const id = books.localBooks.find((book) => book.book_title === BOOK)?.id;
  expect(id, `${BOOK} among the local books`).toBeDefined();
  const heading = page.getByRole('heading', { name: BOOK, level: 1 });

  await test.step('open /books and pick the book: its heading is in view, the address names it', async () => {
    await page.goto('/books');
    await expect(page.getByRole('heading', { name: 'Your Books', level: 1 })).toBeVisible();
    await page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: BOOK }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/books/local/${id}`);
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('list', { name: 'Local books' })).toHaveCount(0);
    await expect(page).toHaveTitle(`Print on Demand | ${BOOK}`);
    await expectNoA11yViolations(page);
  });

  await test.step('a reload keeps the book', async () => {
    await page.reload();
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL((url) => url.pathname === `/books/local/${id}`);
  });

  await test.step('Back to books returns to the list', async () => {
    await page.getByRole('link', { name: 'Back to books', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/books');
    await expect(page.getByRole('heading', { name: 'Your Books', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: BOOK })).toBeVisible();
  });
});
