import { screen } from '@testing-library/react';
import { renderApp, THANDI } from '../../test-support/render-app';

describe('routing', () => {
  it('sends a guarded route to /login when no user is stored', async () => {
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('renders a guarded route for a stored user', async () => {
    renderApp('/dashboard', { user: THANDI });

    expect(await screen.findByRole('heading', { name: 'remote_library/App at /dashboard' })).toBeInTheDocument();
  });

  it('lets anyone open an open route', async () => {
    renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /forgot-password' })).toBeInTheDocument();
  });

  it('sends /books/{region}/{id} to remote_library, guarded like /books', async () => {
    renderApp('/books/local/12', { user: THANDI });
    expect(await screen.findByRole('heading', { name: 'remote_library/App at /books/local/12' })).toBeInTheDocument();
  });

  it.each([
    ['without a user', null, 'remote_account/App at /login'],
    ['with a user', THANDI, 'remote_library/App at /dashboard'],
  ])('redirects / to the right start page %s', async (_case, user, heading) => {
    renderApp('/', { user });

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('shows Page Not Found for an unknown path', async () => {
    renderApp('/definitely/not/here', { user: THANDI });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('renders the tab error notice itself', async () => {
    renderApp('/tab-error');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Important Notice: Data Integrity and Security' }),
    ).toBeInTheDocument();
  });
});
