import {
  CHANGE_EMAIL_MESSAGES,
  ChangeEmailForm,
  EDIT_DETAILS_MESSAGES as D,
  EditDetailsForm,
  firstFailure,
  UPDATE_REQUEST_MESSAGES as M,
  UpdateRequest,
  UpdateRequestInternationalBank,
  UpdateRequestLocalBank,
  UpdateRequestPerson,
  UpdateRequestPublisher,
  validateForm,
} from '..';

const PERSON = {
  name_first: "Thandi O'Neill",
  name_last: 'Nkosi-Zulu',
  email: 'thandi@example.test',
  phone_main: '+27821234567',
};
const LOCAL = {
  bank_name: 'Capitec Bank Limited',
  brance_code: '470 010',
  branch_name: 'Sandton (City)',
  account_name: 'T. Nkosi',
  account_type: 'Cheque',
  account_number: '1234 5678',
};
const INTERNATIONAL = {
  international_bank_address: '1 Bank Road, London',
  international_iban_number: 'GB29 NWBK 6016 1331 9268 19',
  international_swift_code: 'NWBKGB2L',
};
const PUBLISHER = {
  publish_name: 'Leaf Press',
  email: 'press@example.test',
  telephone: '0821234567',
  contact_person: 'Lerato Mokoena',
  reg_id_no: '2019/123456/07',
  postal_address: 'PO Box 55, Polokwane',
  physical_address: '12 Church Street, Polokwane',
};

describe('UpdateRequestPerson', () => {
  it('accepts names with apostrophes and hyphens and a phone with a plus', () => {
    expect(validateForm(UpdateRequestPerson, PERSON)).toBeUndefined();
  });

  it('answers the spec messages, a single space counting as empty', () => {
    expect(
      validateForm(UpdateRequestPerson, { name_first: ' ', name_last: 'A', email: 'x@', phone_main: '1234567' }),
    ).toEqual({
      name_first: M.firstName,
      name_last: M.lastName,
      email: M.email,
      phone_main: M.phone,
    });
    expect(validateForm(UpdateRequestPerson, { ...PERSON, name_first: 'J4ne' })).toEqual({ name_first: M.firstName });
  });
});

describe('UpdateRequestLocalBank', () => {
  it('accepts one of the 14 banks with a 4-30 digit branch code and account number', () => {
    expect(validateForm(UpdateRequestLocalBank, LOCAL)).toBeUndefined();
    expect(
      validateForm(UpdateRequestLocalBank, { ...LOCAL, bank_name: 'Ubank Limited', brance_code: '431010' }),
    ).toBeUndefined();
  });

  it('refuses 3 digits (the wizard takes 2) and other banks, with the spec messages', () => {
    expect(validateForm(UpdateRequestLocalBank, { ...LOCAL, brance_code: '123', account_number: '999' })).toEqual({
      brance_code: M.branchCodeInvalid,
      account_number: M.accountNumberInvalid,
    });
    expect(validateForm(UpdateRequestLocalBank, { ...LOCAL, bank_name: 'Bank of Nowhere' })).toEqual({
      bank_name: M.bankName,
    });
    expect(validateForm(UpdateRequestLocalBank, {})).toEqual({
      bank_name: M.bankName,
      brance_code: M.branchCodeRequired,
      branch_name: M.branchNameRequired,
      account_name: M.accountNameRequired,
      account_type: M.accountType,
      account_number: M.accountNumberRequired,
    });
  });
});

describe('UpdateRequestInternationalBank', () => {
  it('checks holder, number and PayPal only when given', () => {
    expect(validateForm(UpdateRequestInternationalBank, INTERNATIONAL)).toBeUndefined();
    expect(
      validateForm(UpdateRequestInternationalBank, {
        ...INTERNATIONAL,
        account_number: '12',
        paypal: 'nope',
        account_name: ' ',
        account_type: 'Fixed deposit',
      }),
    ).toEqual({ account_type: M.accountType, account_number: M.accountNumberInvalid, paypal: M.paypalInvalid });
    // Optional for an international account: blank passes, a known type passes.
    expect(validateForm(UpdateRequestInternationalBank, { ...INTERNATIONAL, account_type: ' ' })).toBeUndefined();
    expect(validateForm(UpdateRequestInternationalBank, { ...INTERNATIONAL, account_type: 'Cheque' })).toBeUndefined();
    expect(
      validateForm(UpdateRequestInternationalBank, {
        international_bank_address: 'Lond',
        international_iban_number: 'GB2',
        international_swift_code: 'NW-BK',
      }),
    ).toEqual({
      international_bank_address: M.bankAddressInvalid,
      international_iban_number: M.ibanInvalid,
      international_swift_code: M.swiftInvalid,
    });
  });
});

describe('UpdateRequestPublisher', () => {
  it('requires every field in the words of the spec', () => {
    expect(validateForm(UpdateRequestPublisher, PUBLISHER)).toBeUndefined();
    expect(validateForm(UpdateRequestPublisher, {})).toEqual({
      publish_name: M.publisherName,
      email: M.publisherEmailRequired,
      telephone: M.publisherPhoneRequired,
      contact_person: M.contactNameRequired,
      reg_id_no: M.regIdRequired,
      postal_address: M.postalAddressRequired,
      physical_address: M.physicalAddressRequired,
    });
    expect(
      validateForm(UpdateRequestPublisher, {
        ...PUBLISHER,
        email: 'a@b',
        telephone: '12',
        reg_id_no: 'x',
        postal_address: 'PO 1',
      }),
    ).toEqual({
      email: M.publisherEmailInvalid,
      telephone: M.publisherPhoneInvalid,
      reg_id_no: M.regIdInvalid,
      postal_address: M.postalAddressInvalid,
    });
  });
});

describe('UpdateRequest', () => {
  const request = (bank: object, isInternational?: boolean) => ({
    pendingUserChanges: PERSON,
    bankInfo: { ...bank, ...PUBLISHER },
    ...(isInternational !== undefined && { isInternational }),
  });

  it('checks the bank set the toggle chooses', () => {
    expect(validateForm(UpdateRequest, request(LOCAL))).toBeUndefined();
    expect(validateForm(UpdateRequest, request(INTERNATIONAL, true))).toBeUndefined();
    expect(firstFailure(UpdateRequest, request(INTERNATIONAL, false))).toBe(M.bankName);
    expect(firstFailure(UpdateRequest, request(LOCAL, true))).toBe(M.bankAddressRequired);
  });

  it('answers person, then bank, then publisher first', () => {
    const everythingWrong = { pendingUserChanges: {}, bankInfo: {} };
    expect(firstFailure(UpdateRequest, everythingWrong)).toBe(M.firstName);
    expect(firstFailure(UpdateRequest, { pendingUserChanges: PERSON, bankInfo: {} })).toBe(M.bankName);
    expect(firstFailure(UpdateRequest, { pendingUserChanges: PERSON, bankInfo: LOCAL })).toBe(M.publisherName);
    expect(
      validateForm(UpdateRequest, {
        pendingUserChanges: PERSON,
        bankInfo: { ...LOCAL, ...PUBLISHER, brance_code: '1' },
      }),
    ).toEqual({
      bankInfo: { brance_code: M.branchCodeInvalid },
    });
  });
});

describe('EditDetailsForm and ChangeEmailForm', () => {
  it('takes letters and spaces only, and a phone', () => {
    expect(
      validateForm(EditDetailsForm, { name_first: 'Zoë Anne', name_last: 'Nkosi', phone_main: '0821234567' }),
    ).toBeUndefined();
    expect(validateForm(EditDetailsForm, { name_first: "O'Neill", name_last: '', phone_main: '+27 82' })).toEqual({
      name_first: D.name,
      name_last: D.surname,
      phone_main: D.phone,
    });
  });

  it('asks for a valid address and the password', () => {
    expect(validateForm(ChangeEmailForm, { email: 'new@example.test', password: 'x' })).toBeUndefined();
    expect(validateForm(ChangeEmailForm, { email: 'new@', password: ' ' })).toEqual({
      email: CHANGE_EMAIL_MESSAGES.email,
      password: CHANGE_EMAIL_MESSAGES.password,
    });
  });
});
