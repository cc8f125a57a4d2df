import { assign, boolean, define, dynamic, optional, type as looseObject, type Infer, type Struct } from 'superstruct';
import { ACCOUNT_TYPES } from '../constants';
import { ADDRESS_PATTERN, LOCAL_BANKS, REGISTRATION_ID_PATTERN, TELEPHONE_PATTERN } from './publisher-bank';
import { EMAIL_PATTERN, required, requiredMatching } from './rules';

/**
 * The Update Request form (/profile/update-users) and PUT /user/requestchange: the messages of
 * account-area.md section 5 ('Update request, person', 'local bank', 'international bank',
 * 'publisher'), word for word ('banks', "bank's" and 'publishers' are the spec's own). They differ
 * from the wizard's (new-book-wizard.md) in wording and in the ranges: branch code and account
 * number 4 to 30 here, IBAN 4 to 34. The structs use the request's own field names
 * (portal.yaml `PendingChanges`), so the form and the server check the same object.
 */
export const UPDATE_REQUEST_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter your email address',
  phone: 'Please enter your phone number',
  bankName: 'Please enter your banks name',
  branchCodeRequired: 'Please enter your banks branch code',
  branchCodeInvalid: 'Please enter a valid branch code within the range of 4-30 numbers',
  branchNameRequired: "Please enter your bank's branch name",
  branchNameInvalid: 'Please enter a valid branch name',
  accountNameRequired: 'Please enter your bank account name',
  accountNameInvalid: 'Please enter a valid account name',
  accountNumberRequired: 'Please enter your account number',
  accountNumberInvalid: 'Please enter a valid account number',
  accountType: 'Please enter your account type',
  bankAddressRequired: 'Please enter your bank address',
  bankAddressInvalid: 'Please enter a valid bank address',
  ibanRequired: 'Please enter your banks IBAN number',
  ibanInvalid: 'Please enter a valid IBAN number',
  swiftRequired: 'Please enter your banks swift code',
  swiftInvalid: 'Please enter a valid swift code',
  paypalInvalid: 'Please enter a valid paypal',
  publisherName: 'Please enter your publishers name',
  publisherEmailRequired: 'Please enter your publishers email',
  publisherEmailInvalid: 'Please enter a valid email',
  publisherPhoneRequired: 'Please enter your publishers phone number',
  publisherPhoneInvalid: 'Please enter a valid phone number',
  contactNameRequired: 'Please enter your contact name',
  contactNameInvalid: 'Please enter a valid contact name',
  regIdRequired: 'Please enter your business registration number',
  regIdInvalid: 'Please enter a valid business registration number',
  postalAddressRequired: 'Please enter your postal address',
  postalAddressInvalid: 'Please enter a valid postal address',
  physicalAddressRequired: 'Please enter your physical address',
  physicalAddressInvalid: 'Please enter a valid physical address',
} as const;

const M = UPDATE_REQUEST_MESSAGES;

/** A person's name on the Update Request: letters, apostrophe, comma, period, space, hyphen; at least 2. */
export const UPDATE_NAME_PATTERN = /^[\p{L}',. -]{2,}$/u;
/** A branch code or account number on the Update Request: digits and spaces, 4 to 30. */
export const UPDATE_DIGITS_PATTERN = /^[\d ]{4,30}$/;
/** An IBAN on the Update Request: letters, digits and spaces, 4 to 34. */
export const UPDATE_IBAN_PATTERN = /^[A-Za-z0-9 ]{4,34}$/;
/** A swift code: letters and digits ('alphanumeric'), at most 30 (the field's length). */
export const UPDATE_SWIFT_PATTERN = /^[A-Za-z0-9]{1,30}$/;
/** A branch, holder or contact name: letters with apostrophe, comma, period, hyphen, parentheses and spaces, at least 2. */
export const UPDATE_NAME_TEXT_PATTERN = /^[\p{L}',.() -]{2,}$/u;

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim().length === 0;

/** Absent or blank (a single space counts as empty) passes; otherwise `pattern` or `message`. */
function ifPresent(pattern: RegExp, message: string): Struct<string, null> {
  return define<string>('ifPresent', (value) => {
    if (value === undefined || value === null || isBlank(value)) return true;
    return typeof value === 'string' && pattern.test(value.trim()) ? true : message;
  });
}

/** One of `allowed` (trimmed), else `message` (blank included). */
function oneOf(allowed: readonly string[], message: string): Struct<string, null> {
  return define<string>('oneOf', (value) =>
    typeof value === 'string' && allowed.includes(value.trim()) ? true : message,
  );
}

/** Absent or blank, else one of `allowed` (trimmed), else `message`. */
function oneOfIfPresent(allowed: readonly string[], message: string): Struct<string, null> {
  return define<string>('oneOfIfPresent', (value) => {
    if (value === undefined || value === null || isBlank(value)) return true;
    return typeof value === 'string' && allowed.includes(value.trim()) ? true : message;
  });
}

/** The person section: first name, last name, e-mail (the Username field) and phone, all required. */
export const UpdateRequestPerson = looseObject({
  name_first: requiredMatching(M.firstName, UPDATE_NAME_PATTERN, M.firstName),
  name_last: requiredMatching(M.lastName, UPDATE_NAME_PATTERN, M.lastName),
  email: requiredMatching(M.email, EMAIL_PATTERN, M.email),
  phone_main: requiredMatching(M.phone, TELEPHONE_PATTERN, M.phone),
});
/** The person section as the form keeps it. */
export type UpdateRequestPerson = Infer<typeof UpdateRequestPerson>;

/**
 * A local account: one of the 14 banks (the picker offers only those), branch code and account
 * number of 4 to 30 digits or spaces, branch and holder names, Cheque or Savings.
 */
export const UpdateRequestLocalBank = looseObject({
  bank_name: oneOf(
    LOCAL_BANKS.map((bank) => bank.name),
    M.bankName,
  ),
  brance_code: requiredMatching(M.branchCodeRequired, UPDATE_DIGITS_PATTERN, M.branchCodeInvalid),
  branch_name: requiredMatching(M.branchNameRequired, UPDATE_NAME_TEXT_PATTERN, M.branchNameInvalid),
  account_name: requiredMatching(M.accountNameRequired, UPDATE_NAME_TEXT_PATTERN, M.accountNameInvalid),
  account_type: oneOf(ACCOUNT_TYPES, M.accountType),
  account_number: requiredMatching(M.accountNumberRequired, UPDATE_DIGITS_PATTERN, M.accountNumberInvalid),
});
/** A local account as the form keeps it. */
export type UpdateRequestLocalBank = Infer<typeof UpdateRequestLocalBank>;

/**
 * An international account: bank address (at least 5), IBAN (4 to 34) and swift code required;
 * holder name and account number checked when given; PayPal, when given, a valid e-mail.
 */
export const UpdateRequestInternationalBank = looseObject({
  international_bank_address: requiredMatching(M.bankAddressRequired, ADDRESS_PATTERN, M.bankAddressInvalid),
  international_iban_number: requiredMatching(M.ibanRequired, UPDATE_IBAN_PATTERN, M.ibanInvalid),
  international_swift_code: requiredMatching(M.swiftRequired, UPDATE_SWIFT_PATTERN, M.swiftInvalid),
  account_name: ifPresent(UPDATE_NAME_TEXT_PATTERN, M.accountNameInvalid),
  account_type: oneOfIfPresent(ACCOUNT_TYPES, M.accountType),
  account_number: ifPresent(UPDATE_DIGITS_PATTERN, M.accountNumberInvalid),
  paypal: ifPresent(EMAIL_PATTERN, M.paypalInvalid),
});
/** An international account as the form keeps it. */
export type UpdateRequestInternationalBank = Infer<typeof UpdateRequestInternationalBank>;

/**
 * The publisher section, every field required. `contact_person` is the form's "contact name"
 * (portal.yaml also accepts `contact_name` for it; the server folds one into the other).
 */
export const UpdateRequestPublisher = looseObject({
  publish_name: required(M.publisherName),
  email: requiredMatching(M.publisherEmailRequired, EMAIL_PATTERN, M.publisherEmailInvalid),
  telephone: requiredMatching(M.publisherPhoneRequired, TELEPHONE_PATTERN, M.publisherPhoneInvalid),
  contact_person: requiredMatching(M.contactNameRequired, UPDATE_NAME_TEXT_PATTERN, M.contactNameInvalid),
  reg_id_no: requiredMatching(M.regIdRequired, REGISTRATION_ID_PATTERN, M.regIdInvalid),
  postal_address: requiredMatching(M.postalAddressRequired, ADDRESS_PATTERN, M.postalAddressInvalid),
  physical_address: requiredMatching(M.physicalAddressRequired, ADDRESS_PATTERN, M.physicalAddressInvalid),
});
/** The publisher section as the form keeps it. */
export type UpdateRequestPublisher = Infer<typeof UpdateRequestPublisher>;

const LocalBankAndPublisher = assign(UpdateRequestLocalBank, UpdateRequestPublisher);
const InternationalBankAndPublisher = assign(UpdateRequestInternationalBank, UpdateRequestPublisher);

/** The request's `isInternational` toggle, read from the branch (the bankInfo struct's parent). */
function isInternationalRequest(branch: unknown[]): boolean {
  const root = branch[0];
  return typeof root === 'object' && root !== null && (root as Record<string, unknown>).isInternational === true;
}

/**
 * The whole request (portal.yaml `PendingChanges`): the person (`pendingUserChanges`), then the
 * bank fields of the chosen set (`isInternational`), then the publisher fields (both in
 * `bankInfo`), in the order the form shows them; failures carry their path
 * (`bankInfo.brance_code`), so `validateForm` nests them and `firstFailure` answers the first.
 */
export const UpdateRequest = looseObject({
  pendingUserChanges: UpdateRequestPerson,
  bankInfo: dynamic<Record<string, unknown>>((_value, ctx) =>
    isInternationalRequest(ctx.branch)
      ? (InternationalBankAndPublisher as unknown as Struct<Record<string, unknown>, null>)
      : (LocalBankAndPublisher as unknown as Struct<Record<string, unknown>, null>),
  ),
  isInternational: optional(boolean()),
});
/** An update request as the form submits it. */
export type UpdateRequest = Infer<typeof UpdateRequest>;
