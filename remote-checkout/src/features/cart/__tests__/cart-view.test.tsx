import { screen, waitFor, within } from '@testing-library/react';
import { getCurrentUser, setCurrentUser } from '@pod/shared-contracts';
import { installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { setAppliedCoupon } from '../../../lib/checkout-state';
import {
  cartResult,
  currentLocation,
  MISSING,
  raisedAlerts,
  renderCheckout,
  resetCheckout,
  thandi,
  ZULU,
} from '../../../test-support/checkout-fixtures';

let answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let calls: RecordedRequest[];

/** Answers GET /user/cart with `items` and `balance`, everything else 404. */
function serveCart(items = [ZULU, MISSING], balance = 100) {
  answer = (request) =>
    request.method === 'GET' && request.path === '/user/cart'
      ? { status: 200, body: cartResult(items, balance) }
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const totalRow = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

beforeEach(() => {
  resetCheckout();
  setCurrentUser(thandi());
  serveCart();
  calls = installFakeFetch((request) => answer(request));
});

describe('/checkout/cart items', () => {
  it('shows each item with product, book, price, VAT (15%), discount and final price', async () => {
    renderCheckout('/checkout/cart');

    const table = await screen.findByRole('table', { name: 'Items in your cart' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', 'Book', 'Price', 'VAT (15%)', 'Discount', 'Final price', 'Remove']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row).slice(0, 6))).toEqual([
      ['Print processing', 'Zulu Nights', 'R 299.00', 'R 44.85', 'R 0.00', 'R 343.85'],
      // 10 percent of 200 (discount_type 1) + R 20 off 100 (any other type): rand, not percent.
      ['Ebook processing + Audio', 'Cannot find book', 'R 300.00', 'R 39.00', 'R 40.00', 'R 299.00'],
    ]);
    expect(calls.map((call) => [call.method, call.path, call.search])).toEqual([['GET', '/user/cart', '']]);
    expect(document.title).toBe('Print on Demand | Cart');
  });

  it('adds up total, balance and the amount payable', async () => {
    serveCart([ZULU, MISSING], 100);
    renderCheckout('/checkout/cart');

    await screen.findByRole('table', { name: 'Totals' });
    expect(cellsOf(totalRow('Total'))).toEqual(['R 642.85']);
    expect(cellsOf(totalRow('Balance'))).toEqual(['R 100.00']);
    expect(cellsOf(totalRow('Amount payable'))).toEqual(['R 542.85']);
    expect(screen.queryByRole('rowheader', { name: 'Coupon deduction' })).not.toBeInTheDocument();
  });

  it('never asks for less than R 0.00 when the balance covers the cart', async () => {
    serveCart([ZULU], 1000);
    renderCheckout('/checkout/cart');

    await screen.findByRole('table', { name: 'Totals' });
    expect(cellsOf(totalRow('Total'))).toEqual(['R 343.85']);
    expect(cellsOf(totalRow('Balance'))).toEqual(['R 1 000.00']);
    expect(cellsOf(totalRow('Amount payable'))).toEqual(['R 0.00']);
  });

  it('deducts a value coupon in rand and sends its id with the cart request', async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    renderCheckout('/checkout/cart');

    await screen.findByRole('table', { name: 'Totals' });
    expect(cellsOf(totalRow('Total'))).toEqual(['R 642.85']);
    expect(cellsOf(totalRow('Coupon deduction'))).toEqual(['R 50.00']);
    expect(cellsOf(totalRow('Amount payable'))).toEqual(['R 492.85']);
    expect(calls[0]?.query).toEqual({ coupon_id: '12' });
  });

  it('deducts a percentage coupon from the items total', async () => {
    setAppliedCoupon({ couponId: 13, code: 'TENOFF', type: 'percentage', amount: 10 });
    renderCheckout('/checkout/cart');

    await screen.findByRole('table', { name: 'Totals' });
    // 10% of 642.85 = 64.285, rounded to the cent.
    expect(cellsOf(totalRow('Coupon deduction'))).toEqual(['R 64.29']);
    expect(cellsOf(totalRow('Amount payable'))).toEqual(['R 478.56']);
  });

  it('never takes the cart total below 0 with a coupon larger than the cart', async () => {
    setAppliedCoupon({ couponId: 14, code: 'BIG', type: 'value', amount: 1000 });
    serveCart([ZULU], 0);
    renderCheckout('/checkout/cart');

    await screen.findByRole('table', { name: 'Totals' });
    expect(cellsOf(totalRow('Coupon deduction'))).toEqual(['R 343.85']);
    expect(cellsOf(totalRow('Amount payable'))).toEqual(['R 0.00']);
  });

  it("says 'Your cart is empty' with a way to upload a book", async () => {
    serveCart([], 100);
    const user = renderCheckout('/checkout/cart');

    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload a book' }));
    expect(currentLocation()).toBe('/new-book');
  });

  it('shows a cart that cannot be loaded as an error with Retry, not as a global alert nor an empty cart', async () => {
    answer = () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    });
    const user = renderCheckout('/checkout/cart');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Something went wrong and we're not sure what to do about it. Please try again and contact us if the error persists.",
    );
    expect(raisedAlerts()).toEqual([]);
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    serveCart();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Items in your cart' })).toBeInTheDocument();
  });
});

describe('removing an item', () => {
  it('deletes the id pair with 0 for the null id, then re-reads the user for the top bar', async () => {
    answer = (request) => {
      if (request.method === 'GET' && request.path === '/user/cart')
        return { status: 200, body: cartResult([ZULU, MISSING], 100) };
      if (request.method === 'DELETE') return { status: 200, body: cartResult([ZULU], 100) };
      if (request.path === '/user/viewuserinfo')
        return { status: 200, body: { statusCode: 0, result: thandi({ cart: [ZULU] }) } };
      return { status: 404 };
    };
    const user = renderCheckout('/checkout/cart');

    await user.click(await screen.findByRole('button', { name: 'Remove Cannot find book from cart' }));

    await waitFor(() => expect(getCurrentUser()?.cart).toEqual([ZULU]));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /user/cart',
      'DELETE /user/cart/0/21',
      'GET /user/viewuserinfo',
    ]);
    expect(screen.queryByRole('button', { name: 'Remove Cannot find book from cart' })).not.toBeInTheDocument();
    expect(cellsOf(totalRow('Total'))).toEqual(['R 343.85']);
  });

  it('uses the local id and 0 for a missing international id', async () => {
    answer = (request) => {
      if (request.method === 'GET' && request.path === '/user/cart')
        return { status: 200, body: cartResult([ZULU, MISSING], 100) };
      if (request.method === 'DELETE') return { status: 200, body: cartResult([MISSING], 100) };
      return { status: 404 };
    };
    const user = renderCheckout('/checkout/cart');

    await user.click(await screen.findByRole('button', { name: 'Remove Zulu Nights from cart' }));

    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /user/cart/11/0'));
    expect(await screen.findByRole('button', { name: 'Remove Cannot find book from cart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Zulu Nights from cart' })).not.toBeInTheDocument();
  });

  it('keeps the item and raises the server message when removal fails', async () => {
    answer = (request) =>
      request.method === 'GET'
        ? { status: 200, body: cartResult([ZULU], 100) }
        : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Cart item not found' } };
    const user = renderCheckout('/checkout/cart');

    await user.click(await screen.findByRole('button', { name: 'Remove Zulu Nights from cart' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Cart item not found');
    expect(screen.getByRole('button', { name: 'Remove Zulu Nights from cart' })).toBeEnabled();
  });
});
