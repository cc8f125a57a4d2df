import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore, setCurrentUser } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { browser } from '../../../lib/browser';
import { paymentSummaryAtom, setAppliedCoupon } from '../../../lib/checkout-state';
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

const EFT_FIELDS = {
  merchant_id: '10000100',
  merchant_key: '46f0cd694581a',
  return_url: 'http://localhost/checkout/success?token=t1&id=5&tref=PAY-1',
  cancel_url: 'http://localhost/checkout/cancelled?token=t1&id=5&tref=PAY-1',
  notify_url: 'http://localhost/api/v1/payment/payfast/notify',
  m_payment_id: 'PAY-1',
  amount: '243.85',
  item_name: 'Cart',
  signature: 'abc123',
};

let cart: (request: RecordedRequest) => FakeAnswer;
let create: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let calls: RecordedRequest[];

const created = () => calls.filter((call) => call.path === '/user/createtransaction');
const transaction = (payment: Record<string, unknown>) => ({
  status: 201,
  body: { statusCode: 0, result: { id: 5, transaction_ref: 'PAY-1', status: 'pending', amount: 243.85 }, payment },
});

beforeEach(() => {
  resetCheckout();
  setCurrentUser(thandi());
  cart = () => ({ status: 200, body: cartResult([ZULU, MISSING], 100, { amountToPay: 243.85 }) });
  create = () =>
    transaction({
      provider: 'eft',
      method: 'POST',
      display: 'redirect',
      action: 'https://sandbox.payfast.test/eng/process',
      fields: EFT_FIELDS,
    });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/cart') return cart(request);
    if (request.path === '/user/createtransaction') return create(request);
    return { status: 404 };
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  document.querySelectorAll('form[action]').forEach((form) => form.remove());
});

describe('/checkout/payment', () => {
  it("shows the server's amount due for the cart with the applied coupon, and the three methods", async () => {
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    sessionStore.set(paymentSummaryAtom, {
      statusCode: 7,
      amountToPay: 243.85,
      cartTotal: 343.85,
      couponDeduction: 50,
      balance: 100,
    });
    renderCheckout('/checkout/payment');

    const due = await screen.findByRole('rowheader', { name: 'Amount due' });
    expect(due.nextElementSibling).toHaveTextContent('R 243.85');
    expect(screen.getByText(/Your balance does not cover your cart/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/cart').map((call) => call.query)).toEqual([{ coupon_id: '12' }]);
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['EFT', 'Credit card', 'PayPal']);
    expect(within(group).getByRole('radio', { name: 'EFT' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'EFT' })).toHaveAccessibleDescription(
      'Instant EFT through PayFast',
    );
    expect(screen.getByRole('button', { name: 'Pay R 243.85' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/checkout/cart');
    expect(document.title).toBe('Print on Demand | Payment');
  });

  it('says there is nothing to pay when the balance covers the cart', async () => {
    cart = () => ({ status: 200, body: cartResult([ZULU], 1000, { amountToPay: 0 }) });
    const user = renderCheckout('/checkout/payment');

    expect(await screen.findByText(/There is nothing to pay/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to cart' }));
    expect(currentLocation()).toBe('/checkout/cart');
  });

  it('shows an amount due that cannot be loaded as an error with Retry, and Retry loads it', async () => {
    cart = () => ({ status: 500, body: { statusCode: 500, message: 'The cart is unavailable' } });
    const user = renderCheckout('/checkout/payment');

    expect(await screen.findByRole('alert')).toHaveTextContent('The cart is unavailable');
    expect(raisedAlerts()).toEqual([]);
    cart = () => ({ status: 200, body: cartResult([ZULU, MISSING], 100, { amountToPay: 243.85 }) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: 'Pay R 243.85' })).toBeEnabled();
  });

  it('EFT: creates the transaction and posts the provider form with its fields in order', async () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
    const user = renderCheckout('/checkout/payment');

    await user.click(await screen.findByRole('button', { name: 'Pay R 243.85' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(created()[0]?.body).toEqual({
      transaction_ref: expect.stringMatching(/^PAY-\d+$/),
      coupon_id: 12,
      user_book_id: [11],
      user_international_book_id: [21],
      provider: 'eft',
    });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.isConnected).toBe(true);
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://sandbox.payfast.test/eng/process');
    const inputs = Array.from(form.querySelectorAll('input'));
    expect(inputs.map((input) => [input.type, input.name, input.value])).toEqual(
      Object.entries(EFT_FIELDS).map(([name, value]) => ['hidden', name, value]),
    );
    // The page is leaving: the button stays busy so nothing is paid twice.
    expect(screen.getByRole('button', { name: 'Pay R 243.85' })).toBeDisabled();
  });

  it('sends one transaction however often Pay is clicked while it is created', async () => {
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const held = deferred<FakeAnswer>();
    create = () => held.promise;
    const user = renderCheckout('/checkout/payment');
    const pay = await screen.findByRole('button', { name: 'Pay R 243.85' });

    await user.click(pay);
    await user.click(pay);
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(pay).toHaveAttribute('aria-busy', 'true');
    held.resolve(
      transaction({
        provider: 'eft',
        method: 'POST',
        display: 'redirect',
        action: 'https://pf.test',
        fields: { a: '1' },
      }),
    );

    await waitFor(() => expect(HTMLFormElement.prototype.submit).toHaveBeenCalledTimes(1));
    expect(created()).toHaveLength(1);
  });

  it("card: opens the provider's page in an iframe inside a 'Card payment' dialog", async () => {
    create = () =>
      transaction({
        provider: 'card',
        method: 'GET',
        display: 'popup',
        action: 'https://card.test/pay',
        fields: { tx_ref: 'PAY-1', amount: '13.50', currency: 'USD', redirect_url: 'http://localhost/dashboard' },
      });
    const user = renderCheckout('/checkout/payment');

    await user.click(await screen.findByRole('radio', { name: 'Credit card' }));
    await user.click(screen.getByRole('button', { name: 'Pay R 243.85' }));

    const dialog = await screen.findByRole('dialog', { name: 'Card payment' });
    const frame = within(dialog).getByTitle('Card payment');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute(
      'src',
      'https://card.test/pay?tx_ref=PAY-1&amount=13.50&currency=USD&redirect_url=http%3A%2F%2Flocalhost%2Fdashboard',
    );
    expect(created()[0]?.body).toEqual(expect.objectContaining({ provider: 'card' }));
    // Closing the window allows another attempt.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay R 243.85' })).toBeEnabled();
  });

  it('PayPal: asks first, then Continue to PayPal goes to the provider with the fields as the query', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    create = () =>
      transaction({
        provider: 'paypal',
        method: 'GET',
        display: 'redirect',
        action: 'https://paypal.test/checkoutnow',
        fields: { token: 'ORDER-9' },
      });
    const user = renderCheckout('/checkout/payment');

    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pay R 243.85' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));

    expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-9');
    expect(created()[0]?.body).toEqual(expect.objectContaining({ provider: 'paypal', coupon_id: null }));
  });

  it('raises the server message when the transaction cannot be created', async () => {
    create = () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Nothing is left to pay for this cart' },
    });
    const user = renderCheckout('/checkout/payment');

    await user.click(await screen.findByRole('button', { name: 'Pay R 243.85' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is left to pay for this cart');
    expect(raisedAlerts()).toEqual(['Nothing is left to pay for this cart']);
    expect(screen.getByRole('button', { name: 'Pay R 243.85' })).toBeEnabled();
  });
});
