import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { getAccessToken, getCurrentUser, getRefreshToken, REGISTRATION_MESSAGES } from '@pod/shared-contracts';
import {
  deferred,
  fakeJwt,
  installFakeFetch,
  type FakeAnswer,
  type RecordedRequest,
} from '@pod/shared-contracts/testing';
import { currentLocation, renderApp, resetSession } from '../../../test-support/render-app';

const ACCESS = fakeJwt(3600, { sub: '42', user_status: 0 });
const REFRESH = fakeJwt(86_400, { sub: '42' });
const EMAIL_TAKEN = 'This email alreay exists on our system, please use another email or login to continue';

const registered: FakeAnswer = {
  status: 201,
  body: { accessToken: ACCESS, refreshToken: REFRESH, statusCode: 0, description: 'Your account has been created.' },
};
const profile: FakeAnswer = {
  status: 200,
  body: {
    statusCode: 0,
    result: {
      id: 42,
      email: 'thandi@example.co.za',
      name_first: 'Thandi',
      name_last: 'Mokoena',
      balance: 100,
      user_status: 0,
    },
  },
};

/** The API of a successful registration: adduser answers tokens, viewuserinfo the profile. */
const api = (adduser: FakeAnswer | Promise<FakeAnswer>) => (request: RecordedRequest) =>
  request.path === '/user/adduser' ? adduser : profile;

async function completeStepOne(user: UserEvent, email = 'thandi@example.co.za') {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.type(screen.getByLabelText('Confirm password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
}

async function completeStepTwo(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), ' Thandi ');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Mokoena');
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Privacy Policy' }));
}

beforeEach(resetSession);

describe('registration step 2 (/register/your-details)', () => {
  it('sends a user without step-1 values back to step 1', () => {
    renderApp('/register/your-details');

    expect(currentLocation()).toBe('/register/email-password');
    expect(screen.getByRole('heading', { level: 2, name: 'Email and password' })).toBeInTheDocument();
  });

  it('shows the progress at 66 and every required message, calling nothing', async () => {
    const calls = installFakeFetch(api(registered));
    const user = renderApp('/register/email-password');
    await completeStepOne(user);

    expect(screen.getByRole('progressbar', { name: 'Registration progress' })).toHaveAttribute('aria-valuenow', '66');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'Please enter your first name',
    );
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(
      'Please enter your last name',
    );
    const terms = screen.getByRole('checkbox', { name: 'I agree to the Terms & Privacy Policy' });
    expect(terms).toHaveAccessibleDescription(REGISTRATION_MESSAGES.terms);
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('keeps step-1 values (in memory only) when going Back', async () => {
    const user = renderApp('/register/email-password');
    await completeStepOne(user);

    await user.click(screen.getByRole('link', { name: 'Back' }));

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('thandi@example.co.za');
    expect(screen.getByLabelText('Password')).toHaveValue('Secret#123');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret#123');
  });

  it('registers through POST /user/adduser, stores the session and shows the welcome step', async () => {
    const calls = installFakeFetch(api(registered));
    const user = renderApp('/register/email-password');
    await completeStepOne(user);
    await completeStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/register/welcome');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/user/adduser',
      authorization: null,
      body: {
        username: 'thandi@example.co.za',
        email: 'thandi@example.co.za',
        password: 'Secret#123',
        confirm_password: 'Secret#123',
        name_first: 'Thandi',
        name_last: 'Mokoena',
      },
    });
    expect(calls[1]).toMatchObject({ method: 'GET', path: '/user/viewuserinfo', authorization: `Bearer ${ACCESS}` });
    expect(getAccessToken()).toBe(ACCESS);
    expect(getRefreshToken()).toBe(REFRESH);
    expect(getCurrentUser()?.name_first).toBe('Thandi');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret#123');

    expect(screen.getByRole('progressbar', { name: 'Registration progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('We have added a welcome credit of R 100.00 to your account.')).toBeInTheDocument();
    expect(screen.getByText(/activate your account by following the link we have e-mailed/)).toHaveTextContent(
      'thandi@example.co.za',
    );
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/new-book/general-info');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('disables Register while the request is in flight', async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch(api(answer.promise));
    const user = renderApp('/register/email-password');
    await completeStepOne(user);
    await completeStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Register' }));
    answer.resolve(registered);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/adduser')).toHaveLength(1);
  });

  it('still welcomes the user when loading the profile fails (best effort)', async () => {
    installFakeFetch((request) =>
      request.path === '/user/adduser' ? registered : { status: 500, body: { message: 'Internal server error' } },
    );
    const user = renderApp('/register/email-password');
    await completeStepOne(user);
    await completeStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(getAccessToken()).toBe(ACCESS);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to step 1 with ?e= and the U30 message when the e-mail is registered', async () => {
    const calls = installFakeFetch(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: EMAIL_TAKEN, code: 'U30' },
    }));
    const user = renderApp('/register/email-password');
    await completeStepOne(user, 'Thandi+books@example.co.za');
    await completeStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(currentLocation()).toBe('/register/email-password?e=Thandi%2Bbooks%40example.co.za'));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('Thandi+books@example.co.za');
    // The form validates once its mount effects have run (after the router's transition).
    await waitFor(() => expect(email).toHaveAccessibleDescription(EMAIL_TAKEN));
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('raises a danger alert with the server message on any other failure and stays on step 2', async () => {
    installFakeFetch(() => ({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts, please try again in a few minutes',
        code: 'RATE_LIMITED',
      },
    }));
    const user = renderApp('/register/email-password');
    await completeStepOne(user);
    await completeStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, please try again in a few minutes');
    expect(currentLocation()).toBe('/register/your-details');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it("raises the generic alert when the server answers 'Internal server error'", async () => {
    installFakeFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    }));
    const user = renderApp('/register/email-password');
    await completeStepOne(user);
    await completeStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Something went wrong and we're not sure what to do about it.",
    );
    expect(getAccessToken()).toBeNull();
  });
});
