import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AlertRegion,
  alertsAtom,
  getAccessToken,
  getCurrentUser,
  hydrateSession,
  sessionStore,
  Route,
  Routes,
} from '@pod/shared-contracts';
import {
  fakeJwt,
  installFakeFetch,
  renderWithProviders,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { LoginScreen } from '../../../routes/login';

const CODE_INVALID = 'The code is not valid. Try again or use a recovery code.';
const access = fakeJwt(3600, { sub: '7', user_status: 1 });

/** The API of an account with two-factor on; `second` answers POST /authO/login/2fa. */
function twoFactorApi(second: (request: RecordedRequest) => FakeAnswer) {
  return installFakeFetch((request) => {
    if (request.path === '/authO/login')
      return { status: 200, body: { twoFactorRequired: true, challenge: 'the-challenge' } };
    if (request.path === '/authO/login/2fa') return second(request);
    return {
      status: 200,
      body: { statusCode: 0, result: { id: 7, email: 'thandi@example.co.za', name_first: 'Thandi', balance: 0 } },
    };
  });
}

const signedIn = (): FakeAnswer => ({
  status: 200,
  body: { accessToken: access, refreshToken: fakeJwt(7200, { sub: '7' }) },
});

function renderLogin() {
  renderWithProviders(
    <>
      <AlertRegion />
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </>,
    { route: '/login', strict: true },
  );
  return userEvent.setup();
}

async function passPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
  await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');
  return screen.findByRole('heading', { name: 'Two-factor authentication' });
}

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
  sessionStore.set(alertsAtom, []);
});

describe('two-factor sign-in', () => {
  it('asks for the authenticator code after the password, then continues as a normal login', async () => {
    const log = twoFactorApi(signedIn);
    const user = renderLogin();

    await passPassword(user);
    expect(getAccessToken()).toBeNull();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(log.find((r) => r.path === '/authO/login/2fa')).toMatchObject({
      method: 'POST',
      body: { challenge: 'the-challenge', code: '123 456' },
    });
    expect(getAccessToken()).toBe(access);
    expect(getCurrentUser()?.name_first).toBe('Thandi');
  });

  it('switches between an authentication code and a recovery code', async () => {
    const log = twoFactorApi(signedIn);
    const user = renderLogin();
    await passPassword(user);

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '12');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(recovery).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use an authentication code' }));
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));

    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), ' abcd-efgh-jkmn-pqrs ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(log.find((r) => r.path === '/authO/login/2fa')?.body).toEqual({
      challenge: 'the-challenge',
      code: 'abcd-efgh-jkmn-pqrs',
    });
  });

  it("shows the server's message when the code is wrong, and lets the user try again", async () => {
    let attempts = 0;
    twoFactorApi(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: CODE_INVALID, code: 'CODE_INVALID' } }
        : signedIn();
    });
    const user = renderLogin();
    await passPassword(user);

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '000000{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(CODE_INVALID);
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toHaveValue('');
    expect(getAccessToken()).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the password, keeping the e-mail, when the sign-in expired', async () => {
    twoFactorApi(() => ({
      status: 401,
      body: {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your sign-in has expired. Please sign in again.',
        code: 'CHALLENGE_INVALID',
      },
    }));
    const user = renderLogin();
    await passPassword(user);

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has expired. Please sign in again.');
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('thandi@example.co.za');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('asks for a code before calling, and names the wait of a lock', async () => {
    const log = twoFactorApi(() => ({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts', code: 'RATE_LIMITED' },
      headers: { 'Retry-After': '600' },
    }));
    const user = renderLogin();
    await passPassword(user);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toHaveAccessibleDescription(
      'Please enter the code from your authenticator app',
    );
    expect(log.filter((r) => r.path === '/authO/login/2fa')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '123456{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too many sign-in attempts. Please wait 10 minutes and try again, or reset your password.',
    );
    expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });
});
