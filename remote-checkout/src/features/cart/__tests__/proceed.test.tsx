import { act, screen, waitFor, within } from '@testing-library/react';
import { getCurrentUser, sessionStore, setCurrentUser } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { appliedCouponAtom, paymentSummaryAtom, setAppliedCoupon } from '../../../lib/checkout-state';
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

const C15 = 'Invalid coupon code applied / You have already used this coupon code';

let pay: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let calls: RecordedRequest[];

const payments = () => calls.filter((call) => call.path === '/user/checkoutpayment');
const proceed = () => screen.getByRole('button', { name: 'Proceed' });

beforeEach(() => {
  resetCheckout();
  setCurrentUser(thandi({ id: 7, balance: 100 }));
  pay = () => ({
    status: 200,
    body: { statusCode: 0, amountToPay: 0, cartTotal: 642.85, couponDeduction: 0, balance: 0 },
  });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/cart') return { status: 200, body: cartResult([ZULU, MISSING], 100) };
    if (request.path === '/user/checkoutpayment') return pay(request);
    if (request.path === '/user/viewuserinfo')
      return { status: 200, body: { statusCode: 0, result: thandi({ balance: 0, cart: [] }) } };
    return { status: 404 };
  });
});

describe('Proceed', () => {
  it('sends one payment attempt however fast it is clicked twice', async () => {
    const held = deferred<FakeAnswer>();
    pay = () => held.promise;
    renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    // Both clicks land before React re-renders the button as disabled: only the ref guard stops the second.
    act(() => {
      proceed().click();
      proceed().click();
    });
    await waitFor(() => expect(payments()).toHaveLength(1));
    expect(proceed()).toBeDisabled();
    expect(proceed()).toHaveAttribute('aria-busy', 'true');
    act(() => proceed().click());

    await act(async () =>
      held.resolve({ status: 200, body: { statusCode: 0, amountToPay: 0, cartTotal: 642.85, couponDeduction: 0 } }),
    );
    await waitFor(() => expect(currentLocation()).toMatch(/^\/checkout\/success/));
    expect(payments()).toHaveLength(1);
  });

  it('pays from the balance (statusCode 0): BAL- reference, ids, coupon and total; re-reads the user; goes to success', async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('rowheader', { name: 'Coupon deduction' });

    await user.click(proceed());

    await waitFor(() => expect(currentLocation()).toMatch(/^\/checkout\/success\?tref=BAL-\d+$/));
    const body = payments()[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      book_ids: [11],
      international_book_ids: [21],
      reference: expect.stringMatching(/^BAL-\d+$/),
      coupon_id: 12,
      total_cost: 592.85,
      user_id: 7,
    });
    expect(currentLocation()).toBe(`/checkout/success?tref=${String(body.reference)}`);
    // The user was re-read before leaving the cart: the top bar's balance and cart follow.
    const order = calls.map((call) => call.path);
    expect(order.indexOf('/user/viewuserinfo')).toBeGreaterThan(order.indexOf('/user/checkoutpayment'));
    expect(getCurrentUser()?.balance).toBe(0);
  });

  it('sends coupon_id null without a coupon', async () => {
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    await user.click(proceed());

    await waitFor(() => expect(payments()).toHaveLength(1));
    expect(payments()[0]?.body).toEqual(expect.objectContaining({ coupon_id: null, total_cost: 642.85 }));
  });

  it('goes to the payment page when the balance is short (statusCode 7) and keeps the summary', async () => {
    const summary = { statusCode: 7, amountToPay: 542.85, cartTotal: 642.85, couponDeduction: 0, balance: 100 };
    pay = () => ({ status: 200, body: summary });
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    await user.click(proceed());

    await waitFor(() => expect(currentLocation()).toBe('/checkout/payment'));
    expect(sessionStore.get(paymentSummaryAtom)).toEqual(summary);
    expect(calls.some((call) => call.path === '/user/viewuserinfo')).toBe(false);
  });

  it('shows the C15 sentence when the coupon was used meanwhile, and drops the coupon', async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    pay = () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: C15, code: 'C15' } });
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('rowheader', { name: 'Coupon deduction' });

    await user.click(proceed());

    expect(await within(screen.getByRole('region', { name: 'Coupon' })).findByRole('alert')).toHaveTextContent(C15);
    expect(currentLocation()).toBe('/checkout/cart');
    expect(sessionStore.get(appliedCouponAtom)).toBeNull();
    await waitFor(() => expect(proceed()).toBeEnabled());
  });

  it('raises the server message for other failures and allows another attempt', async () => {
    pay = () => ({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Your account has not been activated yet', code: 'U10' },
    });
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    await user.click(proceed());

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has not been activated yet');
    expect(raisedAlerts()).toEqual(['Your account has not been activated yet']);
    expect(proceed()).toBeEnabled();
    await user.click(proceed());
    await waitFor(() => expect(payments()).toHaveLength(2));
  });
});
