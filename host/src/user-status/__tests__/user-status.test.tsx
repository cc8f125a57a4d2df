import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  alertsAtom,
  getCurrentUser,
  logout,
  navigateTo,
  queryKeys,
  raiseAlert,
  sessionStore,
  setTokens,
  type SharedBooks,
  type User,
} from '@pod/shared-contracts';
import { fakeJwt, installFakeApi } from '../../test-support/fake-api';
import { renderApp, THANDI } from '../../test-support/render-app';

const as = (user_status: 0 | 1 | 2) => ({ ...THANDI, user_status }) as User;
const location = () => screen.getByTestId('location');

const SHARED_LOADERS = [
  'GET /user/quoteinfo',
  'GET /user/getallsale',
  'GET /user/getbookorders?skip=0&take=100',
  'GET /voiceover/getallvoiceoverartists',
  'GET /user/getuserbooks',
  'GET /user/pricinglist',
];

const booksIn = (view: ReturnType<typeof renderApp>) => view.queryClient.getQueryData<SharedBooks>(queryKeys.books());

afterEach(() => {
  setTokens(null);
  localStorage.clear();
});

describe('user_status 0 (not activated)', () => {
  it('redirects a guarded page to /activate-account-info', async () => {
    installFakeApi();
    renderApp('/dashboard', { user: as(0) });

    expect(
      await screen.findByRole('heading', { name: 'remote_account/App at /activate-account-info' }),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent('/activate-account-info');
  });

  it('redirects an open page too, and keeps doing so on in-app navigation', async () => {
    installFakeApi();
    renderApp('/new-book/publishing-rights', { user: as(0) });
    await screen.findByRole('heading', { name: 'remote_account/App at /activate-account-info' });

    act(() => navigateTo('/checkout/cart'));

    expect(
      await screen.findByRole('heading', { name: 'remote_account/App at /activate-account-info' }),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent('/activate-account-info');
  });

  it.each([
    '/activate-account-info',
    '/login',
    '/register/email-password',
    '/verify',
    '/forgot-password',
    '/reset-password',
  ])('still lets the new user open %s', async (path) => {
    installFakeApi();
    renderApp(path, { user: as(0) });

    expect(await screen.findByRole('heading', { name: `remote_account/App at ${path}` })).toBeInTheDocument();
    expect(location()).toHaveTextContent(path);
  });

  it('still lets the new user see /tab-error', async () => {
    installFakeApi();
    renderApp('/tab-error', { user: as(0) });

    expect(
      await screen.findByRole('heading', { name: 'Important Notice: Data Integrity and Security' }),
    ).toBeInTheDocument();
  });

  it('loads no shared data', async () => {
    const requests = installFakeApi();
    renderApp('/activate-account-info', { user: as(0) });
    await screen.findByRole('heading', { name: 'remote_account/App at /activate-account-info' });

    expect(requests).toEqual([]);
  });
});

describe('user_status 1 (active)', () => {
  it('loads the shared data once, not again on navigation', async () => {
    const requests = installFakeApi();
    renderApp('/dashboard', { user: as(1) });
    await screen.findByRole('heading', { name: 'remote_library/App at /dashboard' });
    await waitFor(() => expect(requests).toHaveLength(SHARED_LOADERS.length));

    act(() => navigateTo('/books'));
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    expect([...requests].sort()).toEqual([...SHARED_LOADERS].sort());
    expect(location()).toHaveTextContent('/books');
  });

  it('fills the shared books', async () => {
    const book = { id: 1, book_title: 'Karoo Nights', format_type: 'print' };
    installFakeApi((path) =>
      path === '/user/getuserbooks'
        ? { status: 200, body: { statusCode: 0, localBooks: [book], internationalBooks: [] } }
        : undefined,
    );
    const view = renderApp('/books', { user: as(1) });

    await waitFor(() => expect(booksIn(view)?.localBooks).toEqual([book]));
  });
});

describe('user_status 2 (contracts to re-sign)', () => {
  const renewal = (results: unknown[]) =>
    installFakeApi((path) =>
      path === '/user/booksrenewal' ? { status: 200, body: { statusCode: 0, results } } : undefined,
    );

  it('goes to /resign-contract when books await re-signing, and stays there', async () => {
    const requests = renewal([{ id: 3, book_title: 'Karoo Nights', is_international: 0 }]);
    renderApp('/books', { user: as(2) });

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /resign-contract' })).toBeInTheDocument();
    expect(requests).toEqual(['GET /user/booksrenewal']);

    act(() => navigateTo('/orders'));
    expect(await screen.findByRole('heading', { name: 'remote_account/App at /resign-contract' })).toBeInTheDocument();
  });

  it('stays on the page when nothing awaits re-signing', async () => {
    const requests = renewal([]);
    renderApp('/books', { user: as(2) });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });
    await waitFor(() => expect(requests).toEqual(['GET /user/booksrenewal']));
    await act(async () => {});

    expect(location()).toHaveTextContent('/books');
    expect(screen.queryByRole('heading', { name: /resign-contract/ })).not.toBeInTheDocument();
  });

  it('stays on the page when the list cannot be read', async () => {
    const requests = installFakeApi((path) => (path === '/user/booksrenewal' ? { status: 500, body: {} } : undefined));
    renderApp('/orders', { user: as(2) });
    await screen.findByRole('heading', { name: 'remote_library/App at /orders' });
    await waitFor(() => expect(requests).toContain('GET /user/booksrenewal'));
    await act(async () => {});

    expect(location()).toHaveTextContent('/orders');
  });
});

describe('the start-up refresh of the stored user', () => {
  it('reads the profile once and applies its status (a stored 1 that became 2)', async () => {
    setTokens({ accessToken: fakeJwt(), refreshToken: fakeJwt() });
    const requests = installFakeApi((path) => {
      if (path === '/user/viewuserinfo') return { status: 200, body: { statusCode: 0, result: as(2) } };
      if (path === '/user/booksrenewal')
        return {
          status: 200,
          body: { statusCode: 0, results: [{ id: 3, book_title: 'Karoo Nights', is_international: 1 }] },
        };
      return undefined;
    });
    renderApp('/books', { user: as(1) });

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /resign-contract' })).toBeInTheDocument();
    expect(requests.filter((request) => request === 'GET /user/viewuserinfo')).toHaveLength(1);
    expect(getCurrentUser()?.user_status).toBe(2);
  });

  it('is skipped without tokens', async () => {
    const requests = installFakeApi((path) => (path === '/user/viewuserinfo' ? { status: 500, body: {} } : undefined));
    renderApp('/orders', { user: as(1) });
    await screen.findByRole('heading', { name: 'remote_library/App at /orders' });
    expect(requests).not.toContain('GET /user/viewuserinfo');
  });

  it('keeps the stored user when the profile cannot be read', async () => {
    setTokens({ accessToken: fakeJwt(), refreshToken: fakeJwt() });
    const requests = installFakeApi((path) => (path === '/user/viewuserinfo' ? { status: 500, body: {} } : undefined));
    renderApp('/orders', { user: as(1) });
    await waitFor(() => expect(requests).toContain('GET /user/viewuserinfo'));
    await act(async () => {});

    expect(getCurrentUser()?.name_first).toBe('Thandi');
    expect(within(screen.getByRole('banner')).getByText('Balance R 1 250.00')).toBeInTheDocument();
  });
});

describe('logging out', () => {
  it('tells the server, clears the stored session and the shared data, and lands on /login', async () => {
    const user = userEvent.setup();
    const refreshToken = fakeJwt(7200, { kind: 'refresh' });
    setTokens({ accessToken: fakeJwt(), refreshToken });
    const book = { id: 1, book_title: 'Karoo Nights', format_type: 'print' };
    const requests = installFakeApi((path) => {
      if (path === '/user/viewuserinfo') return { status: 200, body: { statusCode: 0, result: as(1) } };
      if (path === '/user/getuserbooks')
        return { status: 200, body: { statusCode: 0, localBooks: [book], internationalBooks: [] } };
      return undefined;
    });
    const view = renderApp('/books', { user: as(1) });
    await waitFor(() => expect(booksIn(view)?.localBooks).toHaveLength(1));
    sessionStorage.setItem('wizardPage', 'general-info');

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /login' })).toBeInTheDocument();
    expect(requests).toContain('DELETE /authO/logout');
    expect(getCurrentUser()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(booksIn(view)).toBeUndefined();
  });

  it("shows a logout's notice on /login, past the clearing of the page's alerts", async () => {
    sessionStore.set(alertsAtom, []);
    setTokens({ accessToken: fakeJwt(), refreshToken: fakeJwt(7200, { kind: 'refresh' }) });
    const requests = installFakeApi();
    renderApp('/profile/change-password', { user: as(1) });
    await screen.findByRole('heading', { name: 'remote_account/App at /profile/change-password' });
    act(() => {
      raiseAlert({ variant: 'info', message: 'Said on the page being left' });
    });

    await act(() => logout({ notice: { variant: 'success', message: 'Your password was changed successfully' } }));

    expect(await screen.findByRole('heading', { name: 'remote_account/App at /login' })).toBeInTheDocument();
    expect(requests).toContain('DELETE /authO/logout');
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed successfully');
    expect(screen.queryByText('Said on the page being left')).not.toBeInTheDocument();
    sessionStore.set(alertsAtom, []);
  });
});
