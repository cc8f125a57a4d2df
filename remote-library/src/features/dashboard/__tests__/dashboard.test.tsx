import { act, screen, waitFor, within } from '@testing-library/react';
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
const OPERA = `${CHROME} OPR/114.0.0.0`;

const COUPON_FAILURE =
  'Something went wrong when adding your coupon, please check your spelling. Otherwise contact support support@pod.local';

function renderDashboard() {
  const view = renderWithProviders(
    <>
      <AlertRegion />
      <Routes>
        <Route path="/dashboard" element={<DashboardScreen />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
    </>,
    { route: '/dashboard', probe: true },
  );
  return { ...view, user: userEvent.setup() };
}

const thandi = (extra: Partial<User> = {}) =>
  ({ id: 7, name_first: 'Thandi', email: 'thandi@example.co.za', balance: 50, initial_login: 1, ...extra }) as User;

let userAgent = CHROME;
let answer: (request: RecordedRequest) => FakeAnswer;
let log: RecordedRequest[];
// The dashboard's figures (GET /reports/summary, tested in insights.test.tsx) are left out here.
const calls = () => log.filter((call) => call.path !== '/reports/summary');

beforeEach(() => {
  setCurrentUser(null);
  sessionStore.set(alertsAtom, []);
  sessionStorage.clear();
  userAgent = CHROME;
  jest.spyOn(window.navigator, 'userAgent', 'get').mockImplementation(() => userAgent);
  answer = () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } });
  log = installFakeFetch((request) =>
    request.path === '/reports/summary'
      ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } }
      : answer(request),
  );
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the dashboard', () => {
  it('shows the balance of the signed-in user in rand', () => {
    setCurrentUser(thandi({ balance: 1250 }));
    userAgent = CHROME;
    sessionStorage.setItem('pod.dashboard.payoutNoticeShown', '1');
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your balance' })).toHaveTextContent('R 1 250.00');
    expect(document.title).toBe('Print on Demand | Dashboard');
  });

  it('follows balance changes and shows R 0.00 without one', () => {
    setCurrentUser(thandi({ balance: undefined }));
    renderDashboard();
    const card = screen.getByRole('region', { name: 'Your balance' });
    expect(card).toHaveTextContent('R 0.00');

    act(() => setCurrentUser(thandi({ balance: 99.5 })));

    expect(card).toHaveTextContent('R 99.50');
  });

  it('offers the four shortcuts', () => {
    setCurrentUser(thandi());
    renderDashboard();
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' })).getAllByRole('link');

    expect(shortcuts.map((link) => link.getAttribute('href'))).toEqual(['/new-book', '/books', '/orders', '/support']);
    expect(shortcuts.map((link) => link.textContent)).toEqual([
      'Upload a new book',
      'Your books',
      'Your orders',
      'Support',
    ]);
  });

  it('sends a user with admin-applied changes to profile confirmation', () => {
    setCurrentUser(thandi({ admin_confirmation: 1 }));
    renderDashboard();

    expect(screen.getByTestId('location')).toHaveTextContent('/profile-confirmation?currentUser=7');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('stays on the dashboard when admin_confirmation is 0', () => {
    setCurrentUser(thandi({ admin_confirmation: 0 }));
    renderDashboard();

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });
});

describe('the coupon card', () => {
  const code = () => screen.getByRole('textbox', { name: 'Coupon code' });
  const apply = () => screen.getByRole('button', { name: 'Apply' });

  it('refuses a blank code without calling the API', async () => {
    setCurrentUser(thandi());
    const { user } = renderDashboard();

    await user.type(code(), '   ');
    await user.click(apply());

    expect(code()).toHaveAccessibleDescription('Coupon code can not be blank');
    expect(calls().filter((call) => call.path === '/user/addcoupon')).toHaveLength(0);
  });

  it('shows the spelling sentence with the support address when the code is refused', async () => {
    setCurrentUser(thandi());
    answer = () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Coupon not found' } });
    const { user } = renderDashboard();

    await user.type(code(), 'WELCOM');
    await user.click(apply());

    expect(await within(screen.getByRole('region', { name: 'Redeem a coupon' })).findByRole('alert')).toHaveTextContent(
      COUPON_FAILURE,
    );
    expect(calls()).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/user/addcoupon', body: { coupon_code: 'WELCOM' } }),
    );
  });

  it("shows 'Successful' and refreshes the balance from the user", async () => {
    setCurrentUser(thandi({ balance: 50 }));
    answer = (request) => {
      if (request.path === '/user/addcoupon')
        return { status: 200, body: { statusCode: 0, description: 'Successful' } };
      if (request.path === '/user/viewuserinfo')
        return { status: 200, body: { statusCode: 0, result: thandi({ balance: 75 }) } };
      return { status: 404 };
    };
    const { user } = renderDashboard();

    await user.type(code(), ' SPRING25 ');
    await user.click(apply());

    const coupon = screen.getByRole('region', { name: 'Redeem a coupon' });
    expect(await within(coupon).findByRole('status')).toHaveTextContent(/^Successful$/);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Your balance' })).toHaveTextContent('R 75.00'));
    expect(calls().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /user/addcoupon',
      'GET /user/viewuserinfo',
    ]);
    expect(calls()[0]?.body).toEqual({ coupon_code: 'SPRING25' });
    expect(code()).toHaveValue('');
  });
});

describe('the welcome notice', () => {
  it('shows while initial_login is 0 and posts initial_login 1 when closed', async () => {
    setCurrentUser(thandi({ initial_login: 0 }));
    answer = (request) =>
      request.path === '/user/initiallogin'
        ? { status: 200, body: { statusCode: 0, initial_login: 1 } }
        : { status: 404 };
    const { user } = renderDashboard();

    const dialog = screen.getByRole('dialog', { name: 'Welcome to Print on Demand' });
    expect(dialog).toHaveTextContent('Hi Thandi');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/user/initiallogin', body: { initial_login: 1 } }),
    ]);
    await waitFor(() => expect(getCurrentUser()?.initial_login).toBe(1));
  });

  it('does not show once initial_login is 1', () => {
    setCurrentUser(thandi({ initial_login: 1 }));
    renderDashboard();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls()).toHaveLength(0);
  });

  it('re-reads the user 5 s apart until initial_login is known', async () => {
    jest.useFakeTimers();
    setCurrentUser(thandi({ initial_login: undefined }));
    let reads = 0;
    answer = (request) => {
      if (request.path !== '/user/viewuserinfo') return { status: 404 };
      reads += 1;
      const result = reads < 3 ? { ...thandi(), initial_login: undefined } : thandi({ initial_login: 0 });
      return { status: 200, body: { statusCode: 0, result } };
    };
    renderDashboard();

    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(reads).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(4_999));
    expect(reads).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(reads).toBe(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5_000));

    expect(reads).toBe(3);
    expect(screen.getByRole('dialog', { name: 'Welcome to Print on Demand' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(reads).toBe(3);
  });

  it('gives up after 5 reads and lets the other notices show', async () => {
    jest.useFakeTimers();
    setCurrentUser(thandi({ initial_login: undefined, balance: 500 }));
    answer = (request) =>
      request.path === '/user/viewuserinfo'
        ? { status: 200, body: { statusCode: 0, result: { ...thandi({ balance: 500 }), initial_login: undefined } } }
        : { status: 404 };
    renderDashboard();

    await act(() => jest.advanceTimersByTimeAsync(19_999));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(60_000));

    expect(calls().filter((call) => call.path === '/user/viewuserinfo')).toHaveLength(5);
    expect(screen.getByRole('dialog', { name: 'Royalty payouts' })).toBeInTheDocument();
  });
});

describe('the payout notice', () => {
  it('explains quarterly payouts once per session when the balance is above 100', async () => {
    setCurrentUser(thandi({ balance: 150 }));
    const first = renderDashboard();

    const dialog = screen.getByRole('dialog', { name: 'Royalty payouts' });
    expect(dialog).toHaveTextContent('Royalty payouts are made quarterly, in March, June, September and December.');
    expect(dialog).toHaveTextContent('R 150.00');
    await first.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    renderDashboard();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show at a balance of 100 or less', () => {
    setCurrentUser(thandi({ balance: 100 }));
    renderDashboard();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('pod.dashboard.payoutNoticeShown')).toBeNull();
  });

  it('waits until the welcome notice is closed: one notice at a time', async () => {
    setCurrentUser(thandi({ initial_login: 0, balance: 500 }));
    answer = () => ({ status: 200, body: { statusCode: 0, initial_login: 1 } });
    const { user } = renderDashboard();

    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Welcome to Print on Demand' })).getByRole('button', { name: 'Close' }),
    );

    expect(screen.getByRole('dialog', { name: 'Royalty payouts' })).toBeInTheDocument();
  });
});

describe('the browser notice', () => {
  it('shows once per session outside Chrome, Firefox, Edge and Safari', async () => {
    userAgent = OPERA;
    setCurrentUser(thandi());
    const first = renderDashboard();

    const dialog = screen.getByRole('dialog', { name: 'Unsupported browser' });
    expect(dialog).toHaveTextContent('Chrome, Firefox, Edge or Safari');
    await first.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    renderDashboard();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show in Chrome', () => {
    setCurrentUser(thandi());
    renderDashboard();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('comes after the payout notice', async () => {
    userAgent = OPERA;
    setCurrentUser(thandi({ balance: 101 }));
    const { user } = renderDashboard();

    await user.click(
      within(screen.getByRole('dialog', { name: 'Royalty payouts' })).getByRole('button', { name: 'Close' }),
    );

    expect(screen.getByRole('dialog', { name: 'Unsupported browser' })).toBeInTheDocument();
  });
});
