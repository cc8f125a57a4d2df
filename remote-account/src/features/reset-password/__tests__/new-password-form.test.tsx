import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { PASSWORD_RULE_MESSAGE } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer } from '@pod/shared-contracts/testing';
import { renderApp, resetSession } from '../../../test-support/render-app';

const LINK = '/reset-password?id=42&token=reset-tok';
const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm password');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function fill(user: UserEvent, password = 'Better#12', confirm = password) {
  await user.type(newPassword(), password);
  await user.type(confirmation(), confirm);
}

beforeEach(resetSession);

describe('/reset-password', () => {
  it("has the heading 'Reset Password', both password fields with show/hide and the title", () => {
    renderApp(LINK);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(confirmation()).toHaveAttribute('type', 'password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(document.title).toBe('Print on Demand | Reset password');
  });

  it('shows both required messages and calls nothing', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'Password changed' } }));
    const user = renderApp(LINK);

    await user.click(continueButton());

    expect(newPassword()).toHaveAccessibleDescription('Please enter a new password');
    expect(confirmation()).toHaveAccessibleDescription('Please confirm your new password');
    expect(calls).toHaveLength(0);
  });

  it('puts the strength sentence on the password field and the mismatch on the confirmation', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'Password changed' } }));
    const user = renderApp(LINK);

    await fill(user, 'weakpass', 'weakpas');
    await user.click(continueButton());

    expect(newPassword()).toHaveAccessibleDescription(PASSWORD_RULE_MESSAGE);
    expect(confirmation()).toHaveAccessibleDescription('passwords must match');
    expect(calls).toHaveLength(0);
  });

  it("moves to the success view only after 'Password changed'", async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch(() => answer.promise);
    const user = renderApp(LINK);

    await fill(user);
    await user.click(continueButton());

    await waitFor(() => expect(continueButton()).toBeDisabled());
    expect(screen.queryByRole('heading', { name: 'Password changed' })).not.toBeInTheDocument();

    answer.resolve({ status: 200, body: { statusCode: 0, description: 'Password changed' } });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Password changed' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/sign in with your new password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls).toMatchObject([
      {
        method: 'PUT',
        path: '/user/pwdlinkcheck/42/reset-tok',
        authorization: null,
        body: { password: 'Better#12', confirm_password: 'Better#12' },
      },
    ]);
  });

  it('stays on the form when a 200 reply has another description', async () => {
    installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'Something else' } }));
    const user = renderApp(LINK);

    await fill(user);
    await user.click(continueButton());

    await waitFor(() => expect(continueButton()).toBeEnabled());
    expect(screen.queryByRole('heading', { name: 'Password changed' })).not.toBeInTheDocument();
  });

  it('shows no message on failure and lets the user try again', async () => {
    const calls = installFakeFetch(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This link is invalid or has expired',
        code: 'LINK_INVALID',
      },
    }));
    const user = renderApp(LINK);

    await fill(user);
    await user.click(continueButton());

    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(continueButton()).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('This link is invalid or has expired')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();

    await user.click(continueButton());
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('calls nothing when the page was opened without id and token', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: { statusCode: 0, description: 'Password changed' } }));
    const user = renderApp('/reset-password');

    await fill(user);
    await user.click(continueButton());

    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Password changed' })).not.toBeInTheDocument();
  });
});
