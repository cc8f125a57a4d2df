import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { installFakeFetch } from '@pod/shared-contracts/testing';
import { renderApp, resetSession } from '../../../test-support/render-app';

const email = () => screen.getByRole('textbox', { name: 'Email' });
const send = () => screen.getByRole('button', { name: 'Send reset link' });

async function request(user: UserEvent, address = 'thandi@example.co.za') {
  await user.type(email(), address);
  await user.click(send());
}

beforeEach(resetSession);

describe('/forgot-password', () => {
  it('has one heading, the labelled field, the link back to /login and the title', () => {
    renderApp('/forgot-password');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(email()).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Print on Demand | Forgot password');
  });

  it('requires an e-mail and calls nothing', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'ok' } }));
    const user = renderApp('/forgot-password');

    await user.click(send());

    expect(email()).toHaveAccessibleDescription('Please enter your email address to continue');
    expect(calls).toHaveLength(0);
  });

  it('requires a valid e-mail', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'ok' } }));
    const user = renderApp('/forgot-password');

    await request(user, 'thandi@example');

    expect(email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(calls).toHaveLength(0);
  });

  it('sends PUT /user/forgotpwd/{email} and shows "Check your email"', async () => {
    const calls = installFakeFetch(() => ({
      status: 200,
      body: {
        statusCode: 0,
        description: 'If an account exists for this address, we have sent a link to reset your password',
      },
    }));
    const user = renderApp('/forgot-password');

    await request(user, ' thandi@example.co.za ');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/we have sent a link to reset your password/)).toHaveTextContent(
      'If an account exists for thandi@example.co.za, we have sent a link to reset your password.',
    );
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(calls).toMatchObject([
      { method: 'PUT', path: '/user/forgotpwd/thandi%40example.co.za', authorization: null, body: undefined },
    ]);
  });

  it("shows 'Something went wrong' as an alert when the server fails, and the form stays usable", async () => {
    installFakeFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    }));
    const user = renderApp('/forgot-password');

    await request(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong$/);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    expect(send()).toBeEnabled();
  });

  it("shows the server's message when rate limited", async () => {
    installFakeFetch(() => ({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts, please try again in a few minutes',
        code: 'RATE_LIMITED',
      },
    }));
    const user = renderApp('/forgot-password');

    await request(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, please try again in a few minutes');
  });
});
