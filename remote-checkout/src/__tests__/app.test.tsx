import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { alertsAtom, sessionStore } from '@pod/shared-contracts';
import { installFakeFetch } from '@pod/shared-contracts/testing';
import App from '../app';

function Where() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

const EMPTY_CART = { statusCode: 0, results: [], itemsTotal: 0, couponDeduction: 0, cartTotal: 0, balance: 0, amountToPay: 0 };

beforeEach(() => {
  sessionStore.set(alertsAtom, []);
  installFakeFetch((request) =>
    request.path === '/user/cart' ? { status: 200, body: EMPTY_CART } : { status: 404, body: { message: 'Not found' } },
  );
});

describe('remote_checkout App', () => {
  it('sends /checkout to the cart', async () => {
    renderAt('/checkout');
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/checkout/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('shows the built checkout version on the cart screen', async () => {
    renderAt('/checkout/cart');
    expect(screen.getByText('Checkout version 0.0.0-test')).toBeVisible();
    // It stays under the loaded cart too.
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Checkout version 0.0.0-test')).toBeVisible();
  });

  it('keeps the version marker off the other stages', async () => {
    renderAt('/checkout/payment');
    expect(await screen.findByText(/There is nothing to pay/)).toBeInTheDocument();
    expect(screen.queryByText(/Checkout version/)).not.toBeInTheDocument();
  });

  it.each([
    ['/checkout/payment', /There is nothing to pay/],
    ['/checkout/success', /proofing phase/],
    ['/checkout/cancelled', /Your items are still in your cart/],
  ])('has one heading at %s', async (path, settled) => {
    renderAt(path);
    expect(await screen.findByText(settled)).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });

  it('shows Page Not Found for an unknown stage', () => {
    renderAt('/checkout/elsewhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
