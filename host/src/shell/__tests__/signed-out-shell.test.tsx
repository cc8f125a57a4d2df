import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, THANDI } from '../../test-support/render-app';

describe('the shell without a session', () => {
  it('offers Sign in and Register instead of balance, cart, navigation and Log out', async () => {
    renderApp('/new-book/publishing-rights');

    await screen.findByRole('heading', { name: 'remote_wizard/App at /new-book/publishing-rights' });
    const banner = screen.getByRole('banner');
    const account = within(banner).getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fnew-book%2Fpublishing-rights',
    );
    expect(within(account).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(banner).not.toHaveTextContent('Balance');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Support' })).not.toBeInTheDocument();
  });

  it.each(['/checkout/cart', '/checkout/payment', '/checkout'])(
    'asks for a sign-in on %s instead of loading the checkout',
    async (path) => {
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        `/login?next=${encodeURIComponent(path)}`,
      );
      expect(within(main).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
      expect(screen.queryByRole('heading', { name: /remote_checkout/ })).not.toBeInTheDocument();
      expect(document.body).not.toHaveTextContent('Unauthorized');
      expect(document.title).toBe('Print on Demand | Sign in to continue');
    },
  );

  it('sends Sign in to /login, where the shell steps aside', async () => {
    const user = userEvent.setup();
    renderApp('/checkout/cart');

    await user.click(within(await screen.findByRole('main')).getByRole('link', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /login' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows the checkout and the signed-in shell to a signed-in user', async () => {
    renderApp('/checkout/cart', { user: THANDI });

    expect(await screen.findByRole('heading', { name: 'remote_checkout/App at /checkout/cart' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Balance R 1 250.00');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
