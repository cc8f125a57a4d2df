import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { getCurrentUser, getRefreshToken, PASSWORD_RULE_MESSAGE } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { currentLocation, renderApp, resetSession } from '../../../test-support/render-app';
import { REFRESH_TOKEN, signInAs } from '../../../test-support/signed-in';

const PAGE = '/profile/change-password';
const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Change password' });

const changed: FakeAnswer = { status: 200, body: { statusCode: 0, description: 'Password changed' } };

/** PUT /user/pwd answers `pwd`; the logout call answers 200. */
const api = (pwd: FakeAnswer | Promise<FakeAnswer>) => (request: RecordedRequest) =>
  request.path === '/user/pwd' ? pwd : { status: 200, body: { statusCode: 0, description: 'Logged out' } };

async function fill(user: UserEvent, password = 'Better#12', confirm = password) {
  await user.type(newPassword(), password);
  await user.type(confirmation(), confirm);
}

beforeEach(() => {
  resetSession();
  signInAs();
});

describe('/profile/change-password', () => {
  it('has the heading, both fields with show/hide, the hint and the title', () => {
    renderApp(PAGE);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(confirmation()).toHaveAttribute('type', 'password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(screen.getByText('Password must be at least 8 characters long...')).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription(/^Password must be at least 8 characters long\.\.\. /);
    expect(document.title).toBe('Print on Demand | Change password');
  });

  it('reveals the new password with its toggle', async () => {
    const user = renderApp(PAGE);
    await user.type(newPassword(), 'Better#12');

    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);

    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('shows both required messages and calls nothing', async () => {
    const calls = installFakeFetch(api(changed));
    const user = renderApp(PAGE);

    await user.click(submit());

    // The new password's description is the hint, then the message.
    expect(newPassword()).toHaveAccessibleDescription(/ Please enter a new password$/);
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation()).toHaveAccessibleDescription('Please confirm your new password');
    expect(calls).toHaveLength(0);
  });

  it("says 'Passwords must match' on the confirmation field", async () => {
    const calls = installFakeFetch(api(changed));
    const user = renderApp(PAGE);

    await fill(user, 'Better#12', 'Better#13');
    await user.click(submit());

    expect(confirmation()).toHaveAccessibleDescription('Passwords must match');
    expect(newPassword()).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('puts the strength sentence on the confirmation field, not on the password', async () => {
    const calls = installFakeFetch(api(changed));
    const user = renderApp(PAGE);

    await fill(user, 'weakpass1');
    await user.click(submit());

    expect(confirmation()).toHaveAccessibleDescription(PASSWORD_RULE_MESSAGE);
    expect(newPassword()).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['all four classes from 6 characters', 'Ab1#cd'],
    ['no digit from 8 characters', 'Abcdef#g'],
  ])('accepts %s', async (_case, password) => {
    const calls = installFakeFetch(api(changed));
    const user = renderApp(PAGE);

    await fill(user, password);
    await user.click(submit());

    await waitFor(() => expect(calls[0]).toMatchObject({ method: 'PUT', path: '/user/pwd' }));
    expect(calls[0]?.body).toEqual({ password, confirm_password: password });
  });

  it("logs out after 'Password changed' and /login says so", async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch(api(answer.promise));
    const user = renderApp(PAGE);

    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    answer.resolve(changed);

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed successfully');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /user/pwd', 'DELETE /authO/logout']);
    expect(calls[0]?.authorization).toMatch(/^Bearer /);
    expect(calls[1]?.body).toEqual({ token: REFRESH_TOKEN });
    expect(getCurrentUser()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it("shows 'An error occurred' with the description of any other reply, and stays signed in", async () => {
    const calls = installFakeFetch(api({ status: 200, body: { statusCode: 3, description: 'Password not updated' } }));
    const user = renderApp(PAGE);

    await fill(user);
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An error occurred')).toBeInTheDocument();
    expect(within(alert).getByText('Password not updated')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(currentLocation()).toBe(PAGE);
    expect(getCurrentUser()?.id).toBe(7);
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it("shows the server's message of a refused change under 'An error occurred'", async () => {
    installFakeFetch(
      api({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: PASSWORD_RULE_MESSAGE, code: 'VALIDATION' },
      }),
    );
    const user = renderApp(PAGE);

    await fill(user);
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An error occurred')).toBeInTheDocument();
    expect(within(alert).getByText(PASSWORD_RULE_MESSAGE)).toBeInTheDocument();
    expect(getCurrentUser()?.id).toBe(7);
  });

  it('replaces the failure alert when the user tries again', async () => {
    const replies = ['First refusal', 'Second refusal'];
    installFakeFetch((request) =>
      request.path === '/user/pwd'
        ? { status: 200, body: { statusCode: 3, description: replies.shift() ?? 'Out of replies' } }
        : { status: 200, body: { statusCode: 0 } },
    );
    const user = renderApp(PAGE);

    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('First refusal');
    await user.click(submit());

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Second refusal'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
