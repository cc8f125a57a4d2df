import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { getCurrentUser, QUEUED_ALERTS, setOfflineQueue, type OfflineRequest } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { renderApp, resetSession } from '../../../test-support/render-app';
import { signInAs, THANDI, userInfo } from '../../../test-support/signed-in';

const UPDATED = { ...THANDI, name_first: 'Thandiwe', name_last: 'Dlamini', phone_main: '0821234567' };

/** PUT /user/edituser answers `answer`; GET /user/viewuserinfo the user before or after it. */
function api(answer: FakeAnswer | Promise<FakeAnswer> = userInfo(UPDATED)) {
  let saved = false;
  return (request: RecordedRequest): FakeAnswer | Promise<FakeAnswer> => {
    if (request.path === '/user/edituser') {
      saved = true;
      return answer;
    }
    if (request.path === '/user/viewuserinfo') return userInfo(saved ? UPDATED : THANDI);
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not here' } };
  };
}

const edits = (calls: RecordedRequest[]) => calls.filter((call) => call.path === '/user/edituser');
const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const done = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Done' });

async function openDialog(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Edit details' }));
  return screen.getByRole('dialog', { name: 'Edit details' });
}

async function replace(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

beforeEach(() => {
  resetSession();
  signInAs();
});

describe("the profile's 'Edit details' dialog", () => {
  it('starts from the stored names and phone', async () => {
    installFakeFetch(api());
    const user = renderApp('/profile');

    const dialog = await openDialog(user);

    expect(field(dialog, 'First name')).toHaveValue('Thandi');
    expect(field(dialog, 'Surname')).toHaveValue('Mokoena');
    expect(field(dialog, 'Phone number')).toHaveValue('+27821234567');
    expect(field(dialog, 'Phone number')).toHaveAttribute('type', 'tel');
    expect(done(dialog)).toBeEnabled();
  });

  it.each(['First name', 'Surname', 'Phone number'])(
    'disables Done while %s is empty or a single blank space',
    async (name) => {
      installFakeFetch(api());
      const user = renderApp('/profile');
      const dialog = await openDialog(user);

      await replace(user, field(dialog, name), '');
      expect(done(dialog)).toBeDisabled();

      await user.type(field(dialog, name), ' ');
      expect(done(dialog)).toBeDisabled();

      await replace(user, field(dialog, name), name === 'Phone number' ? '0821234567' : 'Lerato');
      expect(done(dialog)).toBeEnabled();
    },
  );

  it('shows the message of an emptied field when the user leaves it', async () => {
    installFakeFetch(api());
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await replace(user, field(dialog, 'Surname'), '');
    await user.tab();

    expect(field(dialog, 'Surname')).toHaveAccessibleDescription('Please enter a valid surname');
  });

  it.each([
    ['First name', 'Th4ndi', 'Please enter a valid name'],
    ['Surname', 'Mokoena-Dlamini', 'Please enter a valid surname'],
    ['Phone number', '082 123', 'Please enter a valid phone number'],
    ['Phone number', '+27-82-123-4567', 'Please enter a valid phone number'],
  ])('refuses %s %p with %p and calls nothing', async (name, value, message) => {
    const calls = installFakeFetch(api());
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await replace(user, field(dialog, name), value);
    await user.click(done(dialog));

    expect(field(dialog, name)).toHaveAccessibleDescription(message);
    expect(edits(calls)).toHaveLength(0);
  });

  it('accepts names of any script with spaces', async () => {
    const calls = installFakeFetch(api());
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await replace(user, field(dialog, 'First name'), 'Zoë Anne');
    await replace(user, field(dialog, 'Surname'), 'van der Merwe');
    await user.click(done(dialog));

    await waitFor(() => expect(edits(calls)).toHaveLength(1));
    expect(edits(calls)[0]?.body).toEqual({
      name_first: 'Zoë Anne',
      name_last: 'van der Merwe',
      phone_main: '+27821234567',
    });
  });

  it('saves trimmed values, closes, says so and shows the re-read user', async () => {
    const answer = deferred<FakeAnswer>();
    const calls = installFakeFetch(api(answer.promise));
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await replace(user, field(dialog, 'First name'), ' Thandiwe ');
    await replace(user, field(dialog, 'Surname'), 'Dlamini');
    await replace(user, field(dialog, 'Phone number'), '0821234567 ');
    await user.click(done(dialog));
    await waitFor(() => expect(done(dialog)).toBeDisabled());
    const readsBefore = calls.filter((call) => call.path === '/user/viewuserinfo').length;
    answer.resolve(userInfo(UPDATED));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Your details have been updated.');
    expect(edits(calls)).toMatchObject([
      {
        method: 'PUT',
        authorization: expect.stringMatching(/^Bearer /) as unknown as string,
        body: { name_first: 'Thandiwe', name_last: 'Dlamini', phone_main: '0821234567' },
      },
    ]);
    expect(await screen.findByText('Thandiwe Dlamini')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/viewuserinfo').length).toBeGreaterThan(readsBefore);
    expect(getCurrentUser()?.name_first).toBe('Thandiwe');
  });

  it("shows the server's refusal inside the dialog, which stays open", async () => {
    installFakeFetch(
      api({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Please enter a valid name', code: 'VALIDATION' },
      }),
    );
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await user.click(done(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a valid name');
    expect(screen.getByRole('dialog', { name: 'Edit details' })).toBeInTheDocument();
    await waitFor(() => expect(done(dialog)).toBeEnabled());
  });

  it('closes with Cancel without saving', async () => {
    const calls = installFakeFetch(api());
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await replace(user, field(dialog, 'First name'), 'Lerato');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edits(calls)).toHaveLength(0);
  });

  it("keeps the user's typing when the profile's re-read of the user answers meanwhile", async () => {
    const read = deferred<FakeAnswer>();
    installFakeFetch((request) => (request.path === '/user/viewuserinfo' ? read.promise : userInfo(UPDATED)));
    const user = renderApp('/profile');
    const dialog = await openDialog(user);

    await replace(user, field(dialog, 'First name'), 'Lerato');
    read.resolve(userInfo({ ...THANDI, name_first: 'Thandeka' }));

    expect(await screen.findByText('Thandeka Mokoena')).toBeInTheDocument();
    expect(field(dialog, 'First name')).toHaveValue('Lerato');
  });

  it('offline, the change is queued: the dialog closes with the queued alert, no failure', async () => {
    const queued: OfflineRequest[] = [];
    setOfflineQueue(async (request) => {
      queued.push(request);
    });
    installFakeFetch(api(new TypeError('Failed to fetch')));
    try {
      const user = renderApp('/profile');
      const dialog = await openDialog(user);

      await replace(user, field(dialog, 'First name'), 'Lindiwe');
      await user.click(done(dialog));

      expect(await screen.findByText(QUEUED_ALERTS.update)).toBeInTheDocument();
      expect(QUEUED_ALERTS.update).toBe('No network connection - Item will be updated when connection is restored');
      expect(screen.queryByRole('dialog', { name: 'Edit details' })).not.toBeInTheDocument();
      expect(screen.queryByText('Your details have been updated.')).not.toBeInTheDocument();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ method: 'PUT', alert: 'update' });
      expect(JSON.parse(queued[0]?.body ?? '{}')).toMatchObject({ name_first: 'Lindiwe' });
    } finally {
      setOfflineQueue(null);
    }
  });
});
