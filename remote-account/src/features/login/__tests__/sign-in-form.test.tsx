import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertRegion, getCurrentUser, hydrateSession, MemoryRouter, Route, Routes } from '@pod/shared-contracts';
import { LoginScreen } from '../../../routes/login';

/** An unsigned token shaped like the API's: header.payload.signature, expiring in an hour. */
function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return [
    part({ alg: 'HS256', typ: 'JWT' }),
    part({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims }),
    'sig',
  ].join('.');
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API as the browser would reach it: a fetch answering /api/v1 paths. */
function fakeApi(answer: (call: Call) => { status: number; body?: unknown; headers?: Record<string, string> }): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.text();
    const call = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api\/v1/, ''),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const { status, body, headers } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  }) as typeof fetch;
  return calls;
}

const acceptThandi = (call: Call) =>
  call.path === '/authO/login'
    ? { status: 200, body: { accessToken: fakeJwt({ sub: '7', user_status: 1 }), refreshToken: fakeJwt({ sub: '7' }) } }
    : {
        status: 200,
        body: { statusCode: 0, result: { id: 7, email: 'thandi@example.co.za', name_first: 'Thandi', balance: 0 } },
      };

function renderLogin(entry = '/login') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AlertRegion />
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/register" element={<h1>Register</h1>} />
        <Route path="/checkout/cart" element={<h1>Cart</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.clear();
  hydrateSession();
});

describe('the login screen', () => {
  it('has one heading, labelled fields, the links and the document title', () => {
    renderLogin();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Print on Demand | Login');
  });

  it('shows both required messages on an empty submit and calls nothing', async () => {
    const calls = fakeApi(acceptThandi);
    const user = renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter your email address',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('submits with Enter and goes to the dashboard once signed in', async () => {
    const calls = fakeApi(acceptThandi);
    const user = renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' thandi@example.co.za ');
    await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/authO/login',
      body: { email: 'thandi@example.co.za', password: 'Secret#123' },
    });
    expect(getCurrentUser()?.name_first).toBe('Thandi');
  });

  it('returns to the page named by ?next= once signed in', async () => {
    fakeApi(acceptThandi);
    const user = renderLogin('/login?next=%2Fcheckout%2Fcart');

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
    await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');

    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
  });

  it.each(['https://evil.example/checkout/cart', '//evil.example/checkout/cart', '/%5Cevil.example'])(
    'ignores a ?next= that leaves the portal (%s) and goes to the dashboard',
    async (next) => {
      fakeApi(acceptThandi);
      const user = renderLogin(`/login?next=${encodeURIComponent(next)}`);

      await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
      await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');

      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    },
  );

  it('opens "Login unsuccessful" when the API refuses the credentials', async () => {
    fakeApi(() => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' } }));
    const user = renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Login unsuccessful' });
    expect(dialog).toHaveTextContent("The email or password you entered is incorrect or you haven't registered yet");
    expect(within(dialog).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('says sign-in is locked and how long to wait, instead of "Login unsuccessful"', async () => {
    fakeApi(() => ({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts', code: 'RATE_LIMITED' },
      headers: { 'Retry-After': '900' },
    }));
    const user = renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
    await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('raises the generic alert when the server fails', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'Internal server error' } }));
    const user = renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.co.za');
    await user.type(screen.getByLabelText('Password'), 'Secret#123{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Something went wrong and we're not sure what to do about it.",
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
