import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../router';
import { setTokens } from '../../session/store';
import { PageNotFound } from '../page-not-found';

function renderNotFound() {
  render(
    <MemoryRouter>
      <PageNotFound />
    </MemoryRouter>,
  );
}

describe('PageNotFound', () => {
  afterEach(() => act(() => setTokens(null)));

  it('offers the dashboard to a signed-in user', () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    renderNotFound();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Go to the sign-in page' })).not.toBeInTheDocument();
  });

  it('offers the sign-in page when nobody is signed in', () => {
    renderNotFound();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
  });
});
