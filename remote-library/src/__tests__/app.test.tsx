import { screen } from '@testing-library/react';
import { ROUTES } from '@pod/shared-contracts';
import { renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';

describe('remote_library App', () => {
  // A pattern with parameters is opened at an example address (`/books/:region/:id` as /books/local/1).
  const example: Record<string, string> = { region: 'local', id: '1' };
  const owned = ROUTES.filter((route) => route.owner === 'remote_library').map((route) =>
    route.pattern.replace(/:(\w+)/g, (_match, name: string) => example[name] ?? name),
  );

  it.each(owned)('renders a screen with one heading at %s', (path) => {
    renderWithProviders(<App />, { route: path });
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });
});
