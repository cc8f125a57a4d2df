import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import App from '../app';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

describe('remote_checkout App', () => {
  it('sends /checkout to the cart', () => {
    renderAt('/checkout');
    expect(screen.getByRole('status')).toHaveTextContent('/checkout/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
  });

  it('shows the built checkout version on the cart screen', () => {
    renderAt('/checkout/cart');
    expect(screen.getByText('Checkout version 0.0.0-test')).toBeVisible();
  });

  it('keeps the version marker off the other stages', () => {
    renderAt('/checkout/payment');
    expect(screen.queryByText(/Checkout version/)).not.toBeInTheDocument();
  });

  it.each(['/checkout/payment', '/checkout/success', '/checkout/cancelled'])('has one heading at %s', (path) => {
    renderAt(path);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).not.toHaveTextContent('Page Not Found');
  });

  it('shows Page Not Found for an unknown stage', () => {
    renderAt('/checkout/elsewhere');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
