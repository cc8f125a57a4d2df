import { expect, test } from './support/fixtures';
import { createActiveAccount, expectDashboard, MAIL, newAccount, submitSignIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { openMail } from './support/mailbox';

// Forgotten password: request a link, follow it from the dev mailbox, set a new password,
// then only the new password signs in.

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const NEW_PASSWORD = 'N3w=Secret!';

test('reset a forgotten password by e-mail; only the new password signs in', async ({ page, request }) => {
  const account = newAccount('reset', { firstName: 'Lerato', lastName: 'Molefe' });
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });

  await test.step('an active account exists (registered and verified through the API)', async () => {
    await createActiveAccount(request, account);
  });

  await test.step('forgot password: ask for a reset link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(onPath('/forgot-password'));
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('the reset e-mail is in the dev mailbox; its link opens Reset Password', async () => {
    const mail = await openMail(page, account.email, MAIL.reset.subject);
    await expectNoA11yViolations(page);
    const link = mail.getByRole('link', { name: MAIL.reset.link, exact: true });
    await expect(link).toHaveAttribute('href', /\/reset-password\?id=[^&]+&token=.+/);
    await link.click();
    await page.waitForURL(onPath('/reset-password'));
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('a new password is set', async () => {
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('Login leads to sign-in', async () => {
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(onPath('/login'));
    await expect(signInButton).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('the old password no longer signs in', async () => {
    await submitSignIn(page, account.email, account.password);
    const refused = page.getByRole('dialog', { name: 'Login unsuccessful' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText("The email or password you entered is incorrect or you haven't registered yet");
    await expectNoA11yViolations(page);
    await refused.getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(refused).toBeHidden();
    await expect(page).toHaveURL(onPath('/login'));
  });

  await test.step('the new password signs in', async () => {
    await submitSignIn(page, account.email, NEW_PASSWORD);
    await expectDashboard(page, account.firstName);
  });
});
