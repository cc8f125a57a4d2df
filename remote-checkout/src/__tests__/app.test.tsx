import { act, screen } from '@testing-library/react';
import { alertsAtom, loadedVersions, sessionStore, useLocation } from '@pod/shared-contracts';
import { installFakeFetch, renderWithProviders } from '@pod/shared-contracts/testing';
import App from '../app';

function Where() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

/** Renders the App at `path` and lets its route's screen (a chunk of its own) arrive. */
async function renderAt(path: string) {
  await act(async () => {
    renderWithProviders(
      <>
        <App />
        <Where />
      </>,
      { route: path },
    );
  });
}

const EMPTY_CART = {
  statusCode: 0,
  results: [],
  itemsTotal: 0,
  couponDeduction: 0,
  cartTotal: 0,
  balance: 0,
  amountToPay: 0,
};

beforeEach(() => {
  sessionStore.set(alertsAtom, []);
  installFakeFetch((request) =>
    request.path === '/user/cart' ? { status: 200, body: EMPTY_CART } : { status: 404, body: { message: 'Not found' } },
  );
});

describe('remote_checkout App', () => {
  it('sends /checkout to the cart', async () => {
    await renderAt('/checkout');
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/checkout/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('reports its build to the QA pins badge and shows no version marker to customers', async () => {
    await renderAt('/checkout/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByText(/version/i)).not.toBeInTheDocument();
    expect(loadedVersions()).toMatchObject({ remote_checkout: '0.0.0-test' });
  });

  it.each([
    ['/checkout/payment', /There is nothing to pay/],
    ['/checkout/success', /There is no payment to confirm/],
    ['/checkout/cancelled', /Your items are still in your cart/],
  ])('has one heading at %s', async (path, settled) => {
    await renderAt(path);
    expect(await screen.findByText(settled)).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });

  it('shows Page Not Found for an unknown stage', async () => {
    await renderAt('/checkout/elsewhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
