import { expect, test } from './support/fixtures';
import { createActiveAccount, expectDashboard, newAccount, signIn, submitSignIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';
import { adminConsoleOk } from './support/admin';
import { drawOn, signedPrintBookThroughApi } from './support/wizard';

// Issue 15: an author asks for new details, an administrator approves them from the admin
// console while the portal runs, the author re-signs the contract the approval reopened, reviews
// the applied changes, and signs in again with the new details.

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

test('update request, admin approval, re-signing and profile confirmation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount('update', { firstName: 'Nomsa', lastName: 'Dlamini' });
  const title = `Renewal Story ${Date.now()}`;

  await test.step('an active author with one signed print contract', async () => {
    await createActiveAccount(request, account);
    await signedPrintBookThroughApi(request, account, title);
    await signIn(page, account.email, account.password, account.firstName);
  });

  await test.step('the profile shows the account and leads to Update Request', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(onPath('/profile'));
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(account.email).first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Update Request' }).click();
    await page.waitForURL(onPath('/profile/update-users'));
    await expect(page.getByRole('heading', { name: 'Update Request', level: 1 })).toBeVisible();
  });

  await test.step('a wrong phone number is refused with the spec message', async () => {
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(account.firstName);
    await page.getByRole('textbox', { name: 'Phone number' }).fill('12');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText('Please enter your phone number')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step('new surname and phone, the bank account typed in full, confirmed and sent', async () => {
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+27821234567');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Mokoena');
    await expect(page.getByRole('radio', { name: 'Local bank' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Account number' }).fill('9876543210');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm update request' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('Mokoena')).toBeVisible();
    const proceed = confirm.getByRole('button', { name: 'Proceed' });
    await expect(proceed).toBeDisabled();
    await confirm.getByRole('checkbox', { name: 'I agree to submit these changes for review' }).check();
    await proceed.click();
    await expect(page.getByText('Your request has been successfully submitted.')).toBeVisible();
    await page.waitForURL(onPath('/profile'));
  });

  await test.step('the administrator approves the request from the console', async () => {
    const waiting = await adminConsoleOk('requests', 'list');
    expect(waiting).toContain(account.email);
    await adminConsoleOk('requests', 'approve', account.email);
    const audit = await adminConsoleOk('audit', '--user', account.email);
    expect(audit).toContain('requests.approve');
  });

  await test.step('on the next visit the author must re-sign the contract', async () => {
    await page.goto('/dashboard');
    await page.waitForURL(onPath('/resign-contract'));
    await expect(page.getByRole('heading', { name: 'There were changes to your contract for books' })).toBeVisible();
    const terms = page.getByRole('checkbox', { name: 'I accept the Terms & Conditions' });
    await expect(terms).toBeDisabled();
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByRole('combobox', { name: 'Renewal Books' }).selectOption({ label: title });
    await expect(page.getByRole('region', { name: 'Contract preview' })).toBeVisible();
    await expect(terms).toBeEnabled();
    await expectNoA11yViolations(page);
    await terms.check();
    await page.getByRole('textbox', { name: 'Signed place' }).fill('Durban, South Africa');
    await drawOn(page, 'Signature');
    await drawOn(page, 'Initials');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText(`Contract for book ${title} re-signed successfully.`)).toBeVisible();
  });

  await test.step('with nothing left to re-sign, the author reviews the applied changes', async () => {
    // The dashboard sends a user with admin-applied changes on to profile confirmation.
    await page.waitForURL(onPath('/profile-confirmation'), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Profile confirmation', level: 1 })).toBeVisible();
    await expect(page.getByText('Mokoena').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL(onPath('/login'));
  });

  await test.step('signing in again, the profile carries the new surname', async () => {
    await submitSignIn(page, account.email, account.password);
    await expectDashboard(page, account.firstName);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByText(`${account.firstName} Mokoena`)).toBeVisible();
  });
});
