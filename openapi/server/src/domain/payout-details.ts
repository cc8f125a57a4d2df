import {
  BANK_FIELDS,
  PUBLISHER_FIELDS,
  type BankField,
  type PublisherField,
  BankDetailsInternational,
  BankDetailsLocal,
  PublisherDetails as PublisherDetailsRules,
  firstFailure,
} from '@pod/shared-contracts/validation';

/**
 * Publisher and bank details of a user (portal.yaml UserMisc: publisher fields at the top level
 * of users.misc, bank fields under `bankInfo`), as the signed-contract payload names them.
 * Pure: merging saved and sent details, the wizard's rules with the specification's messages
 * (new-book-wizard.md section 5), and masking for answers.
 *
 * The rules are the wizard's own structs of `@pod/shared-contracts/validation` (PublisherDetails,
 * BankDetailsLocal, BankDetailsInternational), so the form and the API say the same words.
 */

export { BANK_FIELDS, PUBLISHER_FIELDS, type BankField, type PublisherField };

export type PublisherDetails = Record<PublisherField, string>;
export type BankDetails = Record<BankField, string>;

export interface PayoutDetails {
  publisher: PublisherDetails;
  bank: BankDetails;
}

/** The specification's default of an empty branch name in the signed-contract payload. */
export const DEFAULT_BRANCH_NAME = 'N/A';

/** "A single blank space counts as empty" (account-area.md section 3). */
export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

const text = (value: unknown): string => (isBlank(value) ? '' : (value as string).trim());

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The details saved in users.misc (blank where nothing is saved). */
export function savedDetails(misc: Record<string, unknown>): PayoutDetails {
  const bankInfo = objectOf(misc.bankInfo);
  return {
    publisher: Object.fromEntries(PUBLISHER_FIELDS.map((field) => [field, text(misc[field])])) as PublisherDetails,
    bank: Object.fromEntries(BANK_FIELDS.map((field) => [field, text(bankInfo[field])])) as BankDetails,
  };
}

export interface MergedDetails {
  /** What the contract uses: a saved value wherever one exists, else the sent one. */
  details: PayoutDetails;
  /** users.misc with the fields that were empty filled from the payload (saved ones untouched). */
  misc: Record<string, unknown>;
}

/**
 * Saved details win (they are read-only in the wizard; only the profile's Update Request changes
 * them): a field is taken from the payload only where nothing is saved. An empty branch name
 * becomes 'N/A'.
 */
export function mergeDetails(misc: Record<string, unknown>, sent: Record<string, unknown>): MergedDetails {
  const saved = savedDetails(misc);
  const pick = (savedValue: string, field: string) => (savedValue !== '' ? savedValue : text(sent[field]));
  const publisher = Object.fromEntries(
    PUBLISHER_FIELDS.map((field) => [field, pick(saved.publisher[field], field)]),
  ) as PublisherDetails;
  const bank = Object.fromEntries(BANK_FIELDS.map((field) => [field, pick(saved.bank[field], field)])) as BankDetails;
  if (bank.branch_name === '') bank.branch_name = DEFAULT_BRANCH_NAME;

  const nonEmpty = <T extends Record<string, string>>(values: T) =>
    Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  return {
    details: { publisher, bank },
    misc: { ...misc, ...nonEmpty(publisher), bankInfo: { ...objectOf(misc.bankInfo), ...nonEmpty(bank) } },
  };
}

/** A swift code, IBAN or bank address present and not blank marks the account international. */
export const isInternationalAccount = (bank: BankDetails): boolean =>
  !isBlank(bank.international_swift_code) ||
  !isBlank(bank.international_iban_number) ||
  !isBlank(bank.international_bank_address);

/**
 * The first broken rule of the publisher step, then of the bank step (local or international
 * field set, as the saved or sent values make the account), in the wizard's order; undefined
 * when the details are complete.
 */
export function payoutDetailsFailure(details: PayoutDetails): string | undefined {
  const { publisher, bank } = details;
  // The wizard's own structs (the form says the same words), with the draft's field names.
  const publisherFailure = firstFailure(PublisherDetailsRules, {
    publisherName: publisher.publish_name,
    publisherRegId: publisher.reg_id_no,
    publisherPhysicalAddress: publisher.physical_address,
    publisherPostalAddress: publisher.postal_address,
    publisherTelephone: publisher.telephone,
    publisherEmail: publisher.email,
    publisherContactPerson: publisher.contact_person,
    isSelfPublisher: false,
  });
  if (publisherFailure) return publisherFailure;
  if (isInternationalAccount(bank)) {
    return firstFailure(BankDetailsInternational, {
      bankAddress: bank.international_bank_address,
      ibanNumber: bank.international_iban_number,
      swiftCode: bank.international_swift_code,
      accountName: bank.account_name,
      accountNumber: bank.account_number,
      isPaypalAccount: false,
      paypal: bank.paypal,
    });
  }
  return firstFailure(BankDetailsLocal, {
    bankName: bank.bank_name,
    branchCode: bank.brance_code,
    // The payload's default 'N/A' (spec section 3: branch_name defaults to 'N/A') is accepted as
    // it always was; the struct's letters-only pattern would refuse its slash.
    branchName: bank.branch_name === DEFAULT_BRANCH_NAME ? 'Not applicable' : bank.branch_name,
    accountName: bank.account_name,
    accountType: bank.account_type,
    accountNumber: bank.account_number,
  });
}

/** Shown instead of a bank account number or IBAN: its last 4 characters only, e.g. '•••• 6789'. */
export function maskTail(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.length <= 4 ? '••••' : `•••• ${compact.slice(-4)}`;
}

/** The fields never echoed back whole. */
export const MASKED_BANK_FIELDS = ['account_number', 'international_iban_number'] as const;

/** `bankInfo` (of users.misc or of pending changes) with the account number and IBAN masked. */
function maskBankInfo(bankInfo: unknown): unknown {
  const info = objectOf(bankInfo);
  if (Object.keys(info).length === 0) return bankInfo;
  const masked = { ...info };
  for (const field of MASKED_BANK_FIELDS) {
    if (!isBlank(masked[field])) masked[field] = maskTail(masked[field] as string);
  }
  return masked;
}

/** A misc-like object (users.misc, pending_changes) as answers may show it. */
export function maskMisc<T extends Record<string, unknown>>(misc: T): T {
  return 'bankInfo' in misc ? { ...misc, bankInfo: maskBankInfo(misc.bankInfo) } : misc;
}

/** The bank details as the contract prints them: account number and IBAN masked. */
export function maskedBank(bank: BankDetails): BankDetails {
  const masked = { ...bank };
  for (const field of MASKED_BANK_FIELDS) if (masked[field] !== '') masked[field] = maskTail(masked[field]);
  return masked;
}
