import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alertsAtom, navigateTo, raiseAlert, sessionStore, type User } from '@pod/shared-contracts';
import { renderApp, THANDI } from '../../test-support/render-app';
import { showsChatButton } from '../chat-button';

const GENERIC =
  "Something went wrong and we're not sure what to do about it. Please try again and contact us if the error persists.";

afterEach(() => sessionStore.set(alertsAtom, []));

describe('the top bar', () => {
  it('greets the user by first name on the dashboard, without the balance', async () => {
    renderApp('/dashboard', { user: THANDI });

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Welcome, Thandi')).toBeInTheDocument();
    expect(banner).not.toHaveTextContent('Balance');
  });

  it('shows the labelled balance elsewhere', async () => {
    renderApp('/orders', { user: THANDI });

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Balance R 1 250.00')).toBeInTheDocument();
    expect(banner).not.toHaveTextContent('Welcome');
  });

  it('shows R 0.00 when the user has no balance', async () => {
    const { balance: _none, ...withoutBalance } = THANDI;
    renderApp('/books', { user: withoutBalance as User });

    expect(within(await screen.findByRole('banner')).getByText('Balance R 0.00')).toBeInTheDocument();
  });

  it('is the only banner, beside one main landmark', async () => {
    renderApp('/books', { user: THANDI });

    expect(await screen.findAllByRole('banner')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });
});

describe('the alert bars', () => {
  it.each([
    ['info', 'status'],
    ['success', 'status'],
    ['warning', 'alert'],
    ['danger', 'alert'],
  ] as const)('shows a %s alert once, inside main, until dismissed', async (variant, role) => {
    const user = userEvent.setup();
    renderApp('/books', { user: THANDI });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    act(() => {
      raiseAlert({ variant, message: `A ${variant} message` });
    });

    const bars = screen.getAllByRole(role).filter((bar) => bar.textContent?.includes(`A ${variant} message`));
    expect(bars).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(bars[0] as HTMLElement);

    await user.click(within(bars[0] as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(`A ${variant} message`)).not.toBeInTheDocument();
  });

  it.each([
    ['Internal server error', 'Internal server error'],
    ['a missing message', undefined],
  ])('shows the generic fallback for %s', async (_case, message) => {
    renderApp('/books', { user: THANDI });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });

    act(() => {
      raiseAlert({ variant: 'danger', message });
    });

    expect(screen.getByRole('alert')).toHaveTextContent(GENERIC);
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });

  it('also shows alerts on the pages without the shell', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'remote_account/App at /login' });

    act(() => {
      raiseAlert({ variant: 'danger', message: 'Unable to refresh token' });
    });

    expect(screen.getByRole('alert')).toHaveTextContent('Unable to refresh token');
  });
});

describe('alerts and navigation', () => {
  it('are cleared when the user goes to another page; sticky notices stay', async () => {
    const user = userEvent.setup();
    renderApp('/books', { user: THANDI });
    await screen.findByRole('heading', { name: 'remote_library/App at /books' });
    act(() => {
      raiseAlert({ variant: 'danger', message: 'Your books could not be loaded.' });
      raiseAlert({ variant: 'warning', title: 'QA pins', message: 'checkout@9.9.9 is not deployed', sticky: true });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Orders' }));
    await screen.findByRole('heading', { name: 'remote_library/App at /orders' });

    expect(screen.queryByText('Your books could not be loaded.')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('checkout@9.9.9 is not deployed');
  });

  it('survive a redirect (a replace navigation), so the page the user lands on shows them', async () => {
    // Raised before the first render, as bootstrap does; '/' then redirects (replace) to /dashboard.
    raiseAlert({ variant: 'danger', message: 'Something to read on arrival' });
    renderApp('/', { user: THANDI });

    await screen.findByRole('heading', { name: 'remote_library/App at /dashboard' });
    expect(screen.getByRole('alert')).toHaveTextContent('Something to read on arrival');
  });
});

describe('the floating chat button', () => {
  it('is a button in its own labelled region; it is gone on /support', async () => {
    renderApp('/dashboard', { user: THANDI });

    const region = await screen.findByRole('complementary', { name: 'Support' });
    expect(within(region).getByRole('button', { name: 'Chat with support' })).toHaveAttribute('aria-expanded', 'false');

    act(() => navigateTo('/support'));
    expect(await screen.findByRole('heading', { name: 'remote_account/App at /support' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chat with support' })).not.toBeInTheDocument();
  });

  it.each(['/books', '/orders', '/profile', '/checkout/cart', '/new-book/publishing-rights', '/tab-error'])(
    'is present on %s',
    async (path) => {
      renderApp(path, { user: THANDI });

      expect(await screen.findByRole('button', { name: 'Chat with support' })).toBeInTheDocument();
    },
  );

  it.each(['/new-book/audio-book', '/new-book/calculator', '/new-book/e-book', '/new-book/general-info'])(
    'is absent on %s',
    async (path) => {
      renderApp('/new-book/publishing-rights', { user: THANDI });
      expect(await screen.findByRole('button', { name: 'Chat with support' })).toBeInTheDocument();

      act(() => navigateTo(path));

      expect(await screen.findByRole('heading', { name: `remote_wizard/App at ${path}` })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Chat with support' })).not.toBeInTheDocument();
    },
  );

  it.each(['/login', '/register/email-password', '/verify', '/renewal', '/my-first-book/publishing-rights'])(
    'is absent where the shell is hidden: %s',
    async (path) => {
      renderApp(path, { user: THANDI });

      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Chat with support' })).not.toBeInTheDocument();
    },
  );

  it('ignores a trailing slash when deciding', () => {
    expect(showsChatButton('/support/')).toBe(false);
    expect(showsChatButton('/')).toBe(true);
  });
});
