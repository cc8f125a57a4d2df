import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, THANDI } from '../../test-support/render-app';

describe('the shell', () => {
  it('is hidden on /login: no navigation, no top bar, only the screen in main', async () => {
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('shows the navigation, a skip link and the welcome on the dashboard', async () => {
    renderApp('/dashboard', { user: THANDI });

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Upload book', '/new-book'],
      ['Bulk book upload', '/bulk-upload'],
      ['Your books', '/books'],
      ['Orders', '/orders'],
      ['Sales', '/sales'],
      ['Reports', '/reports'],
      ['Transactions', '/transactions'],
      ['Documents', '/documents'],
      ['Profile', '/profile'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('banner')).toHaveTextContent('Welcome, Thandi');
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Cart (0 items)' }),
    ).toBeInTheDocument();
  });

  it('shows the balance in the top bar away from the dashboard', async () => {
    renderApp('/books', { user: THANDI });

    expect(await screen.findByRole('banner')).toHaveTextContent('R 1 250.00');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Welcome');
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });
  });

  it('logs out from the sidebar and lands on /login', async () => {
    const user = userEvent.setup();
    renderApp('/books', { user: THANDI });

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it("keeps working when remote_checkout cannot load (the cart button is the host's)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const importer = async (id: string) => {
      if (id.startsWith('remote_checkout/')) throw new Error('down');
      return { default: () => <h1>Orders</h1> };
    };
    renderApp('/orders', { user: THANDI, importer });

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart (0 items)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry loading Cart' })).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
