import { act, screen } from '@testing-library/react';
import { ROUTES } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';

/** Renders the App at `path` and lets its route's screen (a chunk of its own) arrive. */
async function renderAt(path: string) {
  await act(async () => {
    renderWithProviders(<App />, { route: path });
  });
}

describe('remote_library App', () => {
  // A pattern with parameters is opened at an example address (`/books/:region/:id` as /books/local/1).
  const example: Record<string, string> = { region: 'local', id: '1' };
  const owned = ROUTES.filter((route) => route.owner === 'remote_library').map((route) =>
    route.pattern.replace(/:(\w+)/g, (_match, name: string) => example[name] ?? name),
  );

  // First: a screen whose chunk arrived once renders at once afterwards.
  it('shows a spinner while a screen loads, then the screen', async () => {
    renderWithProviders(<App />, { route: '/orders' });
    expect(screen.getByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Orders' })).toBeInTheDocument();
  });

  it.each(owned)('renders a screen with one heading at %s', async (path) => {
    await renderAt(path);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });
});
