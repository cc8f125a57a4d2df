import { act, screen, waitFor, within } from '@testing-library/react';
import { getCurrentUser, QUEUED_ALERTS, setOfflineQueue, type OfflineRequest } from '@pod/shared-contracts';
import { currentLocation } from '../../../test-support/render-app';
import { deferred, installFakeFetch, type FakeAnswer, type RecordedRequest } from '@pod/shared-contracts/testing';
import {
  agreeAndProceed,
  combobox,
  confirmDialog,
  errorOf,
  passValidationDelay,
  pressUpdate,
  renderUpdateRequest,
  retype,
  SAVED_INTERNATIONAL_BANK,
  SAVED_LOCAL_BANK,
  SAVED_PUBLISHER,
  signIn,
  textbox,
  thandi,
} from './fixtures';

const SUBMITTED: FakeAnswer = {
  status: 200,
  body: { statusCode: 200, description: 'Your request has been successfully submitted.' },
};

const PUBLISHER_BODY = {
  publish_name: 'Ink & Quill',
  email: 'rights@inkquill.co.za',
  telephone: '0215550199',
  contact_person: 'Thandi Mokoena',
  reg_id_no: '2019/123456/07',
  postal_address: 'PO Box 12, Cape Town',
  physical_address: '12 Long Street, Cape Town',
};

let calls: RecordedRequest[];
let answerChange: () => FakeAnswer | Promise<FakeAnswer>;

const requests = () => calls.filter((call) => call.path === '/user/requestchange');

beforeEach(() => {
  jest.useFakeTimers();
  Element.prototype.scrollIntoView = jest.fn();
  answerChange = () => SUBMITTED;
  calls = installFakeFetch((request) => {
    if (request.path === '/user/requestchange') return answerChange();
    if (request.path === '/user/viewuserinfo') {
      const refreshed = thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }, { user_confirmation: 1 });
      return { status: 200, body: { statusCode: 0, result: refreshed } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A user whose saved details are complete but for the masked account number. */
async function readyLocalRequest(extra: Parameters<typeof thandi>[1] = {}) {
  signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }, extra));
  const user = renderUpdateRequest();
  await retype(user, 'Account number', '1234 5678 6789');
  return user;
}

describe('the overwrite warning', () => {
  it('asks before replacing a request that waits for review', async () => {
    const pending = JSON.stringify({ pendingUserChanges: { name_first: 'Thandiwe' } });
    const user = await readyLocalRequest({ user_confirmation: 1, pending_changes: pending });

    await user.click(screen.getByRole('button', { name: 'Update' }));
    const warning = screen.getByRole('dialog', { name: 'Pending request' });
    expect(warning).toHaveTextContent('a new request will replace the waiting one');
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await passValidationDelay();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Pending request' })).getByRole('button', { name: 'Continue' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await passValidationDelay();
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));

    await pressUpdate(user);
    expect(confirmDialog()).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Pending request' })).not.toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('does not ask without a pending request', async () => {
    const user = await readyLocalRequest({ user_confirmation: 0, pending_changes: null });

    await pressUpdate(user);

    expect(confirmDialog()).toBeInTheDocument();
  });
});

describe('the confirmation', () => {
  it('summarises the request with the account number masked and needs the agreement', async () => {
    const user = await readyLocalRequest();
    await retype(user, 'Last name', 'Mokoena-Dlamini');

    await pressUpdate(user);
    const dialog = confirmDialog();

    const bank = within(dialog).getByRole('region', { name: 'Bank Details' });
    expect(bank).toHaveTextContent('Local bank');
    expect(bank).toHaveTextContent('Capitec Bank Limited');
    expect(bank).toHaveTextContent('470 010');
    expect(bank).toHaveTextContent('•••• 6789');
    expect(dialog).not.toHaveTextContent('1234 5678');
    expect(within(dialog).getByRole('region', { name: 'Personal details' })).toHaveTextContent('Mokoena-Dlamini');
    expect(within(dialog).getByRole('region', { name: 'Publisher Details' })).toHaveTextContent('2019/123456/07');
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    const agreement = within(dialog).getByRole('checkbox', { name: 'I agree to submit these changes for review' });
    expect(agreement).not.toBeChecked();
    expect(proceed).toBeDisabled();

    await user.click(agreement);
    expect(proceed).toBeEnabled();
    await user.click(agreement);
    expect(proceed).toBeDisabled();
    await user.click(agreement);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests()).toHaveLength(0);

    await pressUpdate(user);
    expect(within(confirmDialog()).getByRole('checkbox')).not.toBeChecked();
    expect(within(confirmDialog()).getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });

  it('masks an IBAN to its last 4 characters', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_INTERNATIONAL_BANK }));
    const user = renderUpdateRequest();
    await retype(user, 'IBAN', 'GB29 NWBK 6016 1331 9268 19');

    await pressUpdate(user);

    const bank = within(confirmDialog()).getByRole('region', { name: 'Bank Details' });
    expect(bank).toHaveTextContent('International bank');
    expect(bank).toHaveTextContent('•••• 6819');
    expect(bank).not.toHaveTextContent('NWBK 6016');
  });
});

describe('sending the request', () => {
  it('sends the local request, waits, confirms, refreshes the user and opens /profile after 2 s', async () => {
    const held = deferred<FakeAnswer>();
    answerChange = () => held.promise;
    const user = await readyLocalRequest();
    await retype(user, 'First name', ' Thandiwe ');
    await retype(user, 'Phone number', '082 123 4567');
    await user.selectOptions(combobox('Bank name'), 'Nedbank Limited');
    await user.selectOptions(combobox('Account type'), 'Cheque');

    await pressUpdate(user);
    await agreeAndProceed(user);

    expect(screen.getByRole('dialog', { name: 'Please wait...' })).toBeInTheDocument();
    // The client reads the body before sending (kept for the offline queue): a few ticks later.
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]).toMatchObject({ method: 'PUT', authorization: expect.stringMatching(/^Bearer /) });
    expect(requests()[0]!.body).toEqual({
      pendingUserChanges: {
        name_first: 'Thandiwe',
        name_last: 'Mokoena',
        username: 'thandi@example.co.za',
        email: 'thandi@example.co.za',
        phone_main: '0821234567',
      },
      bankInfo: {
        bank_name: 'Nedbank Limited',
        brance_code: '198 765',
        branch_name: 'Cape Town',
        account_name: 'T Mokoena',
        account_type: 'Cheque',
        account_number: '1234 5678 6789',
        ...PUBLISHER_BODY,
      },
      isInternational: false,
    });

    await act(async () => held.resolve(SUBMITTED));
    expect(screen.getByRole('dialog', { name: 'Your request has been successfully submitted.' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Please wait...' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/user/requestchange', '/user/viewuserinfo']);
    expect(getCurrentUser()?.user_confirmation).toBe(1);

    await act(() => jest.advanceTimersByTimeAsync(1_999));
    expect(currentLocation()).toBe('/profile/update-users');
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(currentLocation()).toBe('/profile');
  });

  it('sends only the international set when International bank is chosen', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    await user.click(screen.getByRole('radio', { name: 'International bank' }));
    await retype(user, 'Bank address', '1 Churchill Place, London');
    await retype(user, 'IBAN', 'GB29 NWBK 6016 1331 9268 19');
    await retype(user, 'Swift code', 'NWBKGB2L');
    await retype(user, 'PayPal address', 'thandi@paypal.example');

    await pressUpdate(user);
    await agreeAndProceed(user);
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(requests()[0]!.body).toEqual({
      pendingUserChanges: {
        name_first: 'Thandi',
        name_last: 'Mokoena',
        username: 'thandi@example.co.za',
        email: 'thandi@example.co.za',
        phone_main: '0821234567',
      },
      bankInfo: {
        international_bank_address: '1 Churchill Place, London',
        international_iban_number: 'GB29 NWBK 6016 1331 9268 19',
        account_name: 'T Mokoena',
        account_type: 'Savings',
        account_number: '',
        international_swift_code: 'NWBKGB2L',
        paypal: 'thandi@paypal.example',
        ...PUBLISHER_BODY,
      },
      isInternational: true,
    });
    expect(screen.getByRole('dialog', { name: 'Your request has been successfully submitted.' })).toBeInTheDocument();
  });

  it.each([
    [
      'an HTTP failure',
      { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } },
    ],
    ['a status other than 200', { status: 200, body: { statusCode: 11, description: 'Not stored' } }],
  ] as const)('shows Request failed on %s, then lets the user try again', async (_case, answer) => {
    answerChange = () => answer;
    const user = await readyLocalRequest();

    await pressUpdate(user);
    await agreeAndProceed(user);
    await act(() => jest.advanceTimersByTimeAsync(0));

    const failed = screen.getByRole('dialog', { name: 'Request failed' });
    expect(failed).toHaveTextContent('Please kindly try again later.');
    expect(calls.some((call) => call.path === '/user/viewuserinfo')).toBe(false);
    await user.click(within(failed).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(currentLocation()).toBe('/profile/update-users');
    expect(textbox('Account number')).toHaveValue('1234 5678 6789');
  });

  it("raises 'Error sending request to admin.' when no answer comes", async () => {
    answerChange = () => new TypeError('Failed to fetch');
    const user = await readyLocalRequest();

    await pressUpdate(user);
    await agreeAndProceed(user);
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(screen.getByRole('alert')).toHaveTextContent('Error sending request to admin.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offline with the queue: the request is queued, the queued alert shows and no failure', async () => {
    const queued: OfflineRequest[] = [];
    setOfflineQueue(async (request) => {
      queued.push(request);
    });
    try {
      answerChange = () => new TypeError('Failed to fetch');
      const user = await readyLocalRequest();

      await pressUpdate(user);
      await agreeAndProceed(user);
      await act(() => jest.advanceTimersByTimeAsync(0));

      expect(await screen.findByText(QUEUED_ALERTS.update)).toBeInTheDocument();
      expect(screen.queryByText('Error sending request to admin.')).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(queued).toEqual([expect.objectContaining({ method: 'PUT', alert: 'update' })]);
    } finally {
      setOfflineQueue(null);
    }
  });

  it("shows the server's validation message on its field", async () => {
    answerChange = () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Please enter a valid account number',
        code: 'VALIDATION',
      },
    });
    const user = await readyLocalRequest();

    await pressUpdate(user);
    await agreeAndProceed(user);
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(errorOf(textbox('Account number'))).toBe('Please enter a valid account number');
    expect(textbox('Account number')).toHaveFocus();
  });

  it('shows any other 400 message as an alert', async () => {
    const message = 'body/bankInfo/paypal must NOT have more than 254 characters';
    answerChange = () => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message, code: 'FST_ERR_VALIDATION' },
    });
    const user = await readyLocalRequest();

    await pressUpdate(user);
    await agreeAndProceed(user);
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
