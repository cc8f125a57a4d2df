import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  expectDashboard,
  logOutButton,
  MAIL,
  newAccount,
  registerThroughApi,
  submitSignIn,
  type NewAccount,
} from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { openMail } from './support/mailbox';

// Registration end to end: the three steps, the unactivated user held on /activate-account-info,
// the verification e-mail from the dev mailbox, sign-in once verified, log out. And an e-mail
// already in use sends the user back to step 1 with the spec's message.

const VERIFIED = 'Congratulations your account has been verified. Click login to login and access your account.';
const EMAIL_IN_USE = 'This email alreay exists on our system, please use another email or login to continue';

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/** A link or a button with this name (the contract allows either). */
function linkOrButton(page: Page, name: string) {
  return page
    .getByRole('link', { name, exact: true })
    .or(page.getByRole('button', { name, exact: true }))
    .first();
}

/** Steps 1 and 2 of /register, from /register; submits step 2 with 'Register'. */
async function fillRegistration(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/register');
  await expect(page).toHaveURL(onPath('/register/email-password'));
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page).toHaveURL(onPath('/register/your-details'));
  await page.getByLabel('First name', { exact: true }).fill(account.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(account.lastName);
  await page.getByRole('checkbox', { name: 'I agree to the Terms & Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

test('register, be held until verified, verify by e-mail, sign in, log out', async ({ page }) => {
  const account = newAccount('new');
  const activateHeading = page.getByRole('heading', { name: 'Activate Your Account' });

  await test.step('step 1: e-mail and password', async () => {
    await page.goto('/register');
    await expect(page).toHaveURL(onPath('/register/email-password'));
    await expect(page).toHaveTitle(/^Print on Demand \|/);
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  });

  await test.step('step 2: your details and the terms', async () => {
    await expect(page).toHaveURL(onPath('/register/your-details'));
    await expect(page.getByLabel('First name', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('First name', { exact: true }).fill(account.firstName);
    await page.getByLabel('Last name', { exact: true }).fill(account.lastName);
    await page.getByRole('checkbox', { name: 'I agree to the Terms & Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
  });

  await test.step('step 3: welcome, then Get started', async () => {
    await expect(page).toHaveURL(onPath('/register/welcome'));
    await expect(page.getByRole('heading', { name: 'Welcome' }).first()).toBeVisible();
    await expectNoA11yViolations(page);
    await linkOrButton(page, 'Get started').click();
  });

  await test.step('an unactivated user is held on /activate-account-info', async () => {
    await page.waitForURL(onPath('/activate-account-info'));
    await expect(activateHeading).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('the dashboard is out of reach until the account is verified', async () => {
    await page.goto('/dashboard');
    await page.waitForURL(onPath('/activate-account-info'));
    await expect(activateHeading).toBeVisible();
  });

  await test.step('the verification e-mail is in the dev mailbox; its link verifies the account', async () => {
    const mail = await openMail(page, account.email, MAIL.verify.subject);
    await expectNoA11yViolations(page);
    const link = mail.getByRole('link', { name: MAIL.verify.link, exact: true });
    await expect(link).toHaveAttribute('href', /\/verify\?id=[^&]+&token=.+/);
    await link.click();
    await page.waitForURL(onPath('/verify'));
    await expect(page.getByText(VERIFIED, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('Login Now leads to sign-in', async () => {
    await linkOrButton(page, 'Login Now').click();
    await page.waitForURL(onPath('/login'));
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('the verified user signs in and is greeted by first name', async () => {
    await submitSignIn(page, account.email, account.password);
    await expectDashboard(page, account.firstName);
    await expectNoA11yViolations(page);
  });

  await test.step('logging out returns to sign-in', async () => {
    await logOutButton(page).click();
    await page.waitForURL(onPath('/login'));
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test('registering an e-mail already in use returns to step 1 with the spec message', async ({ page, request }) => {
  const account = newAccount('taken');

  await test.step('the e-mail is registered once', async () => {
    await registerThroughApi(request, account);
  });

  await test.step('registering it again through the form', async () => {
    await fillRegistration(page, { ...account, firstName: 'Sipho', lastName: 'Mokoena' });
  });

  await test.step('lands on /register/email-password?e=<email> with the message', async () => {
    await page.waitForURL(
      (url) => url.pathname === '/register/email-password' && url.searchParams.get('e') === account.email,
    );
    await expect(page.getByText(EMAIL_IN_USE, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expectNoA11yViolations(page);
  });
});
