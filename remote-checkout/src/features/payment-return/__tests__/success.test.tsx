import { act, screen, waitFor } from '@testing-library/react';
import { getCurrentUser, queryKeys, sessionStore, setCurrentUser } from '@pod/shared-contracts';
import {
  createTestQueryClient,
  deferred,
  installFakeFetch,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import {
  appliedCouponAtom,
  COUPON_STORAGE_KEY,
  paymentSummaryAtom,
  setAppliedCoupon,
} from '../../../lib/checkout-state';
import { raisedAlerts, renderCheckout, resetCheckout, thandi } from '../../../test-support/checkout-fixtures';

const WAITING = 'Waiting for the payment provider to confirm your payment…';
const SUCCESS = 'Your items have been successfully processed';

let confirm: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
let userInfo: () => FakeAnswer | Promise<FakeAnswer>;
let calls: RecordedRequest[];

const confirmations = () => calls.filter((call) => call.path === '/user/checkoutsuccess');
const state = (status: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status: 200,
  body: {
    statusCode: 0,
    result: { id: 5, transaction_ref: 'PAY-1', status, amount: 243.85, provider: 'eft', ...extra },
  },
});

/** What a signed-in user's browser holds before the payment: the kept keys and some that must go. */
function seedStorage() {
  localStorage.setItem('access-token', 'access-1');
  localStorage.setItem('refresh-token', 'refresh-1');
  localStorage.setItem('currentUser', JSON.stringify(thandi()));
  localStorage.setItem('activeTab', JSON.stringify({ id: 'tab-1', timestamp: 1 }));
  localStorage.setItem('lastUpdate', '1700000000000');
  localStorage.setItem('books', '[]');
  localStorage.setItem('wizardPage', 'general-info');
  sessionStorage.setItem('tabId', 'tab-1');
}

beforeEach(() => {
  resetCheckout();
  setCurrentUser(thandi({ balance: 100 }));
  seedStorage();
  setAppliedCoupon({ couponId: 12, code: 'SAVE50', type: 'value', amount: 50 });
  sessionStore.set(paymentSummaryAtom, { statusCode: 7, amountToPay: 243.85, cartTotal: 293.85, couponDeduction: 50 });
  confirm = () => state('complete', { cart_paid: true });
  userInfo = () => ({ status: 200, body: { statusCode: 0, result: thandi({ balance: 0, cart: [] }) } });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/checkoutsuccess') return confirm(request);
    if (request.path === '/user/viewuserinfo') return userInfo();
    if (request.path === '/user/getuserbooks') {
      return { status: 200, body: { localBooks: [{ id: 11, book_title: 'Zulu Nights' }], internationalBooks: [] } };
    }
    return { status: 404 };
  });
});

afterEach(() => jest.useRealTimers());

describe('/checkout/success after a provider payment', () => {
  it('confirms tref and token with the server, then shows the success content', async () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.books(), { localBooks: [], internationalBooks: [] });
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1', { queryClient: client });

    expect(await screen.findByRole('heading', { level: 1, name: SUCCESS })).toBeInTheDocument();
    expect(confirmations().map((call) => call.body)).toEqual([{ reference: 'PAY-1', token: 't1' }]);
    expect(screen.getByText(/Your book now enters the proofing phase/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your books' })).toHaveAttribute('href', '/books');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(getCurrentUser()?.balance).toBe(0));
    // The paid books enter proofing: every view of the books (and cart, transactions) refetches.
    await waitFor(() => expect(client.getQueryState(queryKeys.books())?.isInvalidated).toBe(true));
    expect(document.title).toBe('Print on Demand | Payment successful');
  });

  it('clears local storage except tokens, current user and active-tab info, and forgets the coupon', async () => {
    const held = deferred<FakeAnswer>();
    userInfo = () => held.promise;
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1');
    await screen.findByRole('heading', { level: 1, name: SUCCESS });
    await waitFor(() => expect(calls.some((call) => call.path === '/user/viewuserinfo')).toBe(true));

    // Checked while the user is re-read, before the session stamps it again.
    expect(Object.keys(localStorage).sort()).toEqual(['access-token', 'activeTab', 'currentUser', 'refresh-token']);
    expect(localStorage.getItem('access-token')).toBe('access-1');
    expect(localStorage.getItem('refresh-token')).toBe('refresh-1');
    expect(localStorage.getItem('activeTab')).toBe(JSON.stringify({ id: 'tab-1', timestamp: 1 }));
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem('tabId')).toBe('tab-1');
    expect(sessionStore.get(appliedCouponAtom)).toBeNull();
    expect(sessionStore.get(paymentSummaryAtom)).toBeNull();

    await act(async () => held.resolve({ status: 200, body: { statusCode: 0, result: thandi({ balance: 0 }) } }));
    await waitFor(() => expect(getCurrentUser()?.balance).toBe(0));
  });

  it('asks again every 2 s while the payment is pending, showing that it waits', async () => {
    jest.useFakeTimers();
    let asked = 0;
    confirm = () => {
      asked += 1;
      return asked < 3 ? state('pending') : state('complete', { cart_paid: true });
    };
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1');

    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked).toBe(1);
    expect(screen.getByText(WAITING)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirming your payment');
    expect(localStorage.getItem('books')).toBe('[]');
    await act(() => jest.advanceTimersByTimeAsync(1_999));
    expect(asked).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(asked).toBe(2);
    expect(screen.getByText(WAITING)).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2_000));

    expect(asked).toBe(3);
    expect(screen.getByRole('heading', { level: 1, name: SUCCESS })).toBeInTheDocument();
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
    expect(localStorage.getItem('books')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(20_000));
    expect(asked).toBe(3);
  });

  it('stops after 5 retries and says the confirmation is on its way, without clearing anything', async () => {
    jest.useFakeTimers();
    confirm = () => state('pending');
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1');

    for (let second = 0; second < 30; second += 1) await act(() => jest.advanceTimersByTimeAsync(1_000));

    expect(confirmations()).toHaveLength(6);
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment is being confirmed' })).toBeInTheDocument();
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
    expect(localStorage.getItem('books')).toBe('[]');
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).not.toBeNull();
  });

  it.each(['failed', 'cancelled'])(
    'says the payment was not completed when the provider reports it %s',
    async (status) => {
      confirm = () => state(status);
      const user = renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your payment was not completed' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to cart' }));
      expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
      expect(localStorage.getItem('books')).toBe('[]');
      expect(calls.some((call) => call.path === '/user/viewuserinfo')).toBe(false);
    },
  );

  it('tells a balance top-up apart from a paid cart', async () => {
    confirm = () => state('complete', { cart_paid: false });
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment was received' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toBeInTheDocument();
    await waitFor(() => expect(getCurrentUser()?.balance).toBe(0));
    expect(localStorage.getItem('books')).toBe('[]');
  });

  it('raises an alert when the reference and token match no transaction (404)', async () => {
    confirm = () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Transaction not found' } });
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction not found');
    expect(raisedAlerts()).toEqual(['Transaction not found']);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not confirm your payment' })).toBeInTheDocument();
    expect(localStorage.getItem('books')).toBe('[]');
  });

  it('sends one confirmation under StrictMode', async () => {
    renderCheckout('/checkout/success?token=t1&id=5&tref=PAY-1', { strict: true });

    expect(await screen.findByRole('heading', { level: 1, name: SUCCESS })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === '/user/viewuserinfo')).toHaveLength(1));
    expect(confirmations()).toHaveLength(1);
  });
});

describe('/checkout/success after a balance payment', () => {
  const paid = (reference: string, status = 'complete') => ({
    status: 200,
    body: {
      statusCode: 0,
      results: [
        {
          id: 4,
          date: '2024-05-10T08:00:00Z',
          type: 'payment',
          amount_before_fees: 100,
          fee: 0,
          amount_after_fees: 100,
          status,
          balance: 0,
          reference,
        },
      ],
    },
  });

  it('confirms the reference among the transactions first, then finishes the checkout', async () => {
    calls = installFakeFetch((request) => {
      if (request.path === '/user/transactions') return paid('BAL-1700000000000');
      if (request.path === '/user/viewuserinfo') return userInfo();
      return { status: 404 };
    });
    renderCheckout('/checkout/success?tref=BAL-1700000000000');

    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: SUCCESS })).toBeInTheDocument();
    await waitFor(() => expect(getCurrentUser()?.balance).toBe(0));
    expect(confirmations()).toHaveLength(0);
    // The transactions again too: the payment made invalidates them.
    expect([...new Set(calls.map((call) => call.path))].sort()).toEqual(['/user/transactions', '/user/viewuserinfo']);
    expect(localStorage.getItem('books')).toBeNull();
    expect(localStorage.getItem('wizardPage')).toBeNull();
    expect(localStorage.getItem('access-token')).toBe('access-1');
    expect(sessionStorage.getItem(COUPON_STORAGE_KEY)).toBeNull();
    expect(sessionStore.get(appliedCouponAtom)).toBeNull();
  });

  it('says there is no payment to confirm for a reference the server does not know, and clears nothing', async () => {
    calls = installFakeFetch((request) => (request.path === '/user/transactions' ? paid('BAL-1') : { status: 404 }));
    renderCheckout('/checkout/success?tref=BAL-999');

    expect(await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeInTheDocument();
    expect(screen.getByText('There is no payment to confirm.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/checkout/cart');
    expect(screen.queryByText(/successfully processed/)).not.toBeInTheDocument();
    expect(localStorage.getItem('books')).toBe('[]');
    expect(sessionStore.get(appliedCouponAtom)).not.toBeNull();
  });
});

describe('/checkout/success without a reference', () => {
  it('asks nothing, says there is no payment to confirm with a link to the cart, and clears nothing', async () => {
    renderCheckout('/checkout/success');

    expect(screen.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeInTheDocument();
    expect(screen.getByText('There is no payment to confirm.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/checkout/cart');
    await act(async () => {});
    expect(calls).toEqual([]);
    expect(localStorage.getItem('books')).toBe('[]');
    expect(sessionStore.get(appliedCouponAtom)).not.toBeNull();
  });
});
