import { expect, test } from './support/fixtures';
import { DEMO, submitSignIn } from './support/accounts';
import { expectNoA11yViolations } from './support/a11y';

// A visitor without a session on the open cart: a signed-out shell (no balance, cart or Log
// out), a sign-in prompt instead of a raw 'Unauthorized', and back to the cart after signing in.

test('signed out, the cart asks for a sign-in and returns there afterwards', async ({ page }) => {
  await test.step('the signed-out shell and the prompt', async () => {
    await page.goto('/checkout/cart');
    await expect(page.getByRole('heading', { name: 'Sign in to continue', level: 1 })).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
    await expect(banner).not.toContainText('Balance');
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Unauthorized');
    await expectNoA11yViolations(page);
  });

  await test.step('Sign in leads to /login and back to the cart', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/checkout/cart',
    );
    await submitSignIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL((url) => url.pathname === '/checkout/cart');
    await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Balance R');
  });
});
