import { act, screen } from '@testing-library/react';
import { ROUTES } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';

/** A concrete path for a route pattern ('/profile/*' -> '/profile/update-users'). */
const SAMPLES: Record<string, string> = {
  '/register': '/register/email-password',
  '/register/*': '/register/your-details',
  '/profile/*': '/profile/update-users',
};

/** Renders the App at `path` and lets its route's screen (a chunk of its own) arrive. */
async function renderAt(path: string) {
  await act(async () => {
    renderWithProviders(<App />, { route: path });
  });
}

describe('remote_account App', () => {
  const owned = ROUTES.filter((route) => route.owner === 'remote_account').map(
    (route) => SAMPLES[route.pattern] ?? route.pattern,
  );

  it.each(owned)('renders a screen with one heading at %s', async (path) => {
    await renderAt(path);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });

  it('sends /register to the first registration stage', async () => {
    await renderAt('/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  });

  it('shows Page Not Found for an unknown account path', async () => {
    await renderAt('/profile/nothing-here');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
