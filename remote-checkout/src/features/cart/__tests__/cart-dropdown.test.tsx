import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setCurrentUser } from '@pod/shared-contracts';
import { CartDropdown } from '../cart-dropdown';

describe('CartDropdown', () => {
  beforeEach(() => setCurrentUser(null));

  it('shows the item count and leads to checkout', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <CartDropdown />
        <Routes>
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          <Route path="/checkout" element={<h1>Checkout</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Cart (0 items)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Checkout' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});
