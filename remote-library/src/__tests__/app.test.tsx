import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTES } from '@pod/shared-contracts';
import App from '../app';

describe('remote_library App', () => {
  const owned = ROUTES.filter((route) => route.owner === 'remote_library').map((route) => route.pattern);

  it.each(owned)('renders a screen with one heading at %s', (path) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });
});
