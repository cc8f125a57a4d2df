import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import {
  drawOn,
  fillPageOne,
  fillPublisherDetails,
  quoteLocalPrintBook,
  signContract,
  startNewBook,
} from './support/wizard';
import { expectNoA11yViolations } from './support/a11y';

// The new-book wizard after the quote (new-book-wizard.md, publisher-info to upload-assets):
// publisher and bank details, the contract signed with pads drawn by the mouse and e-mailed
// through the outbox, the metadata and the cover requirements; then the library's 'Continue
// Upload Process' of the signed book resumes at upload-type. The upload stage and the stages
// after it are wizard-uploads.spec.ts's.

const TITLE = 'Signed In Cape Town';

/** The required fields of Additional Details after the keywords, then Continue. */
async function fillMetadata(page: Page, description: string) {
  await page.getByRole('textbox', { name: 'Publication date' }).fill('01-03-2026');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('english');
  await page.getByRole('textbox', { name: 'Main description' }).fill(description);
  await page.getByRole('textbox', { name: 'Copyright holder' }).fill('Nomsa Dlamini');
  await page.getByRole('textbox', { name: 'Copyright date' }).fill('01-01-2026');
  await page.getByRole('combobox', { name: 'Recommended audience' }).selectOption('General Trade');
  await page.getByRole('combobox', { name: 'Indicated audience warning' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
}

test('a print book from publisher details through signing, the e-mailed contract and metadata', async ({
  page,
  request,
}) => {
  const account = await startNewBook(page, request, 'wizard-contract');
  await quoteLocalPrintBook(page, TITLE);

  // Publisher Details: a self-publisher, prefilled from the account.
  await expect(page.getByRole('heading', { level: 1, name: 'Publisher Details' })).toBeVisible();
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page.getByText('Please enter the publishers registration ID')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I am a self-publisher' }).check();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await page.getByRole('textbox', { name: 'Registration ID' }).fill('2024/123456/07');
  await page.getByRole('textbox', { name: 'Physical address' }).fill('12 Long Street, Cape Town');
  await page.getByRole('checkbox', { name: 'Same as physical address' }).check();
  await expect(page.getByRole('textbox', { name: 'Postal address' })).toHaveValue('12 Long Street, Cape Town');
  await page.getByRole('textbox', { name: 'Telephone' }).fill('+27 82 123 4567');
  await expect(page.getByRole('textbox', { name: 'Telephone' })).toHaveValue('+27821234567');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();

  // Your Bank Details: a local account; the bank fills its branch code.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/bank-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Bank Details' })).toBeVisible();
  await page.getByRole('radio', { name: 'Local account' }).check();
  await page.getByRole('combobox', { name: 'Bank name' }).selectOption('Capitec Bank Limited');
  await expect(page.getByRole('textbox', { name: 'Branch code' })).toHaveValue(/470\s?010/);
  await page.getByRole('textbox', { name: 'Branch name' }).fill('Cape Town');
  await page.getByRole('textbox', { name: 'Account name' }).fill('Nomsa Dlamini');
  await page.getByRole('combobox', { name: 'Account type' }).selectOption('Savings');
  await page.getByRole('textbox', { name: 'Account number' }).fill('1234567890');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your bank details' });
  await confirm.getByRole('button', { name: 'Proceed' }).click();

  // Accept Terms and Sign: Continue waits for the terms; the pads are drawn with the mouse.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/accept-terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Accept Terms and Sign' })).toBeVisible();
  const sign = page.getByRole('button', { name: /^(Continue|Next)$/ });
  await expect(sign).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await sign.click();
  await expect(page.getByRole('dialog')).toContainText(
    'Before proceeding we need you to enter your location and your signature or initials.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('textbox', { name: 'Signed place' }).fill('Cape Town, South Africa');
  await drawOn(page, 'Signature');
  await drawOn(page, 'Initials');
  await sign.click();

  // Check Your Email: the signed contract reaches the outbox.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/contract');
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await waitForMail(request, account.email, `Your signed Print on Demand contract: ${TITLE}`);
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();

  // Additional Details: the spec's messages, then a complete form.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/metadata');
  await expect(page.getByRole('heading', { level: 1, name: 'Additional Details' })).toBeVisible();
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page.getByText('Please add at least one keyword')).toBeVisible();
  await page.getByRole('textbox', { name: 'Author' }).fill('Nomsa Dlamini');
  await page.getByRole('textbox', { name: 'Keyword' }).fill('romance; cape town');
  await page.getByRole('textbox', { name: 'Keyword' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Keywords added' }).getByRole('listitem')).toHaveCount(2);
  await fillMetadata(page, 'A love story set on the slopes of Table Mountain.');

  // Cover Requirements: the unchecked services are listed before going on.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-bleed-cover');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  const unchecked = page.getByRole('dialog', { name: "Are you sure you don't need the following services?" });
  await expect(unchecked).toContainText('Thumbnail design');
  await unchecked.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/upload-assets');

  // The library offers 'Continue Upload Process' for the signed book, which resumes at upload-type.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your books', exact: true }).click();
  await page.getByRole('list', { name: 'Local books' }).getByRole('button', { name: TITLE }).click();
  await page.getByRole('link', { name: 'Continue Upload Process' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/upload-type');
  await expect(page.getByRole('heading', { level: 1, name: 'Select Upload Type' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'PDF' })).toBeChecked();
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/metadata');
});

test('an eBook: an international account, signing, and conversion requested', async ({ page, request }) => {
  const account = await startNewBook(page, request, 'wizard-ebook-contract');
  await fillPageOne(page, 'Digital Dunes', 'eBook');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/e-book');
  await page.getByRole('textbox', { name: 'Number of pages' }).fill('120');
  await page.getByRole('textbox', { name: 'International selling price (USD)' }).fill('9.99');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publisher-info');

  await fillPublisherDetails(page);
  // An international account: bank address, IBAN and swift code, and PayPal when ticked.
  await page.getByRole('radio', { name: 'International account' }).check();
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page.getByText('Please enter your banks IBAN number')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bank address' }).fill('1 Canada Square, London');
  await page.getByRole('textbox', { name: 'IBAN number' }).fill('GB29 NWBK 6016 1331 9268 19');
  await page.getByRole('textbox', { name: 'Swift code' }).fill('NWBKGB2L');
  await page.getByRole('checkbox', { name: 'I have a PayPal account' }).check();
  await page.getByRole('textbox', { name: 'PayPal' }).fill('not-an-email');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page.getByText('Please enter a valid paypal')).toBeVisible();
  await page.getByRole('textbox', { name: 'PayPal' }).fill(account.email);
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your bank details' })
    .getByRole('button', { name: 'Proceed' })
    .click();

  await signContract(page);
  await waitForMail(request, account.email, 'Your signed Print on Demand contract: Digital Dunes');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();

  // Additional Details of an eBook: no print author field.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/metadata');
  await expect(page.getByRole('textbox', { name: 'Author', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Keyword' }).fill('desert');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await fillMetadata(page, 'A journey across the Namib by night.');

  // Cover Requirements: conversion to .epub requested; the others are listed before going on.
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-bleed-cover');
  await page.getByRole('checkbox', { name: /Conversion to \.epub/ }).check();
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  const unchecked = page.getByRole('dialog', { name: "Are you sure you don't need the following services?" });
  await expect(unchecked).toContainText('Thumbnail design');
  await expect(unchecked).not.toContainText('Conversion to .epub');
  await unchecked.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/upload-assets');
  expect(await page.evaluate(() => localStorage.getItem('calc_conversionNeeded'))).toBe('true');
});
