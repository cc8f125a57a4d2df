import { expect, test } from './support/fixtures';
import {
  createActiveAccount,
  expectDashboard,
  logOutButton,
  newAccount,
  signIn,
  submitSignIn,
} from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { countMail } from './support/mailbox';
import { totpCode } from './support/totp';

// Issue 15: two-factor sign-in turned on from the profile with an authenticator app (the code
// computed here from the setup key, RFC 6238), a recovery code that works once, and the e-mail
// sent when the account signs in from a browser it has not seen.

/** The subject of the login notification e-mail. */
const NEW_SIGN_IN = 'New sign-in to your account';

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

test('two-factor sign-in: set up, sign in with a code, a recovery code works once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = newAccount('two-factor', { firstName: 'Kagiso', lastName: 'Sithole' });
  let setupKey = '';
  let recoveryCodes: string[] = [];
  const codeField = page.getByRole('textbox', { name: 'Authentication code' });

  await test.step('the profile turns two-factor sign-in on with a QR code and a setup key', async () => {
    await createActiveAccount(request, account);
    await signIn(page, account.email, account.password, account.firstName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(onPath('/profile'));
    await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
    await page.getByRole('switch', { name: 'Two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    setupKey = ((await dialog.getByLabel('Setup key').textContent()) ?? '').trim();
    expect(setupKey).toMatch(/^[A-Z2-7 ]{16,}$/);
    await expectNoA11yViolations(page);
    await dialog
      .getByRole('textbox', { name: 'Authentication code' })
      .fill('000000' === totpCode(setupKey) ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(setupKey));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const list = dialog.getByRole('list', { name: 'Recovery codes' });
    await expect(list).toBeVisible();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(8);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
  });

  await test.step('sign-in now asks for the code after the password', async () => {
    await logOutButton(page).click();
    await page.waitForURL(onPath('/login'));
    await submitSignIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expectNoA11yViolations(page);
    // The step after the one used to confirm the setup: each step's code is accepted once.
    await codeField.fill(totpCode(setupKey, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page, account.firstName);
  });

  await test.step('a recovery code signs in once', async () => {
    for (const attempt of ['first', 'second'] as const) {
      await logOutButton(page).click();
      await page.waitForURL(onPath('/login'));
      await submitSignIn(page, account.email, account.password);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') {
        await expectDashboard(page, account.firstName);
      } else {
        await expect(page.getByRole('alert').filter({ hasText: /code/i })).toBeVisible();
        await expect(page).toHaveURL(onPath('/login'));
        await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[1] ?? '');
        await page.getByRole('button', { name: 'Verify' }).click();
        await expectDashboard(page, account.firstName);
      }
    }
  });

  await test.step('a sign-in from a new browser sends a login notification', async () => {
    // The sign-ins above came from one browser: only the first of them was from a new one.
    const before = await countMail(request, account.email, NEW_SIGN_IN);
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const stranger = await other.newPage();
      await stranger.goto('/login');
      await submitSignIn(stranger, account.email, account.password);
      await stranger.getByRole('button', { name: 'Use a recovery code' }).click();
      await stranger.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[2] ?? '');
      await stranger.getByRole('button', { name: 'Verify' }).click();
      await expect(stranger).toHaveURL(onPath('/dashboard'));
    } finally {
      await other.close();
    }
    await expect.poll(() => countMail(request, account.email, NEW_SIGN_IN), { timeout: 15_000 }).toBe(before + 1);
  });
});
