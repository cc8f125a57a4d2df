import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setCurrentUser, type User } from '@pod/shared-contracts';
import { DashboardScreen } from '../../../routes/dashboard';

function renderDashboard() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <DashboardScreen />
    </MemoryRouter>,
  );
}

describe('the dashboard', () => {
  beforeEach(() => setCurrentUser(null));

  it('shows the balance of the signed-in user in rand', () => {
    setCurrentUser({ id: 7, name_first: 'Thandi', balance: 1250 } as User);
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your balance' })).toHaveTextContent('R 1 250.00');
    expect(document.title).toBe('Print on Demand | Dashboard');
  });

  it('follows balance changes and shows R 0.00 without one', () => {
    setCurrentUser({ id: 7, name_first: 'Thandi' } as User);
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Your balance' });
    expect(card).toHaveTextContent('R 0.00');

    act(() => setCurrentUser({ id: 7, name_first: 'Thandi', balance: 99.5 } as User));

    expect(card).toHaveTextContent('R 99.50');
  });

  it('offers the four shortcuts', () => {
    renderDashboard();
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' })).getAllByRole('link');

    expect(shortcuts.map((link) => link.getAttribute('href'))).toEqual(['/new-book', '/books', '/orders', '/support']);
    expect(shortcuts.map((link) => link.textContent)).toEqual([
      'Upload a new book',
      'Your books',
      'Your orders',
      'Support',
    ]);
  });
});
