import {
  BANK_DETAILS_MESSAGES as B,
  BankDetails,
  BankDetailsInternational,
  BankDetailsLocal,
  BANK_ACCOUNT_TYPES,
  branchCodeOf,
  isInternationalBankInfo,
  LOCAL_BANKS,
  PUBLISHER_DETAILS_MESSAGES as P,
  PublisherDetails,
  savedText,
} from '../publisher-bank';
import { validateForm } from '../validate-form';

const PUBLISHER = {
  publisherName: 'Ndlovu Books',
  publisherRegId: '2019/123456/07',
  publisherPhysicalAddress: '12 Long Street, Cape Town',
  publisherPostalAddress: 'PO Box 12, Cape Town',
  publisherTelephone: '+27821234567',
  publisherEmail: 'books@ndlovu.co.za',
  publisherContactPerson: "Thandi O'Neill-Zulu",
  isSelfPublisher: false,
};

const LOCAL = {
  bankName: 'Capitec Bank Limited',
  branchCode: '470 010',
  branchName: 'Sandton (City)',
  accountName: 'T. Zulu',
  accountType: 'Savings',
  accountNumber: '1234 5678 90',
};

const INTERNATIONAL = {
  bankAddress: '1 Bank Road, London',
  ibanNumber: 'GB29 NWBK 6016 1331 9268 19',
  swiftCode: 'NWBKGB2L',
  accountName: '',
  accountNumber: '',
  isPaypalAccount: false,
  paypal: '',
};

const publisherErrors = (change: Record<string, unknown>) =>
  validateForm(PublisherDetails, { ...PUBLISHER, ...change });
const localErrors = (change: Record<string, unknown>) => validateForm(BankDetailsLocal, { ...LOCAL, ...change });
const internationalErrors = (change: Record<string, unknown>) =>
  validateForm(BankDetailsInternational, { ...INTERNATIONAL, ...change });

describe('PublisherDetails', () => {
  it('accepts complete details, with or without the self-publisher flag', () => {
    expect(validateForm(PublisherDetails, PUBLISHER)).toBeUndefined();
    expect(publisherErrors({ isSelfPublisher: undefined, publisherTelephone: '0821234567' })).toBeUndefined();
  });

  it('asks for every field in the words of the spec', () => {
    const blank = Object.fromEntries(
      Object.keys(PUBLISHER).map((key) => [key, key === 'isSelfPublisher' ? false : '']),
    );
    expect(validateForm(PublisherDetails, blank)).toEqual({
      publisherName: 'Please enter the publishers name',
      publisherRegId: 'Please enter the publishers registration ID',
      publisherPhysicalAddress: 'Please select the publishers physical address',
      publisherPostalAddress: 'Please select the publishers postal address',
      publisherTelephone: 'Please enter the publishers telephone number',
      publisherEmail: 'Please enter the publishers email',
      publisherContactPerson: 'Please enter the publishers contact person',
    });
    // react-final-form leaves an emptied field undefined; a space alone is blank.
    expect(validateForm(PublisherDetails, {})).toEqual(validateForm(PublisherDetails, blank));
    expect(publisherErrors({ publisherName: '   ' })).toEqual({ publisherName: P.nameRequired });
  });

  it.each([
    ['A', false],
    ['AB', true],
    ['2019/123456/07', true],
    ['REG 12-34', true],
    ['REG#1', false],
    ['x'.repeat(30), true],
    ['x'.repeat(31), false],
  ])('registration id %p valid: %p', (publisherRegId, valid) => {
    expect(publisherErrors({ publisherRegId })).toEqual(
      valid
        ? undefined
        : { publisherRegId: 'Please enter a valid registration ID within the range of 2-30 characters' },
    );
  });

  it('wants addresses of at least 5 characters', () => {
    expect(publisherErrors({ publisherPhysicalAddress: '1 St', publisherPostalAddress: ' Box ' })).toEqual({
      publisherPhysicalAddress: 'Please enter a valid physical address',
      publisherPostalAddress: 'Please enter a valid postal address',
    });
    expect(publisherErrors({ publisherPhysicalAddress: '1 Rd.', publisherPostalAddress: 'Box 1' })).toBeUndefined();
  });

  it.each([
    ['+27821234567', true],
    ['12345678', true],
    ['1234567', false],
    ['+123456789012345', true],
    ['+1234567890123456', false],
    ['+27 82 123 4567', false],
    ['++27821234567', false],
  ])('telephone %p valid: %p', (publisherTelephone, valid) => {
    expect(publisherErrors({ publisherTelephone })).toEqual(
      valid ? undefined : { publisherTelephone: 'Please enter a valid telephone number' },
    );
  });

  it('checks the e-mail', () => {
    expect(publisherErrors({ publisherEmail: 'books@ndlovu' })).toEqual({
      publisherEmail: 'Please enter a valid email',
    });
    expect(publisherErrors({ publisherEmail: 'a b@c.de' })).toEqual({ publisherEmail: P.emailInvalid });
  });

  it.each([
    ['T', false],
    ['Jo', true],
    ['Zoë Smith-Jones, Jr.', true],
    ['Agent 007', false],
    ['Thandi & Co', false],
  ])('contact person %p valid: %p', (publisherContactPerson, valid) => {
    expect(publisherErrors({ publisherContactPerson })).toEqual(
      valid
        ? undefined
        : { publisherContactPerson: 'Please enter a valid author name with no special characters and numbers' },
    );
  });
});

describe('BankDetailsLocal', () => {
  it('accepts a complete local account', () => {
    expect(validateForm(BankDetailsLocal, LOCAL)).toBeUndefined();
  });

  it('asks for every field in the words of the spec', () => {
    expect(validateForm(BankDetailsLocal, {})).toEqual({
      bankName: 'Please enter your banks name',
      branchCode: 'Please enter your banks branch code',
      branchName: 'Please enter your banks branch name',
      accountName: 'Please enter your bank account name',
      accountType: 'Please enter your bank account type',
      accountNumber: 'Please enter your account number',
    });
  });

  it('wants 2 to 30 digits or spaces for the branch code and account number', () => {
    expect(localErrors({ branchCode: '4', accountNumber: '12-34' })).toEqual({
      branchCode: 'Please enter a valid branch code within the range of 2-30 numbers',
      accountNumber: 'Please enter a valid account number within the range of 2-30 numbers',
    });
    expect(localErrors({ branchCode: '1'.repeat(31) })).toEqual({ branchCode: B.branchCodeInvalid });
    expect(localErrors({ branchCode: '12', accountNumber: '1'.repeat(30) })).toBeUndefined();
  });

  it('wants names of letters and the allowed punctuation', () => {
    expect(localErrors({ branchName: 'Branch 5', accountName: 'T' })).toEqual({
      branchName: 'Please enter a valid branch name',
      accountName: 'Please enter a valid account name',
    });
  });

  it('takes Cheque or Savings as the account type', () => {
    expect(BANK_ACCOUNT_TYPES).toEqual(['Cheque', 'Savings']);
    expect(localErrors({ accountType: 'Cheque' })).toBeUndefined();
    expect(localErrors({ accountType: 'Current' })).toEqual({ accountType: B.accountTypeRequired });
  });
});

describe('BankDetailsInternational', () => {
  it('accepts an account without name, number or PayPal', () => {
    expect(validateForm(BankDetailsInternational, INTERNATIONAL)).toBeUndefined();
    expect(validateForm(BankDetailsInternational, { ...INTERNATIONAL, accountName: undefined })).toBeUndefined();
  });

  it('asks for address, IBAN and swift code in the words of the spec', () => {
    expect(validateForm(BankDetailsInternational, {})).toEqual({
      bankAddress: 'Please enter your bank address',
      ibanNumber: 'Please enter your banks IBAN number',
      swiftCode: 'Please enter your banks swift code',
    });
  });

  it('checks the address length, IBAN and swift code', () => {
    expect(internationalErrors({ bankAddress: 'Rd 1', ibanNumber: 'GB-29', swiftCode: 'NW BK' })).toEqual({
      bankAddress: 'Please enter a valid bank address',
      ibanNumber: 'Please enter a valid IBAN number within the range of 2-34 characters and numbers',
      swiftCode: 'Please enter a valid swift code',
    });
    expect(internationalErrors({ ibanNumber: 'A'.repeat(35) })).toEqual({ ibanNumber: B.ibanInvalid });
    expect(internationalErrors({ ibanNumber: 'A'.repeat(34) })).toBeUndefined();
  });

  it('checks a given account name and number by the local patterns', () => {
    expect(internationalErrors({ accountName: 'J', accountNumber: 'ABC' })).toEqual({
      accountName: B.accountNameInvalid,
      accountNumber: B.accountNumberInvalid,
    });
  });

  it('wants a PayPal address with the PayPal flag, and a valid e-mail whenever one is given', () => {
    expect(internationalErrors({ isPaypalAccount: true })).toEqual({ paypal: 'Please enter your paypal' });
    expect(internationalErrors({ isPaypalAccount: true, paypal: 'pay@me' })).toEqual({
      paypal: 'Please enter a valid paypal',
    });
    expect(internationalErrors({ isPaypalAccount: false, paypal: 'pay@me' })).toEqual({ paypal: B.paypalInvalid });
    expect(internationalErrors({ isPaypalAccount: true, paypal: 'pay@me.com' })).toBeUndefined();
  });
});

describe('BankDetails', () => {
  it('checks the field set the international flag chooses', () => {
    expect(validateForm(BankDetails, { ...LOCAL, isInternationalAccount: false })).toBeUndefined();
    expect(validateForm(BankDetails, { ...LOCAL, isInternationalAccount: true })).toEqual({
      bankAddress: B.bankAddressRequired,
      ibanNumber: B.ibanRequired,
      swiftCode: B.swiftRequired,
    });
    expect(validateForm(BankDetails, { ...INTERNATIONAL, isInternationalAccount: true })).toBeUndefined();
  });
});

describe('banks and saved details', () => {
  it('lists the 14 local banks with their branch codes', () => {
    expect(LOCAL_BANKS).toHaveLength(14);
    expect(branchCodeOf('Absa Group Limited')).toBe('632 005');
    expect(branchCodeOf('Standard Bank of South Africa')).toBe('051 011');
    expect(branchCodeOf('Ubank Limited')).toBe('431010');
    expect(branchCodeOf('TymeBank')).toBe('678 910');
    expect(branchCodeOf('Unknown Bank')).toBeUndefined();
  });

  it('reads a blank saved value as empty', () => {
    expect(savedText(' ')).toBeUndefined();
    expect(savedText(undefined)).toBeUndefined();
    expect(savedText(' Ndlovu ')).toBe('Ndlovu');
  });

  it('marks an account international by a swift code, IBAN or address that is not blank', () => {
    expect(isInternationalBankInfo(undefined)).toBe(false);
    expect(isInternationalBankInfo({ international_swift_code: ' ', international_iban_number: '' })).toBe(false);
    expect(isInternationalBankInfo({ international_swift_code: 'NWBKGB2L' })).toBe(true);
    expect(isInternationalBankInfo({ international_iban_number: 'GB29' })).toBe(true);
    expect(isInternationalBankInfo({ international_bank_address: '1 Bank Road' })).toBe(true);
  });
});
