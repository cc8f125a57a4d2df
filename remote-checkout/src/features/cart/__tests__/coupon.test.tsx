import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore, setCurrentUser } from '@pod/shared-contracts';
import { installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { appliedCouponAtom, COUPON_STORAGE_KEY, setAppliedCoupon } from '../../../lib/checkout-state';
import {
  cartResult,
  MISSING,
  renderCheckout,
  resetCheckout,
  thandi,
  ZULU,
} from '../../../test-support/checkout-fixtures';

const FAILURE =
  'Something went wrong when adding your coupon, please check your spelling. Otherwise contact support support@pod.local';
const C15 = 'Invalid coupon code applied / You have already used this coupon code';

let coupon: (request: RecordedRequest) => FakeAnswer;
let calls: RecordedRequest[];

const couponCalls = () => calls.filter((call) => call.path === '/user/verifycartcoupon');
const couponRegion = () => screen.getByRole('region', { name: 'Coupon' });
const code = () => screen.getByRole('textbox', { name: 'Coupon code' });
const apply = () => screen.getByRole('button', { name: 'Apply Coupon' });
const payable = () => screen.getByRole('rowheader', { name: 'Amount payable' }).nextElementSibling?.textContent;

beforeEach(() => {
  resetCheckout();
  setCurrentUser(thandi());
  coupon = () => ({ status: 200, body: { statusCode: 0, couponId: 12, type: 'value', amount: 50 } });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/cart') return { status: 200, body: cartResult([ZULU, MISSING], 100) };
    if (request.path === '/user/verifycartcoupon') return coupon(request);
    return { status: 404 };
  });
});

describe('the cart coupon', () => {
  it('refuses a blank code without calling the server', async () => {
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    await user.type(code(), '   ');
    await user.click(apply());

    expect(code()).toHaveAccessibleDescription('Coupon code can not be blank');
    expect(code()).toHaveAttribute('aria-invalid', 'true');
    expect(couponCalls()).toHaveLength(0);
  });

  it('applies a valid code: message, Remove Coupon, totals with the deduction, kept for the payment page', async () => {
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });
    expect(payable()).toBe('R 542.85');

    await user.type(code(), ' SAVE50 ');
    await user.click(apply());

    expect(await within(couponRegion()).findByRole('status')).toHaveTextContent(
      'Coupon "SAVE50" was applied successfully',
    );
    expect(couponCalls().map((call) => call.body)).toEqual([{ coupon_code: 'SAVE50' }]);
    await waitFor(() => expect(payable()).toBe('R 492.85'));
    expect(screen.getByRole('rowheader', { name: 'Coupon deduction' }).nextElementSibling).toHaveTextContent('R 50.00');
    // The totals are re-read from the server with the coupon.
    expect(calls.filter((call) => call.path === '/user/cart').map((call) => call.query)).toEqual([
      {},
      { coupon_id: '12' },
    ]);
    expect(JSON.parse(sessionStorage.getItem(COUPON_STORAGE_KEY) ?? 'null')).toEqual({
      couponId: 12,
      code: 'SAVE50',
      type: 'value',
      amount: 50,
    });
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
  });

  it('Remove Coupon clears the coupon and its deduction', async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('rowheader', { name: 'Coupon deduction' });
    expect(payable()).toBe('R 492.85');

    await user.click(screen.getByRole('button', { name: 'Remove Coupon' }));

    expect(screen.queryByRole('rowheader', { name: 'Coupon deduction' })).not.toBeInTheDocument();
    expect(payable()).toBe('R 542.85');
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
    expect(sessionStore.get(appliedCouponAtom)).toBeNull();
    expect(code()).toBeInTheDocument();
  });

  it('shows the C15 sentence for a code this user already used', async () => {
    coupon = () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: C15, code: 'C15' } });
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    await user.type(code(), 'USED1');
    await user.click(apply());

    expect(await within(couponRegion()).findByRole('alert')).toHaveTextContent(C15);
    expect(screen.queryByRole('button', { name: 'Remove Coupon' })).not.toBeInTheDocument();
    expect(sessionStore.get(appliedCouponAtom)).toBeNull();
  });

  it.each([
    [
      'an unknown code (404)',
      { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Invalid coupon code applied' } },
    ],
    [
      'a server failure (500)',
      { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } },
    ],
    ['a conflict without C15', { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Other' } }],
  ])('shows the spelling sentence with the support e-mail for %s', async (_case, refusal) => {
    coupon = () => refusal;
    const user = renderCheckout('/checkout/cart');
    await screen.findByRole('table', { name: 'Totals' });

    await user.type(code(), 'WELCOM');
    await user.click(apply());

    expect(await within(couponRegion()).findByRole('alert')).toHaveTextContent(FAILURE);
    // Focusing the field again clears the message.
    await user.click(code());
    expect(within(couponRegion()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('drops a stored coupon the server now refuses and shows why', async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    calls = installFakeFetch((request) => {
      if (request.path === '/user/cart' && request.query.coupon_id) {
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: C15, code: 'C15' } };
      }
      if (request.path === '/user/cart') return { status: 200, body: cartResult([ZULU], 0) };
      return { status: 404 };
    });
    renderCheckout('/checkout/cart');

    expect(await within(await screen.findByRole('region', { name: 'Coupon' })).findByRole('alert')).toHaveTextContent(
      C15,
    );
    expect(payable()).toBe('R 343.85');
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
  });
});
