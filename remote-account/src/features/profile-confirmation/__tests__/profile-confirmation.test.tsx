import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser, type User } from '@pod/shared-contracts';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import { currentLocation, renderApp, resetSession } from '../../../test-support/render-app';
import { REFRESH_TOKEN, signInAs, THANDI, userInfo } from '../../../test-support/signed-in';

const PAGE = '/profile-confirmation?currentUser=7';
const FAILED = 'Request failed ... Please kindly try again later.';

const LOCAL_REQUEST = {
  pendingUserChanges: {
    name_first: 'Thandiwe',
    name_last: 'Dlamini',
    username: 'thandi@example.co.za',
    email: 'thandi@example.co.za',
    phone_main: '0821234567',
  },
  bankInfo: {
    bank_name: 'Capitec Bank Limited',
    brance_code: '470010',
    branch_name: 'Sandton',
    account_name: 'T Dlamini',
    account_type: 'Savings',
    account_number: '•••• 6789',
    publish_name: 'Karoo Press',
    email: 'press@example.co.za',
    telephone: '0119876543',
    contact_person: 'Thandi Dlamini',
    reg_id_no: '2019/123456/07',
    postal_address: 'PO Box 1, Sandton',
    physical_address: ' ',
  },
  isInternational: false,
};

const applied = (pending: unknown = LOCAL_REQUEST): User => ({
  ...THANDI,
  admin_confirmation: 1,
  pending_changes: typeof pending === 'string' || pending === null ? pending : JSON.stringify(pending),
});

/** PUT /user/userapproved answers `approval`; the user read answers `user`; logout 200. */
const api =
  (
    user: User,
    approval: FakeAnswer | Promise<FakeAnswer> = {
      status: 200,
      body: { statusCode: 200, description: 'Changes approved' },
    },
  ) =>
  (request: RecordedRequest) => {
    if (request.path === '/user/userapproved') return approval;
    if (request.path === '/user/viewuserinfo') return userInfo(user);
    return { status: 200, body: { statusCode: 0, description: 'Logged out' } };
  };

const section = (name: string) => screen.getByRole('region', { name });
/** The label/value rows of a section, as 'label: value'. */
const rows = (name: string) =>
  [...section(name).querySelectorAll('dt')].map(
    (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
  );
const approve = () => screen.getByRole('button', { name: 'Approve' });

/** Renders the page as `user` and waits until the re-read of the user has been stored and shown. */
async function arrive(user: User, approval?: FakeAnswer | Promise<FakeAnswer>) {
  signInAs(user);
  const calls = installFakeFetch(api(user, approval));
  const stored = getCurrentUser();
  renderApp(PAGE);
  await waitFor(() => expect(getCurrentUser()).not.toBe(stored));
  await act(async () => {});
  return calls;
}

beforeEach(resetSession);

describe('/profile-confirmation', () => {
  it('reviews the pending person, local bank and publisher fields with readable labels', async () => {
    await arrive(applied());

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile confirmation' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Profile confirmation');
    expect(rows('Personal details')).toEqual([
      'First name: Thandiwe',
      'Last name: Dlamini',
      'Username: thandi@example.co.za',
      'E-mail address: thandi@example.co.za',
      'Phone number: 0821234567',
    ]);
    expect(rows('Bank details (local)')).toEqual([
      'Bank name: Capitec Bank Limited',
      'Branch code: 470010',
      'Branch name: Sandton',
      'Account holder name: T Dlamini',
      'Account type: Savings',
      'Account number: •••• 6789',
    ]);
    // A single blank space counts as empty: the physical address is not listed.
    expect(rows('Publisher details')).toEqual([
      'Publisher name: Karoo Press',
      'Publisher e-mail: press@example.co.za',
      'Publisher phone: 0119876543',
      'Contact name: Thandi Dlamini',
      'Company registration or ID number: 2019/123456/07',
      'Postal address: PO Box 1, Sandton',
    ]);
    expect(approve()).toBeEnabled();
  });

  it('reviews an international bank set, the IBAN masked as given', async () => {
    await arrive(
      applied({
        bankInfo: {
          international_bank_address: '1 Bank Street, London',
          international_iban_number: '•••• 4321',
          international_swift_code: 'BARCGB22',
          paypal: 'pay@example.com',
          bank_name: 'Leftover from a local account',
        },
        isInternational: true,
      }),
    );

    expect(rows('Bank details (international)')).toEqual([
      'Bank address: 1 Bank Street, London',
      'IBAN: •••• 4321',
      'Swift code: BARCGB22',
      'PayPal address: pay@example.com',
    ]);
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Publisher details' })).not.toBeInTheDocument();
  });

  it('says so when nothing is waiting, without an Approve button', async () => {
    const calls = await arrive({ ...THANDI, admin_confirmation: 0, pending_changes: null });

    expect(screen.getByText('There are no changes waiting for your approval.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/userapproved')).toHaveLength(0);
  });

  it('treats an own request still under review as nothing to approve', async () => {
    await arrive({ ...THANDI, user_confirmation: 1, pending_changes: JSON.stringify(LOCAL_REQUEST) });

    expect(screen.getByText('There are no changes waiting for your approval.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
  });

  it('still offers Approve when the applied changes cannot be read, logging the text as unreadable', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await arrive(applied('{not json'));

    expect(screen.getByText(/details of these changes are not available/)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Unreadable pending_changes', expect.any(SyntaxError));
    logged.mockRestore();
    expect(approve()).toBeEnabled();
  });

  it("approves with the stored user under 'Please wait...', then logs out", async () => {
    const answer = deferred<FakeAnswer>();
    const calls = await arrive(applied(), answer.promise);
    const user = userEvent.setup();

    await user.click(approve());

    const wait = screen.getByRole('dialog', { name: 'Please wait...' });
    expect(wait).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Please wait...' })).toBeInTheDocument();
    answer.resolve({ status: 200, body: { statusCode: 200, description: 'Changes approved' } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Changes approved');
    const approval = calls.find((call) => call.path === '/user/userapproved');
    expect(approval).toMatchObject({
      method: 'PUT',
      authorization: expect.stringMatching(/^Bearer /) as unknown as string,
    });
    expect(approval?.body).toMatchObject({ id: 7, email: 'thandi@example.co.za', admin_confirmation: 1 });
    expect(approval?.body).not.toHaveProperty('tokenPayload');
    expect(calls.find((call) => call.path === '/authO/logout')?.body).toEqual({ token: REFRESH_TOKEN });
    expect(getCurrentUser()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it("shows 'Request failed' on failure and stays signed in", async () => {
    const calls = await arrive(applied(), {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'There are no changes waiting for your approval.' },
    });
    const user = userEvent.setup();
    const readsBefore = calls.filter((call) => call.path === '/user/viewuserinfo').length;

    await user.click(approve());

    const failed = await screen.findByRole('dialog', { name: 'Request failed' });
    expect(within(failed).getByText(FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Please wait...' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/authO/'))).toHaveLength(0);
    expect(getCurrentUser()?.id).toBe(7);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/user/viewuserinfo').length).toBeGreaterThan(readsBefore),
    );

    await user.click(within(failed).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentLocation()).toBe(PAGE);
    expect(approve()).toBeEnabled();
  });
});
