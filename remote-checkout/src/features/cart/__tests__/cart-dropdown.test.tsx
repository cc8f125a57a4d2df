import type { ReactElement } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, renderWithProviders, type FakeAnswer } from '@pod/shared-contracts/testing';
import { invalidateAfter, setCurrentUser, Route, Routes } from '@pod/shared-contracts';
import { MISSING, thandi, ZULU } from '../../../test-support/checkout-fixtures';
import { CartDropdown } from '../cart-dropdown';
import { CartPanel } from '../cart-panel';

/** `element` on /dashboard, with the two pages it may lead to. */
function renderAtDashboard(element: ReactElement) {
  return renderWithProviders(
    <>
      {element}
      <Routes>
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/checkout" element={<h1>Checkout</h1>} />
      </Routes>
    </>,
    { route: '/dashboard' },
  );
}

function renderDropdown() {
  const { queryClient } = renderAtDashboard(<CartDropdown />);
  return Object.assign(userEvent.setup(), { queryClient });
}

describe('CartDropdown', () => {
  beforeEach(() => {
    setCurrentUser(null);
    // The stored cart stands in while GET /user/cart is unavailable.
    installFakeFetch(() => ({ status: 503, body: {} }));
  });

  it("counts GET /user/cart's items, and counts again when another remote changes the cart", async () => {
    let items = [ZULU];
    installFakeFetch((): FakeAnswer => ({
      status: 200,
      body: {
        statusCode: 0,
        results: items,
        itemsTotal: 0,
        couponDeduction: 0,
        cartTotal: 0,
        balance: 0,
        amountToPay: 0,
      },
    }));
    setCurrentUser(thandi({ cart: [] }));
    const { queryClient } = renderDropdown();
    expect(await screen.findByRole('button', { name: 'Cart (1 item)' })).toBeInTheDocument();

    items = [ZULU, MISSING];
    await act(() => invalidateAfter(queryClient, 'booksAdded'));

    expect(await screen.findByRole('button', { name: 'Cart (2 items)' })).toBeInTheDocument();
  });

  it('shows the item count and leads to checkout', async () => {
    const user = renderDropdown();
    const toggle = screen.getByRole('button', { name: 'Cart (0 items)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Checkout' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it("lists the stored cart: name, final price with 2 decimals and dd/MM, 'Cannot find book' for a lost book", async () => {
    setCurrentUser(thandi({ cart: [ZULU, MISSING] }));
    const user = renderDropdown();

    await user.click(screen.getByRole('button', { name: 'Cart (2 items)' }));

    const entries = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Zulu NightsR 343.8505/03',
      'Cannot find bookR 299.0025/12',
    ]);
    expect(within(entries[0]!).getByText('R 343.85')).toBeInTheDocument();
    expect(within(entries[1]!).getByText('Cannot find book')).toBeInTheDocument();
    expect(within(entries[1]!).getByText('25/12')).toHaveAttribute('datetime', MISSING.created_at);
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('uses the record name only when the title field is missing altogether', async () => {
    const { book_title: _omitted, ...withoutTitle } = ZULU;
    setCurrentUser(thandi({ cart: [{ ...withoutTitle, local_book_name: 'Stored Name' }] }));
    const user = renderDropdown();

    await user.click(screen.getByRole('button', { name: 'Cart (1 item)' }));

    expect(screen.getByRole('listitem')).toHaveTextContent(/^Stored NameR 343.85/);
  });

  it('follows the stored user: the count changes when the cart is re-read', () => {
    setCurrentUser(thandi({ cart: [ZULU, MISSING] }));
    renderDropdown();
    expect(screen.getByRole('button', { name: 'Cart (2 items)' })).toBeInTheDocument();

    act(() => setCurrentUser(thandi({ cart: [MISSING] })));

    expect(screen.getByRole('button', { name: 'Cart (1 item)' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    setCurrentUser(thandi({ cart: [ZULU] }));
    const user = renderDropdown();
    const toggle = screen.getByRole('button', { name: 'Cart (1 item)' });

    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Cart items' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});

describe('CartPanel (the exposed ./CartPanel, in the frame the host draws)', () => {
  beforeEach(() => {
    installFakeFetch(() => ({ status: 503, body: {} }));
  });

  it('lists the stored cart and calls onClose when Checkout is followed', async () => {
    setCurrentUser(thandi({ cart: [ZULU] }));
    const onClose = jest.fn();
    renderAtDashboard(<CartPanel onClose={onClose} />);
    const user = userEvent.setup();

    expect(screen.getByRole('list', { name: 'Cart items' })).toHaveTextContent('Zulu NightsR 343.8505/03');
    await user.click(screen.getByRole('link', { name: 'Checkout' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
  });
});
