import { act, screen } from '@testing-library/react';
import { UPDATE_REQUEST_MESSAGES as M } from '@pod/shared-contracts';
import { installFakeFetch, type RecordedRequest } from '@pod/shared-contracts/testing';
import {
  combobox,
  confirmDialog,
  errorOf,
  expandPublisher,
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

const PERSON = ['First name', 'Last name', 'Username (e-mail)', 'Phone number'];
const PUBLISHER = [
  'Publisher name',
  'Publishers email',
  'Publishers phone',
  'Contact name',
  'Company registration or ID number',
  'Postal address',
  'Physical address',
];

let calls: RecordedRequest[];
let scrollIntoView: jest.Mock;
let scrollTo: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  calls = installFakeFetch(() => ({ status: 404, body: { message: 'Not found' } }));
  scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the Update Request form, prefilled', () => {
  it('shows the person, a saved local account and the publisher, the masked account number left out', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();

    expect(screen.getByRole('heading', { level: 1, name: 'Update Request' })).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Update Request');
    expect(textbox('First name')).toHaveValue('Thandi');
    expect(textbox('Last name')).toHaveValue('Mokoena');
    expect(textbox('Username (e-mail)')).toHaveValue('thandi@example.co.za');
    expect(textbox('Phone number')).toHaveValue('0821234567');
    expect(screen.getByRole('heading', { level: 2, name: 'Bank Details' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Bank account location' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Local bank' })).toBeChecked();
    expect(combobox('Bank name')).toHaveValue('Capitec Bank Limited');
    expect(textbox('Branch code')).toHaveValue('470 010');
    expect(textbox('Branch name')).toHaveValue('Cape Town');
    expect(textbox('Account holder name')).toHaveValue('T Mokoena');
    expect(combobox('Account type')).toHaveValue('Savings');
    expect(textbox('Account number')).toHaveValue('');
    expect(textbox('Account number')).toHaveAccessibleDescription(
      expect.stringContaining('Your saved account number ends in 6789.'),
    );
    expect(screen.getByRole('option', { name: 'Cheque' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1 + 14 + 1 + 2);

    await expandPublisher(user);
    expect(textbox('Publisher name')).toHaveValue('Ink & Quill');
    expect(textbox('Publishers email')).toHaveValue('rights@inkquill.co.za');
    expect(textbox('Publishers phone')).toHaveValue('0215550199');
    expect(textbox('Contact name')).toHaveValue('Thandi Mokoena');
    expect(textbox('Company registration or ID number')).toHaveValue('2019/123456/07');
    expect(textbox('Postal address')).toHaveValue('PO Box 12, Cape Town');
    expect(textbox('Physical address')).toHaveValue('12 Long Street, Cape Town');
  });

  it('starts on International bank when a swift code, IBAN or bank address is saved, the IBAN left out', () => {
    signIn(thandi({ bankInfo: SAVED_INTERNATIONAL_BANK }));
    renderUpdateRequest();

    expect(screen.getByRole('radio', { name: 'International bank' })).toBeChecked();
    expect(textbox('Bank address')).toHaveValue('1 Churchill Place, London');
    expect(textbox('IBAN')).toHaveValue('');
    expect(textbox('IBAN')).toHaveAccessibleDescription(expect.stringContaining('Your saved IBAN ends in 2681.'));
    expect(textbox('Account holder name')).toHaveValue('T Mokoena');
    expect(combobox('Account type')).toHaveValue('');
    expect(textbox('Account number')).toHaveValue('');
    expect(textbox('Account number')).not.toHaveAccessibleDescription(expect.stringContaining('saved'));
    expect(textbox('Swift code')).toHaveValue('NWBKGB2L');
    expect(textbox('PayPal address')).toHaveValue('thandi@paypal.example');
    expect(screen.queryByRole('combobox', { name: 'Bank name' })).not.toBeInTheDocument();
  });

  it('treats a single blank space in the saved details as empty', async () => {
    signIn(thandi({ publish_name: ' ', bankInfo: { ...SAVED_LOCAL_BANK, branch_name: ' ' } }));
    const user = renderUpdateRequest();

    expect(screen.getByRole('radio', { name: 'Local bank' })).toBeChecked();
    expect(textbox('Branch name')).toHaveValue('');
    await expandPublisher(user);
    expect(textbox('Publisher name')).toHaveValue('');
  });
});

describe('validation after Update', () => {
  it('runs 200 ms after the press, not before', async () => {
    signIn(thandi());
    const user = renderUpdateRequest();
    await retype(user, 'First name', '');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await act(() => jest.advanceTimersByTimeAsync(199));
    expect(errorOf(textbox('First name'))).toBeNull();
    expect(screen.queryByText(M.firstName)).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(errorOf(textbox('First name'))).toBe(M.firstName);
    expect(textbox('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('checks the person: required, names of 2+ allowed letters, e-mail, phone of 8 to 15 digits', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    for (const label of PERSON) await retype(user, label, '');
    await pressUpdate(user);
    expect(PERSON.map((label) => errorOf(textbox(label)))).toEqual([M.firstName, M.lastName, M.email, M.phone]);

    await retype(user, 'First name', 'T');
    await retype(user, 'Last name', 'Mo3koena');
    await retype(user, 'Username (e-mail)', 'thandi@example');
    await retype(user, 'Phone number', '0821234');
    await pressUpdate(user);
    expect(PERSON.map((label) => errorOf(textbox(label)))).toEqual([M.firstName, M.lastName, M.email, M.phone]);

    await retype(user, 'First name', "Anne-Marie O'Neil");
    await retype(user, 'Last name', 'van der Merwe, Jr.');
    await retype(user, 'Username (e-mail)', 'anne@example.co.za');
    await retype(user, 'Phone number', '+2782123456789012');
    await pressUpdate(user);
    expect(PERSON.map((label) => errorOf(textbox(label)))).toEqual([null, null, null, M.phone]);

    await retype(user, 'Phone number', '+27 82 123-4567');
    await pressUpdate(user);
    expect(PERSON.map((label) => errorOf(textbox(label)))).toEqual([null, null, null, null]);
  });

  it('counts a single blank space as empty', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    await retype(user, 'First name', ' ');
    await retype(user, 'Branch name', ' ');
    await expandPublisher(user);
    await retype(user, 'Publisher name', ' ');
    await retype(user, 'Postal address', ' ');

    await pressUpdate(user);

    expect(errorOf(textbox('First name'))).toBe(M.firstName);
    expect(errorOf(textbox('Branch name'))).toBe(M.branchNameRequired);
    expect(errorOf(textbox('Publisher name'))).toBe(M.publisherName);
    expect(errorOf(textbox('Postal address'))).toBe(M.postalAddressRequired);
  });
});

describe('a local account', () => {
  it('asks for every field of an empty account', async () => {
    signIn(thandi(SAVED_PUBLISHER));
    const user = renderUpdateRequest();

    await pressUpdate(user);

    expect(errorOf(combobox('Bank name'))).toBe(M.bankName);
    expect(errorOf(textbox('Branch code'))).toBe(M.branchCodeRequired);
    expect(errorOf(textbox('Branch name'))).toBe(M.branchNameRequired);
    expect(errorOf(textbox('Account holder name'))).toBe(M.accountNameRequired);
    expect(errorOf(combobox('Account type'))).toBe(M.accountType);
    expect(errorOf(textbox('Account number'))).toBe(M.accountNumberRequired);
  });

  it('fills the branch code of the chosen bank', async () => {
    signIn(thandi());
    const user = renderUpdateRequest();

    await user.selectOptions(combobox('Bank name'), 'Standard Bank of South Africa');
    expect(textbox('Branch code')).toHaveValue('051 011');
    await user.selectOptions(combobox('Bank name'), 'Ubank Limited');
    expect(textbox('Branch code')).toHaveValue('431010');
    await user.selectOptions(combobox('Bank name'), 'FirstRand Bank (a subsidiary of First Rand Limited)');
    expect(textbox('Branch code')).toHaveValue('250 655');
  });

  it('takes branch codes and account numbers of 4 to 30 digits or spaces', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    const expectMessages = (branch: string | null, account: string | null) => {
      expect(errorOf(textbox('Branch code'))).toBe(branch);
      expect(errorOf(textbox('Account number'))).toBe(account);
    };

    await retype(user, 'Branch code', '123');
    await retype(user, 'Account number', '123');
    await pressUpdate(user);
    expectMessages(M.branchCodeInvalid, M.accountNumberInvalid);

    await retype(user, 'Branch code', '12a4');
    await retype(user, 'Account number', '1234-5678');
    await pressUpdate(user);
    expectMessages(M.branchCodeInvalid, M.accountNumberInvalid);

    await retype(user, 'Branch code', '1234');
    await retype(user, 'Account number', '1234');
    await pressUpdate(user);
    expectMessages(null, null);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await retype(user, 'Branch code', `${'1'.repeat(29)}23`);
    await retype(user, 'Account number', `${'9 '.repeat(15)}9`);
    expect(textbox('Branch code')).toHaveValue('1'.repeat(29) + '2');
    expect(textbox('Account number')).toHaveValue('9 '.repeat(15));
    await pressUpdate(user);
    expectMessages(null, null);
    expect(confirmDialog()).toBeInTheDocument();
  });

  it('checks the branch and holder names', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    await retype(user, 'Branch name', 'Branch 7');
    await retype(user, 'Account holder name', 'T');
    await retype(user, 'Account number', '1234567890');

    await pressUpdate(user);
    expect(errorOf(textbox('Branch name'))).toBe(M.branchNameInvalid);
    expect(errorOf(textbox('Account holder name'))).toBe(M.accountNameInvalid);

    await retype(user, 'Branch name', "Sandton (Gauteng), St. John's");
    await retype(user, 'Account holder name', 'Ink & Quill');
    await pressUpdate(user);
    expect(errorOf(textbox('Branch name'))).toBeNull();
    expect(errorOf(textbox('Account holder name'))).toBe(M.accountNameInvalid);
  });

  it('never keeps a masked saved number: the full number must be typed', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();

    await pressUpdate(user);

    expect(errorOf(textbox('Account number'))).toBe(M.accountNumberRequired);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('an international account', () => {
  it('shows its own fields when chosen and requires bank address, IBAN and swift code only', async () => {
    signIn(thandi(SAVED_PUBLISHER));
    const user = renderUpdateRequest();

    await user.click(screen.getByRole('radio', { name: 'International bank' }));
    expect(screen.queryByRole('combobox', { name: 'Bank name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Branch code' })).not.toBeInTheDocument();
    await pressUpdate(user);

    expect(errorOf(textbox('Bank address'))).toBe(M.bankAddressRequired);
    expect(errorOf(textbox('IBAN'))).toBe(M.ibanRequired);
    expect(errorOf(textbox('Swift code'))).toBe(M.swiftRequired);
    expect(errorOf(textbox('Account holder name'))).toBeNull();
    expect(errorOf(combobox('Account type'))).toBeNull();
    expect(errorOf(textbox('Account number'))).toBeNull();
    expect(errorOf(textbox('PayPal address'))).toBeNull();
  });

  it('checks each value given', async () => {
    signIn(thandi(SAVED_PUBLISHER));
    const user = renderUpdateRequest();
    await user.click(screen.getByRole('radio', { name: 'International bank' }));
    await retype(user, 'Bank address', 'Lond');
    await retype(user, 'IBAN', 'GB2');
    await retype(user, 'Account holder name', 'T0');
    await retype(user, 'Account number', '12a4');
    await retype(user, 'Swift code', 'NWBK-GB2L');
    await retype(user, 'PayPal address', 'thandi@paypal');

    await pressUpdate(user);

    expect(errorOf(textbox('Bank address'))).toBe(M.bankAddressInvalid);
    expect(errorOf(textbox('IBAN'))).toBe(M.ibanInvalid);
    expect(errorOf(textbox('Account holder name'))).toBe(M.accountNameInvalid);
    expect(errorOf(textbox('Account number'))).toBe(M.accountNumberInvalid);
    expect(errorOf(textbox('Swift code'))).toBe(M.swiftInvalid);
    expect(errorOf(textbox('PayPal address'))).toBe(M.paypalInvalid);
  });

  it('takes IBANs of 4 to 34 letters, digits or spaces', async () => {
    signIn(thandi(SAVED_PUBLISHER));
    const user = renderUpdateRequest();
    await user.click(screen.getByRole('radio', { name: 'International bank' }));
    await retype(user, 'Bank address', '1 Churchill Place, London');
    await retype(user, 'Swift code', 'NWBKGB2L');

    await retype(user, 'IBAN', 'GB2%');
    await pressUpdate(user);
    expect(errorOf(textbox('IBAN'))).toBe(M.ibanInvalid);

    await retype(user, 'IBAN', 'GB29');
    await pressUpdate(user);
    expect(errorOf(textbox('IBAN'))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await retype(user, 'IBAN', `GB29 NWBK 6016 1331 9268 19${'0'.repeat(10)}`);
    expect(textbox('IBAN')).toHaveValue(`GB29 NWBK 6016 1331 9268 19${'0'.repeat(7)}`);
    await pressUpdate(user);
    expect(errorOf(textbox('IBAN'))).toBeNull();
    expect(confirmDialog()).toBeInTheDocument();
  });

  it('never keeps a masked saved IBAN', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_INTERNATIONAL_BANK }));
    const user = renderUpdateRequest();

    await pressUpdate(user);

    expect(errorOf(textbox('IBAN'))).toBe(M.ibanRequired);
  });
});

describe('Publisher Details', () => {
  it('opens and closes with its button', async () => {
    signIn(thandi(SAVED_PUBLISHER));
    const user = renderUpdateRequest();
    const toggle = screen.getByRole('button', { name: 'Publisher Details' });

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Publisher name' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(textbox('Publisher name')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(textbox('Postal address'));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens itself to show its messages, every field required', async () => {
    signIn(thandi({ bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    await retype(user, 'Account number', '1234567890');

    await pressUpdate(user);

    expect(screen.getByRole('button', { name: 'Publisher Details' })).toHaveAttribute('aria-expanded', 'true');
    expect(PUBLISHER.map((label) => errorOf(textbox(label)))).toEqual([
      M.publisherName,
      M.publisherEmailRequired,
      M.publisherPhoneRequired,
      M.contactNameRequired,
      M.regIdRequired,
      M.postalAddressRequired,
      M.physicalAddressRequired,
    ]);
  });

  it('checks each value', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    await retype(user, 'Account number', '1234567890');
    await expandPublisher(user);
    await retype(user, 'Publishers email', 'rights@inkquill');
    await retype(user, 'Publishers phone', '021555');
    await retype(user, 'Contact name', 'Thandi 2');
    await retype(user, 'Company registration or ID number', 'X');
    await retype(user, 'Postal address', 'PO 1');
    await retype(user, 'Physical address', 'abc');

    await pressUpdate(user);

    expect(PUBLISHER.map((label) => errorOf(textbox(label)))).toEqual([
      null,
      M.publisherEmailInvalid,
      M.publisherPhoneInvalid,
      M.contactNameInvalid,
      M.regIdInvalid,
      M.postalAddressInvalid,
      M.physicalAddressInvalid,
    ]);

    await retype(user, 'Company registration or ID number', '8001015009087');
    await retype(user, 'Publishers phone', '+27 21 555 0199');
    await pressUpdate(user);
    expect(errorOf(textbox('Company registration or ID number'))).toBeNull();
    expect(errorOf(textbox('Publishers phone'))).toBeNull();
  });
});

describe('after a failed validation', () => {
  it('scrolls to the top for a person error and focuses the first failing field, its message kept', async () => {
    signIn(thandi());
    const user = renderUpdateRequest();
    await retype(user, 'Last name', '');
    await retype(user, 'Phone number', '');

    await pressUpdate(user);

    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(textbox('Last name')).toHaveFocus();
    expect(errorOf(textbox('Last name'))).toBe(M.lastName);
  });

  it('scrolls a bank error into view and focuses it', async () => {
    signIn(thandi(SAVED_PUBLISHER));
    const user = renderUpdateRequest();

    await pressUpdate(user);

    expect(combobox('Bank name')).toHaveFocus();
    expect(scrollIntoView.mock.contexts).toEqual([combobox('Bank name')]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opens Publisher Details and focuses its first error', async () => {
    signIn(thandi({ ...SAVED_PUBLISHER, contact_person: '', bankInfo: SAVED_LOCAL_BANK }));
    const user = renderUpdateRequest();
    await retype(user, 'Account number', '1234567890');

    await pressUpdate(user);

    expect(textbox('Contact name')).toHaveFocus();
    expect(scrollIntoView.mock.contexts).toEqual([textbox('Contact name')]);
  });

  it('clears a message when its field is focused, leaving the others', async () => {
    signIn(thandi());
    const user = renderUpdateRequest();
    await retype(user, 'First name', '');
    await retype(user, 'Last name', '');

    await pressUpdate(user);
    expect(textbox('First name')).toHaveFocus();
    await user.click(textbox('Last name'));

    expect(errorOf(textbox('Last name'))).toBeNull();
    expect(textbox('Last name')).not.toHaveAttribute('aria-invalid');
    expect(errorOf(textbox('First name'))).toBe(M.firstName);
    await user.click(textbox('First name'));
    expect(errorOf(textbox('First name'))).toBeNull();
    await user.click(combobox('Bank name'));
    expect(errorOf(combobox('Bank name'))).toBeNull();
  });
});
