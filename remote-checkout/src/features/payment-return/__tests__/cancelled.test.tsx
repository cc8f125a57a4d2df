import { screen, waitFor } from '@testing-library/react';
import { installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { COUPON_STORAGE_KEY, setAppliedCoupon } from '../../../lib/checkout-state';
import {
  cartResult,
  currentLocation,
  renderCheckout,
  resetCheckout,
  ZULU,
} from '../../../test-support/checkout-fixtures';

let cancel: () => FakeAnswer;
let calls: RecordedRequest[];

const cancellations = () => calls.filter((call) => call.path === '/user/checkoutcancelled');

beforeEach(() => {
  resetCheckout();
  cancel = () => ({
    status: 200,
    body: { statusCode: 0, result: { id: 5, transaction_ref: 'PAY-1', status: 'cancelled', amount: 243.85 } },
  });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/checkoutcancelled') return cancel();
    if (request.path === '/user/cart') return { status: 200, body: cartResult([ZULU], 0) };
    return { status: 404 };
  });
});

afterEach(() => jest.restoreAllMocks());

describe('/checkout/cancelled', () => {
  it('records the cancellation once with tref and token, and leads back to the cart', async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    const user = renderCheckout('/checkout/cancelled?token=t1&id=5&tref=PAY-1', { strict: true });

    expect(screen.getByRole('heading', { level: 1, name: 'You cancelled the transaction' })).toBeInTheDocument();
    await waitFor(() => expect(cancellations()).toHaveLength(1));
    expect(cancellations()[0]?.body).toEqual({ reference: 'PAY-1', token: 't1' });
    expect(document.title).toBe('Print on Demand | Payment cancelled');

    await user.click(screen.getByRole('link', { name: 'Back to cart' }));
    expect(currentLocation()).toBe('/checkout/cart');
    // The cart and its coupon are untouched.
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).not.toBeNull();
    expect(await screen.findByRole('button', { name: 'Remove Coupon' })).toBeInTheDocument();
    expect(cancellations()).toHaveLength(1);
  });

  it('only logs a failed recording: the page reads the same', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cancel = () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Transaction not found' } });
    renderCheckout('/checkout/cancelled?token=t1&id=5&tref=PAY-1');

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1, name: 'You cancelled the transaction' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    renderCheckout('/checkout/cancelled?tref=PAY-1');

    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/checkout/cart');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});
