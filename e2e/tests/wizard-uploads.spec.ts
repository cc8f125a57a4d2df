import { readFile, writeFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { newAccount, createActiveAccount, signIn, type NewAccount } from './support/accounts';
import { bookPdf, coverPdf, jpeg, type FilePayload } from './support/files';
import { signedPrintBookThroughApi, UPLOAD_BOOK } from './support/wizard';

// The upload stage of the new-book wizard (issue 14) and the stages after it (issue 13): a
// print book signed through the API is resumed from the library's 'Continue Upload Process',
// given its additional details, and its cover, thumbnail and a book PDF of several 1,024,000
// byte pieces are uploaded with visible progress, checked (preflight) and submitted, through
// the payment method to submission-complete; then the book file opens from the library. A
// second journey cuts an upload mid-way, reloads, and resumes without re-sending the pieces
// that had arrived; its book has a low-resolution photo that the preflight shows on its page.

const PIECE = 1_024_000;

/** A new account with a signed A5 book, signed in, on Select Upload Type through the library. */
async function resumeSignedBook(page: Page, request: Parameters<typeof createActiveAccount>[0], title: string) {
  const account: NewAccount = newAccount('wizard-upload');
  await createActiveAccount(request, account);
  await signedPrintBookThroughApi(request, account, title);
  await signIn(page, account.email, account.password, account.firstName);
  await openResumeLink(page, title);
  return account;
}

/** The library's 'Continue Upload Process' of the book: on to Select Upload Type. */
async function openResumeLink(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your books', exact: true }).click();
  await page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: title }).click();
  await page.getByRole('link', { name: 'Continue Upload Process' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/upload-type');
}

/** Select Upload Type, Additional Details and Cover Requirements, ending on the upload screen. */
async function reachUploadScreen(page: Page) {
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/metadata');
  await page.getByRole('textbox', { name: 'Author' }).fill('Nomsa Dlamini');
  await page.getByRole('textbox', { name: 'Keyword' }).fill('karoo; short stories');
  await page.getByRole('textbox', { name: 'Keyword' }).press('Enter');
  await page.getByRole('textbox', { name: 'Publication date' }).fill('01-03-2026');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('english');
  await page.getByRole('textbox', { name: 'Main description' }).fill('Stories told on a Karoo stoep.');
  await page.getByRole('textbox', { name: 'Copyright holder' }).fill('Nomsa Dlamini');
  await page.getByRole('textbox', { name: 'Copyright date' }).fill('01-01-2026');
  await page.getByRole('combobox', { name: 'Recommended audience' }).selectOption('General Trade');
  await page.getByRole('combobox', { name: 'Indicated audience warning' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-bleed-cover');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await page
    .getByRole('dialog', { name: "Are you sure you don't need the following services?" })
    .getByRole('button', { name: 'Proceed' })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/upload-assets');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Your Files' })).toBeVisible();
}

/** The piece index of a packet request for the file `name`, or null for any other request. */
function pieceIndex(request: Request, name: string): number | null {
  const url = new URL(request.url());
  if (!url.pathname.endsWith('/session/v2/packet') || url.searchParams.get('name') !== name) return null;
  return Number(url.searchParams.get('currentChunkIndex'));
}

/** The cover, thumbnail and book files: in memory, or as paths of files on disk. */
interface UploadFiles<T> {
  cover: T;
  thumbnail: T;
  book: T;
}

/** The cover, thumbnail and book inputs filled with the journey's files. */
async function selectFiles(page: Page, files: UploadFiles<FilePayload | string>) {
  await page.getByLabel('Cover file', { exact: true }).setInputFiles(files.cover);
  await page.getByLabel('Thumbnail image', { exact: true }).setInputFiles(files.thumbnail);
  await page.getByLabel('Book file', { exact: true }).setInputFiles(files.book);
}

/**
 * The files written to the test's output folder: chosen from disk, a file keeps its modification
 * time when chosen again (a buffer would be new each time), as an author's file does.
 */
async function onDisk(files: UploadFiles<FilePayload>): Promise<UploadFiles<string>> {
  const paths = await Promise.all(
    [files.cover, files.thumbnail, files.book].map(async (file) => {
      const path = test.info().outputPath(file.name);
      await writeFile(path, file.buffer);
      return path;
    }),
  );
  return { cover: paths[0]!, thumbnail: paths[1]!, book: paths[2]! };
}

test('a print book uploaded with visible progress and a cover template, through to submission and the library', async ({
  page,
  request,
}) => {
  const title = 'Stoep Stories';
  await resumeSignedBook(page, request, title);
  await reachUploadScreen(page);

  // The cover template of this book: 24 white pages, A5.
  await expect(page.getByText(/Spine width: \d+(\.\d)? mm/)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download cover template (PDF)' }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toMatch(/\.pdf$/);
  const templateBytes = await readFile((await template.path())!);
  expect(templateBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Print-ready: the trim size plus 3 mm bleed on every side.
  const book = await bookPdf('stoep-stories.pdf', {
    pages: UPLOAD_BOOK.pages,
    widthMm: UPLOAD_BOOK.widthMm + 6,
    heightMm: UPLOAD_BOOK.heightMm + 6,
    images: [{ pixels: 1800, placedMm: 100, onPage: 1, noisy: true }],
  });
  const pieces = Math.ceil(book.buffer.length / PIECE);
  expect(pieces, 'the book PDF needs several pieces').toBeGreaterThanOrEqual(3);
  await selectFiles(page, {
    cover: await coverPdf('stoep-cover.pdf', 2 * UPLOAD_BOOK.widthMm + 2, UPLOAD_BOOK.heightMm + 6),
    thumbnail: await jpeg(page, 'stoep-thumbnail.jpg', 1000, 1000),
    book,
  });
  await expectNoA11yViolations(page);

  // Hold the third piece of the book until the progress of the first two has been seen.
  let releaseThird: () => void = () => {};
  const thirdHeld = new Promise<void>((resolve) => (releaseThird = resolve));
  await page.route('**/session/v2/packet?*', async (route) => {
    if (pieceIndex(route.request(), book.name) === 2) await thirdHeld;
    await route.continue();
  });
  const sent: number[] = [];
  page.on('request', (sentRequest) => {
    const index = pieceIndex(sentRequest, book.name);
    if (index !== null && sentRequest.method() === 'POST') sent.push(index);
  });

  await page.getByRole('button', { name: 'Upload files' }).click();
  const progress = page.getByRole('progressbar', { name: 'Book file upload' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/2 048 000 of [\d ]+ bytes \(\d+%\)/)).toBeVisible();
  const held = Number(await progress.getAttribute('aria-valuenow'));
  expect(held).toBeGreaterThan(0);
  expect(held).toBeLessThan(100);
  releaseThird();

  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'Cover upload' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'Thumbnail upload' })).toHaveAttribute('aria-valuenow', '100');
  expect(sent).toEqual(Array.from({ length: pieces }, (_, index) => index));

  // Preflight: right page count, trim size with bleed, no fonts and a 457 dpi photo: all good.
  await expect(page.getByText('All good: your book file passed every print check.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^View page/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();

  // Applicability of Terms and Conditions, then the cart confirmation (issue 13's last stages;
  // the first pass goes from the terms straight to submission-complete, as the spec says).
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/accept-terms-additional');
  await expect(page.getByRole('heading', { level: 1, name: 'Applicability of Terms and Conditions' })).toBeVisible();
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/submission-complete');
  await expect(page.getByRole('heading', { level: 1, name: 'Submission complete' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart \(1 item\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout/cart');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

  // The book file opens from the library, and downloads as the PDF that was uploaded.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your books', exact: true }).click();
  await page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: title }).click();
  await page.getByRole('button', { name: 'View book' }).click();
  const viewer = page.getByRole('dialog', { name: new RegExp(title) });
  await expect(viewer.getByText(`Page 1 of ${UPLOAD_BOOK.pages}`)).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  // The print-ready proof: the cover as it will be printed, then the book's pages.
  await page.getByRole('button', { name: 'View print proof' }).click();
  const proof = page.getByRole('dialog', { name: `Print proof: ${title}` });
  await expect(proof.getByText(`Page 1 of ${UPLOAD_BOOK.pages + 1}`)).toBeVisible();
  await proof.getByRole('button', { name: 'Close' }).click();
  const link = page.getByRole('link', { name: /^Download Book \(/ });
  const downloaded = await request.get((await link.getAttribute('href'))!);
  expect(downloaded.status()).toBe(200);
  expect(downloaded.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(Buffer.compare(await downloaded.body(), book.buffer)).toBe(0);
});

test('an upload cut mid-way resumes after a reload without re-sending pieces, and a preflight problem shows on its page', async ({
  page,
  context,
  request,
}) => {
  const title = 'Karoo Nights';
  await resumeSignedBook(page, request, title);
  await reachUploadScreen(page);

  const book = await bookPdf('karoo-nights.pdf', {
    ...UPLOAD_BOOK,
    images: [
      { pixels: 1800, placedMm: 100, onPage: 1, noisy: true },
      { pixels: 120, placedMm: 100, onPage: 3, noisy: false },
    ],
  });
  const pieces = Math.ceil(book.buffer.length / PIECE);
  expect(pieces).toBeGreaterThanOrEqual(3);
  const files = await onDisk({
    cover: await coverPdf('karoo-cover.pdf', 2 * UPLOAD_BOOK.widthMm + 2, UPLOAD_BOOK.heightMm + 6),
    thumbnail: await jpeg(page, 'karoo-thumbnail.jpg', 1000, 1000),
    book,
  });
  await selectFiles(page, files);

  // The connection drops when the third piece of the book is on its way.
  await page.route('**/session/v2/packet?*', async (route) => {
    if (pieceIndex(route.request(), book.name) === 2) {
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload files' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('This may be due to your internet connection.')).toBeVisible();

  // Back online, the page reloaded (the wizard starts over at publishing rights on a page load):
  // the library's 'Continue Upload Process' leads back, the details kept in the draft, and the
  // same files chosen again continue at the third piece.
  await page.unroute('**/session/v2/packet?*');
  await context.setOffline(false);
  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publishing-rights');
  await openResumeLink(page, title);
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/metadata');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-bleed-cover');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await page
    .getByRole('dialog', { name: "Are you sure you don't need the following services?" })
    .getByRole('button', { name: 'Proceed' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Your Files' })).toBeVisible();
  const sent: number[] = [];
  page.on('request', (sentRequest) => {
    const index = pieceIndex(sentRequest, book.name);
    if (index !== null && sentRequest.method() === 'POST') sent.push(index);
  });
  await selectFiles(page, files);
  await page.getByRole('button', { name: 'Upload files' }).click();
  await expect(page.getByRole('progressbar', { name: 'Book file upload' })).toHaveAttribute('aria-valuenow', '100');
  expect(sent).toEqual(Array.from({ length: pieces - 2 }, (_, index) => index + 2));

  // The preflight finds the 30 dpi photo on page 3: a warning with a plain fix, shown on its page.
  const problem = page.getByText(/Page 3: image at \d+ dpi; print needs 300/);
  await expect(problem).toBeVisible();
  await page.getByRole('button', { name: 'View page 3' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText(`Page 3 of ${UPLOAD_BOOK.pages}`)).toBeVisible();
  await expectNoA11yViolations(page);
  await viewer.getByRole('button', { name: 'Close' }).click();
  // A warning does not stop the submission.
  await expect(page.getByRole('button', { name: /^(Continue|Next)$/ })).toBeEnabled();
});
