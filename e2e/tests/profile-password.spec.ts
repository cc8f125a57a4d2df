import { expect, test } from './support/fixtures';
import { createActiveAccount, expectDashboard, newAccount, signIn, submitSignIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';

// Issue 15: change the password from the profile; the portal logs out, says so, and only the
// new password signs in.

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const NEW_PASSWORD = 'Chang3d#Pass';

test('change the password from the profile and sign in with the new one', async ({ page, request }) => {
  const account = newAccount('change-pwd', { firstName: 'Sipho', lastName: 'Ndlovu' });

  await test.step('a signed-in author opens Change password from the profile', async () => {
    await createActiveAccount(request, account);
    await signIn(page, account.email, account.password, account.firstName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL(onPath('/profile/change-password'));
    await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('mismatched passwords are refused with the spec message', async () => {
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect(page.getByText('Passwords must match')).toBeVisible();
  });

  await test.step('a matching strong password is saved; the portal logs out and says so', async () => {
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await page.waitForURL(onPath('/login'));
    await expect(page.getByText('Your password was changed successfully')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  });

  await test.step('the old password no longer signs in', async () => {
    await submitSignIn(page, account.email, account.password);
    const refused = page.getByRole('dialog', { name: 'Login unsuccessful' });
    await expect(refused).toBeVisible();
    await refused.getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(refused).toBeHidden();
  });

  await test.step('the new password does', async () => {
    await submitSignIn(page, account.email, NEW_PASSWORD);
    await expectDashboard(page, account.firstName);
  });
});
