import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AlertRegion,
  alertsAtom,
  getCurrentUser,
  sessionStore,
  setCurrentUser,
  type User,
  Route,
  Routes,
} from '@pod/shared-contracts';
import {
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { DashboardScreen } from '../../../routes/dashboard';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function renderDashboard(path: string, { strict = false } = {}) {
  renderWithProviders(
    <>
      <AlertRegion />
      <Routes>
        <Route path="/dashboard" element={<DashboardScreen />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
    </>,
    { route: path, probe: true, strict },
  );
  return userEvent.setup();
}

const thandi = (extra: Partial<User> = {}) =>
  ({ id: 7, name_first: 'Thandi', email: 'thandi@example.co.za', balance: 50, initial_login: 1, ...extra }) as User;

const RETURN = '/dashboard?status=successful&tx_ref=FLW-PAY-1&transaction_id=99';

let verify: (request: RecordedRequest) => FakeAnswer;
let calls: RecordedRequest[];

const verifications = () => calls.filter((call) => call.path === '/user/verifycardpayment');
const location = () => screen.getByTestId('location').textContent;
const cardState = (status: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status: 200,
  body: {
    statusCode: 0,
    result: { id: 9, transaction_ref: 'PAY-1', status, amount: 243.85, provider: 'card', ...extra },
  },
});

const NO_FIGURES = {
  month: '2026-05',
  royalties_this_month: [],
  royalties_last_month: [],
  units_this_month: 0,
  next_payout: { date: '2026-06-30', periods: [], amounts: [] },
  books_in_progress: [],
  recent_orders: [],
};

beforeEach(() => {
  setCurrentUser(thandi());
  sessionStore.set(alertsAtom, []);
  sessionStorage.clear();
  jest.spyOn(window.navigator, 'userAgent', 'get').mockImplementation(() => CHROME);
  verify = () => cardState('complete', { cart_paid: true });
  calls = installFakeFetch((request) => {
    if (request.path === '/user/verifycardpayment') return verify(request);
    // The dashboard's figures (insights.test.tsx): nothing yet, so no alert of theirs shows here.
    if (request.path === '/reports/summary') return { status: 200, body: NO_FIGURES };
    if (request.path === '/user/viewuserinfo')
      return { status: 200, body: { statusCode: 0, result: thandi({ balance: 93.5, cart: [] }) } };
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
});

afterEach(() => jest.restoreAllMocks());

describe('the card provider returning to the dashboard', () => {
  it('verifies tx_ref once, cleans the URL, reports the paid items and re-reads the user', async () => {
    const user = renderDashboard(`${RETURN}&keep=1`);

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Your items have been successfully processed',
    );
    expect(verifications().map((call) => call.body)).toEqual([{ tx_ref: 'FLW-PAY-1' }]);
    expect(location()).toBe('/dashboard?keep=1');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Your balance' })).toHaveTextContent('R 93.50'));
    expect(calls.map((call) => call.path).filter((path) => path !== '/reports/summary')).toEqual([
      '/user/verifycardpayment',
      '/user/viewuserinfo',
    ]);
    expect(getCurrentUser()?.cart).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your items have been successfully processed')).not.toBeInTheDocument();
  });

  it('says the payment was received when it did not pay the cart', async () => {
    verify = () => cardState('complete', { cart_paid: false });
    renderDashboard(RETURN);

    const notice = await screen.findByRole('status', { name: '' });
    expect(within(notice).getByText('Your payment was received')).toBeInTheDocument();
    expect(notice).not.toHaveTextContent('successfully processed');
  });

  it('says the card payment is being confirmed while it is pending', async () => {
    verify = () => cardState('pending');
    renderDashboard(RETURN);

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Your card payment is being confirmed');
    await waitFor(() => expect(calls.some((call) => call.path === '/user/viewuserinfo')).toBe(true));
  });

  it.each(['failed', 'cancelled'])('says the card payment was not completed when it %s', async (status) => {
    verify = () => cardState(status);
    renderDashboard(RETURN);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card payment was not completed');
    expect(verifications()).toHaveLength(1);
  });

  it('tells the server the return says cancelled, and says not completed', async () => {
    verify = () => cardState('cancelled');
    renderDashboard('/dashboard?status=cancelled&tx_ref=FLW-PAY-1&transaction_id=99');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card payment was not completed');
    expect(location()).toBe('/dashboard');
    expect(verifications().map((call) => call.body)).toEqual([{ tx_ref: 'FLW-PAY-1', status: 'cancelled' }]);
  });

  it('still says not completed when recording the cancellation fails', async () => {
    verify = () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderDashboard('/dashboard?status=cancelled&tx_ref=FLW-PAY-1&transaction_id=99');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card payment was not completed');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });

  it('verifies once under StrictMode', async () => {
    renderDashboard(RETURN, { strict: true });

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Your items have been successfully processed',
    );
    await waitFor(() => expect(calls.filter((call) => call.path === '/user/viewuserinfo')).toHaveLength(1));
    expect(verifications()).toHaveLength(1);
    expect(location()).toBe('/dashboard');
  });

  it("raises the server's message when the reference is unknown", async () => {
    verify = () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Transaction not found' } });
    renderDashboard(RETURN);

    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction not found');
    expect(location()).toBe('/dashboard');
    expect(sessionStore.get(alertsAtom).map((alert) => alert.variant)).toEqual(['danger']);
  });

  it('does nothing without tx_ref', async () => {
    renderDashboard('/dashboard?status=successful');

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.path !== '/reports/summary')).toHaveLength(0);
    expect(location()).toBe('/dashboard?status=successful');
  });

  it('still verifies the payment when the dashboard sends the user to profile confirmation', async () => {
    setCurrentUser(thandi({ admin_confirmation: 1 }));
    renderDashboard(RETURN);

    await waitFor(() => expect(verifications()).toHaveLength(1));
    expect(location()).toBe('/profile-confirmation?currentUser=7');
    expect(within(document.body).getByText('Elsewhere')).toBeInTheDocument();
  });
});
