import { boolean, define, dynamic, optional, type as looseObject, type Infer, type Struct } from 'superstruct';
import { ACCOUNT_TYPES, BANKS, type Bank } from '../constants';
import { EMAIL_PATTERN, required, requiredMatching } from './rules';

/**
 * The publisher and bank messages of new-book-wizard.md section 5 ('Publisher step', 'Bank step,
 * local', 'Bank step, international'), word for word ('publishers', 'banks' and 'Please enter your
 * paypal' are the spec's own). The wizard's forms and the reference API read them here.
 */
export const PUBLISHER_DETAILS_MESSAGES = {
  nameRequired: 'Please enter the publishers name',
  regIdRequired: 'Please enter the publishers registration ID',
  regIdInvalid: 'Please enter a valid registration ID within the range of 2-30 characters',
  physicalAddressRequired: 'Please select the publishers physical address',
  physicalAddressInvalid: 'Please enter a valid physical address',
  postalAddressRequired: 'Please select the publishers postal address',
  postalAddressInvalid: 'Please enter a valid postal address',
  telephoneRequired: 'Please enter the publishers telephone number',
  telephoneInvalid: 'Please enter a valid telephone number',
  emailRequired: 'Please enter the publishers email',
  emailInvalid: 'Please enter a valid email',
  contactPersonRequired: 'Please enter the publishers contact person',
  contactPersonInvalid: 'Please enter a valid author name with no special characters and numbers',
} as const;

/** The bank messages of new-book-wizard.md section 5, local and international. */
export const BANK_DETAILS_MESSAGES = {
  bankNameRequired: 'Please enter your banks name',
  branchCodeRequired: 'Please enter your banks branch code',
  branchCodeInvalid: 'Please enter a valid branch code within the range of 2-30 numbers',
  branchNameRequired: 'Please enter your banks branch name',
  branchNameInvalid: 'Please enter a valid branch name',
  accountNameRequired: 'Please enter your bank account name',
  accountNameInvalid: 'Please enter a valid account name',
  accountTypeRequired: 'Please enter your bank account type',
  accountNumberRequired: 'Please enter your account number',
  accountNumberInvalid: 'Please enter a valid account number within the range of 2-30 numbers',
  bankAddressRequired: 'Please enter your bank address',
  bankAddressInvalid: 'Please enter a valid bank address',
  ibanRequired: 'Please enter your banks IBAN number',
  ibanInvalid: 'Please enter a valid IBAN number within the range of 2-34 characters and numbers',
  swiftRequired: 'Please enter your banks swift code',
  swiftInvalid: 'Please enter a valid swift code',
  paypalRequired: 'Please enter your paypal',
  paypalInvalid: 'Please enter a valid paypal',
} as const;

const P = PUBLISHER_DETAILS_MESSAGES;
const B = BANK_DETAILS_MESSAGES;

/** A registration id: letters, digits, space, slash and hyphen, 2 to 30 characters. */
export const REGISTRATION_ID_PATTERN = /^[A-Za-z0-9 /-]{2,30}$/;
/** An address has at least this many characters (spec section 9). */
export const MIN_ADDRESS_LENGTH = 5;
/** An address: at least 5 characters once trimmed (any characters: addresses carry digits and commas). */
export const ADDRESS_PATTERN = new RegExp(`^[\\s\\S]{${MIN_ADDRESS_LENGTH},}$`);
/** A telephone number as the phone input leaves it: an optional + then 8 to 15 digits. */
export const TELEPHONE_PATTERN = /^\+?\d{8,15}$/;
/** A person's name: letters with apostrophe, comma, period, hyphen and space, at least 2. */
export const PERSON_NAME_PATTERN = /^[\p{L}',. -]{2,}$/u;
/** A branch or account name: letters with apostrophe, comma, period, hyphen, parentheses and spaces, at least 2. */
export const BANK_NAME_TEXT_PATTERN = /^[\p{L}',.() -]{2,}$/u;
/** A branch code or account number: digits and spaces, 2 to 30. */
export const DIGITS_AND_SPACES_PATTERN = /^[\d ]{2,30}$/;
/** An IBAN: letters, digits and spaces, 2 to 34. */
export const IBAN_PATTERN = /^[A-Za-z0-9 ]{2,34}$/;
/** A swift code: letters and digits, 2 to 30 (the account area's 'alphanumeric'). */
export const SWIFT_PATTERN = /^[A-Za-z0-9]{2,30}$/;

/** The 14 local banks with the branch code picking one fills in (spec section 3). */
export const LOCAL_BANKS: readonly Bank[] = BANKS;
/** The account types of a local account: Cheque, Savings. */
export const BANK_ACCOUNT_TYPES = ACCOUNT_TYPES;

/** The universal branch code of a local bank by its name, or undefined for a name not in the list. */
export function branchCodeOf(bankName: string): string | undefined {
  return LOCAL_BANKS.find((bank) => bank.name === bankName)?.branchCode;
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim().length === 0;

/**
 * An optional text: absent or blank passes (react-final-form leaves an emptied field undefined),
 * otherwise it must match `pattern` (`invalidMessage`).
 */
function optionalMatching(pattern: RegExp, invalidMessage: string): Struct<string, null> {
  return define<string>('OptionalMatching', (value) => {
    if (value === undefined || value === null || (typeof value === 'string' && blank(value))) return true;
    return typeof value === 'string' && pattern.test(value.trim()) ? true : invalidMessage;
  });
}

/** A flag: absent counts as false. */
const flag = optional(boolean());

/**
 * The wizard's Publisher Details (new-book-wizard.md sections 3 and 5), with the draft's field
 * names (calc_publisherName ...). Every field is required; isSelfPublisher only prefills.
 */
export const PublisherDetails = looseObject({
  publisherName: required(P.nameRequired),
  publisherRegId: requiredMatching(P.regIdRequired, REGISTRATION_ID_PATTERN, P.regIdInvalid),
  publisherPhysicalAddress: requiredMatching(P.physicalAddressRequired, ADDRESS_PATTERN, P.physicalAddressInvalid),
  publisherPostalAddress: requiredMatching(P.postalAddressRequired, ADDRESS_PATTERN, P.postalAddressInvalid),
  publisherTelephone: requiredMatching(P.telephoneRequired, TELEPHONE_PATTERN, P.telephoneInvalid),
  publisherEmail: requiredMatching(P.emailRequired, EMAIL_PATTERN, P.emailInvalid),
  publisherContactPerson: requiredMatching(P.contactPersonRequired, PERSON_NAME_PATTERN, P.contactPersonInvalid),
  isSelfPublisher: flag,
});
/** Publisher Details as the form keeps them (and the draft stores them). */
export type PublisherDetails = Infer<typeof PublisherDetails>;

/** A local account type: Cheque or Savings; anything else asks for one. */
const AccountType = define<(typeof ACCOUNT_TYPES)[number]>('AccountType', (value) =>
  (ACCOUNT_TYPES as readonly unknown[]).includes(value) ? true : B.accountTypeRequired,
);

/** A local (South African) account: every field required (spec section 5, 'Bank step, local'). */
export const BankDetailsLocal = looseObject({
  bankName: required(B.bankNameRequired),
  branchCode: requiredMatching(B.branchCodeRequired, DIGITS_AND_SPACES_PATTERN, B.branchCodeInvalid),
  branchName: requiredMatching(B.branchNameRequired, BANK_NAME_TEXT_PATTERN, B.branchNameInvalid),
  accountName: requiredMatching(B.accountNameRequired, BANK_NAME_TEXT_PATTERN, B.accountNameInvalid),
  accountType: AccountType,
  accountNumber: requiredMatching(B.accountNumberRequired, DIGITS_AND_SPACES_PATTERN, B.accountNumberInvalid),
});
/** A local account as the form keeps it. */
export type BankDetailsLocal = Infer<typeof BankDetailsLocal>;

/** The parent object of a field, for a rule that reads a sibling (the PayPal flag). */
function parentOf(branch: unknown[]): Record<string, unknown> {
  const parent = branch[branch.length - 2];
  return typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>) : {};
}

/**
 * An international account (spec section 5, 'Bank step, international'): bank address, IBAN and
 * swift code required; account name and number checked by the local patterns when given; PayPal
 * required only with the PayPal flag, and a valid e-mail whenever given.
 */
export const BankDetailsInternational = looseObject({
  bankAddress: requiredMatching(B.bankAddressRequired, ADDRESS_PATTERN, B.bankAddressInvalid),
  ibanNumber: requiredMatching(B.ibanRequired, IBAN_PATTERN, B.ibanInvalid),
  swiftCode: requiredMatching(B.swiftRequired, SWIFT_PATTERN, B.swiftInvalid),
  accountName: optionalMatching(BANK_NAME_TEXT_PATTERN, B.accountNameInvalid),
  accountNumber: optionalMatching(DIGITS_AND_SPACES_PATTERN, B.accountNumberInvalid),
  isPaypalAccount: flag,
  paypal: dynamic<string>((_value, ctx) =>
    parentOf(ctx.branch).isPaypalAccount === true
      ? requiredMatching(B.paypalRequired, EMAIL_PATTERN, B.paypalInvalid)
      : optionalMatching(EMAIL_PATTERN, B.paypalInvalid),
  ),
});
/** An international account as the form keeps it. */
export type BankDetailsInternational = Infer<typeof BankDetailsInternational>;

/**
 * The bank details of either kind: `isInternationalAccount` chooses the field set (the other
 * set's fields are not checked), as the wizard's local/international toggle does.
 */
export const BankDetails = dynamic<Record<string, unknown>>((value) =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>).isInternationalAccount === true
    ? (BankDetailsInternational as unknown as Struct<Record<string, unknown>, null>)
    : (BankDetailsLocal as unknown as Struct<Record<string, unknown>, null>),
);

/** A saved profile value as the wizard reads it: trimmed text, or undefined when absent or blank (' ' counts as empty). */
export function savedText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined;
}

/** Saved banking details (portal.yaml `BankInfo`) as far as the international rule reads them. */
export interface SavedBankInternationalFields {
  international_swift_code?: unknown;
  international_iban_number?: unknown;
  international_bank_address?: unknown;
}

/** True when a swift code, IBAN or bank address is present and not blank: the account is international (spec section 3). */
export function isInternationalBankInfo(bankInfo: SavedBankInternationalFields | null | undefined): boolean {
  if (!bankInfo) return false;
  return [bankInfo.international_swift_code, bankInfo.international_iban_number, bankInfo.international_bank_address]
    .map(savedText)
    .some((value) => value !== undefined);
}
