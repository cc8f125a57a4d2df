import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createActiveAccount, newAccount, signIn, type NewAccount } from './accounts';
import { signaturePng } from './files';

// The new-book wizard's steps as an author takes them, shared by the wizard journeys.

const OWNER = 'I own the copyright and the publishing rights of this title';

/** A new, activated account signed in and on /new-book/general-info past publishing rights. */
export async function startNewBook(page: Page, request: APIRequestContext, prefix: string): Promise<NewAccount> {
  const account = newAccount(prefix);
  await createActiveAccount(request, account);
  await signIn(page, account.email, account.password, account.firstName);
  await page.goto('/new-book');
  await page.getByRole('checkbox', { name: OWNER }).check();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/general-info');
  return account;
}

/** Book details page 1: title, format, a genre and an ISBN to be registered (a typed one would be claimed). */
export async function fillPageOne(page: Page, title: string, format: 'Print' | 'eBook') {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('radio', { name: format }).check();
  if (format === 'eBook') await page.getByRole('textbox', { name: 'eBook author' }).fill('Nomsa Dlamini');
  await page.getByRole('combobox', { name: 'Subject heading' }).selectOption('FICTION');
  await page.getByRole('combobox', { name: 'Sub-category' }).selectOption({ label: 'Romance / General (FIC027000)' });
  await page.getByRole('checkbox', { name: 'I need an ISBN' }).check();
}

/** Opens a searchable picker and picks the option. */
export async function pick(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option }).click();
}

/** 'R 1 234.50' / 'USD -2.10' as a number. */
export function amountOf(text: string): number {
  return Number(text.replace(/^(R|USD)\s*/, '').replace(/\s/g, ''));
}

/** The royalty figure a region group of the widget shows, as a number. */
export async function royaltyOf(region: Locator): Promise<number> {
  return amountOf((await region.locator('strong').first().textContent()) ?? '');
}

/** A local print book through pages 1 to 3 and its quote, ending on publisher-info. */
export async function quoteLocalPrintBook(page: Page, title: string) {
  await fillPageOne(page, title, 'Print');
  await page.getByRole('checkbox', { name: 'International' }).uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/calculator');
  await page.getByRole('textbox', { name: 'Number of pages' }).fill('200');
  await page.getByRole('radio', { name: 'Portrait' }).check();
  await pick(page, 'Size', 'A5 (210 x 148 mm)');
  await page.getByRole('radio', { name: 'Black and white' }).check();
  await page.getByRole('radio', { name: 'Matt' }).check();
  await pick(page, 'Local paper type', '80gsm Bond (B&W)');
  await pick(page, 'Local cover type', 'Paperback (Perfect Bound)');
  await page.getByRole('textbox', { name: 'Local selling price (R)' }).fill('250');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/confirm-details');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/publisher-info');
}

/** Draws a stroke across a signature pad (a canvas named '<label>, empty') with the mouse. */
export async function drawOn(page: Page, label: 'Signature' | 'Initials') {
  const pad = page.getByRole('img', { name: `${label}, empty` });
  // The mouse does not scroll: bring the pad on screen first.
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error(`${label} pad is not on screen`);
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('img', { name: `${label}, drawn` })).toBeVisible();
}

/** Publisher Details as a self-publisher (prefilled from the account), then on to bank-details. */
export async function fillPublisherDetails(page: Page) {
  await page.getByRole('checkbox', { name: 'I am a self-publisher' }).check();
  await page.getByRole('textbox', { name: 'Registration ID' }).fill('2024/123456/07');
  await page.getByRole('textbox', { name: 'Physical address' }).fill('12 Long Street, Cape Town');
  await page.getByRole('checkbox', { name: 'Same as physical address' }).check();
  await page.getByRole('textbox', { name: 'Telephone' }).fill('+27 82 123 4567');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/bank-details');
}

/** Accepts the terms, names the place, draws both pads and signs: on to Check Your Email. */
export async function signContract(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/accept-terms');
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await page.getByRole('textbox', { name: 'Signed place' }).fill('Cape Town, South Africa');
  await drawOn(page, 'Signature');
  await drawOn(page, 'Initials');
  await page.getByRole('button', { name: /^(Continue|Next)$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/new-book/contract');
}

/** The A5 paperback the upload journeys submit: its trim size and page count. */
export const UPLOAD_BOOK = { pages: 24, widthMm: 148, heightMm: 210 } as const;

/**
 * A local A5 print book quoted and signed through the API (POST /user/getquote and
 * /user/uploadsignature as the wizard sends them), so a journey about the later stages starts
 * at the library's resume link instead of walking every earlier screen again. Answers the
 * local book id.
 */
export async function signedPrintBookThroughApi(
  request: APIRequestContext,
  account: NewAccount,
  title: string,
): Promise<number> {
  const login = await request.post('/api/v1/authO/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), `POST /api/v1/authO/login: ${await login.text()}`).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const quote = await request.post('/api/v1/user/getquote', {
    headers,
    data: {
      book_title: title,
      no_of_pages: UPLOAD_BOOK.pages,
      format_type: 'print',
      is_local: true,
      l_paper_type_id: 1,
      l_cover_type_id: 1,
      local_price: 180,
      international_price: null,
      is_international: false,
      i_paper_type_id: null,
      i_cover_type_id: null,
      gender: null,
      nationality: null,
      isbn_is_required: true,
      barcode_is_required: false,
      isbn: '',
      spine_id: 105,
      genre: 1,
      heavy_graphics: false,
      heavyGraphics: false,
      voiceover_id: null,
      spot_uv: false,
      duplex_needed: false,
      soft_touch_matt_lamination: false,
      spiral_bound: false,
      i_duplex_covered: false,
      perforation: false,
      recording_needed: false,
      finish: 'Matt',
      bind: 'Perfect Bound',
      height: UPLOAD_BOOK.heightMm,
      width: UPLOAD_BOOK.widthMm,
    },
  });
  expect(quote.status(), `POST /api/v1/user/getquote: ${await quote.text()}`).toBe(200);
  const { localBookId } = (await quote.json()) as { localBookId: number };
  const signed = await request.post('/api/v1/user/uploadsignature', {
    headers,
    data: {
      local_bookId: localBookId,
      international_bookId: null,
      filedata: signaturePng(),
      initial_base64: signaturePng(),
      signed_place: 'Cape Town, South Africa',
      print_name: `${account.firstName} ${account.lastName}`,
      authors: `${account.firstName} ${account.lastName}`,
      contributors: [],
      is_self_publisher: true,
      publish_name: `${account.firstName} ${account.lastName}`,
      reg_id_no: '2024/123456/07',
      physical_address: '12 Long Street, Cape Town',
      postal_address: '12 Long Street, Cape Town',
      telephone: '+27821234567',
      email: account.email,
      contact_person: `${account.firstName} ${account.lastName}`,
      bank_name: 'Capitec Bank Limited',
      brance_code: '470010',
      branch_name: 'Cape Town',
      account_name: `${account.firstName} ${account.lastName}`,
      account_type: 'Savings',
      account_number: '1234567890',
    },
  });
  expect(signed.status(), `POST /api/v1/user/uploadsignature: ${await signed.text()}`).toBe(200);
  return localBookId;
}
