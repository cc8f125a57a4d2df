import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { getCurrentUser } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { currentLocation, renderApp, resetSession } from '../../../test-support/render-app';
import { REFRESH_TOKEN, signInAs, userInfo } from '../../../test-support/signed-in';

const sent: FakeAnswer = {
  status: 200,
  body: { statusCode: 0, description: 'Please follow the link we sent to your new email address' },
};

/** PUT /user/changeemail answers `answer`; the profile read and the logout answer 200. */
const api = (answer: FakeAnswer | Promise<FakeAnswer>) => (request: RecordedRequest) => {
  if (request.path === '/user/changeemail') return answer;
  if (request.path === '/user/viewuserinfo') return userInfo();
  return { status: 200, body: { statusCode: 0, description: 'Logged out' } };
};

/**
 * The calls of this flow, in order. Other reads of the profile page (the user, the security
 * settings built elsewhere) are not this flow's business.
 */
const calledPaths = (calls: RecordedRequest[]) =>
  calls
    .filter((call) => call.path === '/user/changeemail' || call.path.startsWith('/authO/'))
    .map((call) => `${call.method} ${call.path}`);

async function openDialog(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
  return screen.getByRole('dialog', { name: 'Change e-mail' });
}

async function fill(user: UserEvent, scope: HTMLElement, email: string, password = 'Secret#123') {
  if (email) await user.type(within(scope).getByRole('textbox', { name: 'New e-mail address' }), email);
  if (password) await user.type(within(scope).getByLabelText('Password'), password);
}

/** Logged out to /login, storage cleared, with the notice to follow the e-mailed link. */
async function expectLoggedOutWithNotice(calls: RecordedRequest[], email: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  expect(currentLocation()).toBe('/login');
  const notice = screen.getByRole('status');
  expect(notice).toHaveTextContent('Check your new e-mail address');
  expect(notice).toHaveTextContent(`We sent a link to ${email}. Please follow it to confirm your new e-mail address`);
  expect(calledPaths(calls)).toEqual(['PUT /user/changeemail', 'DELETE /authO/logout']);
  expect(calls.find((call) => call.path === '/authO/logout')?.body).toEqual({ token: REFRESH_TOKEN });
  expect(getCurrentUser()).toBeNull();
  expect(Object.keys(localStorage)).toEqual([]);
}

beforeEach(() => {
  resetSession();
  signInAs();
});

describe("the profile's 'Change e-mail' dialog", () => {
  it('has the two fields, Done and Cancel, and tells the user she will be logged out', async () => {
    installFakeFetch(api(sent));
    const user = renderApp('/profile');

    const dialog = await openDialog(user);

    expect(within(dialog).getByRole('textbox', { name: 'New e-mail address' })).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText(/you will be logged out/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a blank address', ''],
    ['an address without a domain', 'thandi@example'],
    ['an address with a space', 'thandi @example.co.za'],
  ])("answers %s with 'Please enter a valid email address' and calls nothing", async (_case, email) => {
    const calls = installFakeFetch(api(sent));
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await fill(user, dialog, email);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(within(dialog).getByRole('textbox', { name: 'New e-mail address' })).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(calledPaths(calls)).toEqual([]);
  });

  it('asks for the password', async () => {
    const calls = installFakeFetch(api(sent));
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await fill(user, dialog, 'new@example.co.za', '');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password');
    expect(calledPaths(calls)).toEqual([]);
  });

  it('sends the new address and password, then logs out and clears storage', async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch(api(answer.promise));
    sessionStorage.setItem('wizardPage', 'general-info');
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await fill(user, dialog, ' new@example.co.za ');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Done' })).toBeDisabled());
    answer.resolve(sent);

    await expectLoggedOutWithNotice(calls, 'new@example.co.za');
    expect(calls.find((call) => call.path === '/user/changeemail')).toMatchObject({
      method: 'PUT',
      authorization: expect.stringMatching(/^Bearer /) as unknown as string,
      body: { email: 'new@example.co.za', password: 'Secret#123' },
    });
    expect(sessionStorage.length).toBe(0);
  });

  it("shows the server's refusal in an alert inside the dialog and stays signed in", async () => {
    const calls = installFakeFetch(
      api({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'The password you entered is incorrect.',
          code: 'PASSWORD_INCORRECT',
        },
      }),
    );
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await fill(user, dialog, 'new@example.co.za', 'Wrong#123');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password you entered is incorrect.');
    expect(calledPaths(calls)).toEqual(['PUT /user/changeemail']);
    expect(getCurrentUser()?.id).toBe(7);
    expect(currentLocation()).toBe('/profile');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled());
  });

  it('shows the generic message for a server failure without one', async () => {
    installFakeFetch(api({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: '' } }));
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await fill(user, dialog, 'new@example.co.za');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Something went wrong and we're not sure/);
  });
});

describe('/profile/update-email', () => {
  it('has the heading, the logout text and the form', () => {
    renderApp('/profile/update-email');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Update email' })).toBeInTheDocument();
    expect(screen.getByText(/you will be logged out.*follow it/i)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New e-mail address' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Update email');
  });

  it('checks the address like the dialog', async () => {
    const calls = installFakeFetch(api(sent));
    const user = renderApp('/profile/update-email');

    await fill(user, document.body, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(screen.getByRole('textbox', { name: 'New e-mail address' })).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(calls).toHaveLength(0);
  });

  it('has a Done button that works: it sends the change and logs out', async () => {
    const calls = installFakeFetch(api(sent));
    const user = renderApp('/profile/update-email');

    await fill(user, document.body, 'new@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await expectLoggedOutWithNotice(calls, 'new@example.co.za');
  });
});
