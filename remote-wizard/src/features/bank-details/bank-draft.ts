import { readDraft, writeDraft } from '../../lib/draft-storage';

/**
 * Bank details in the book draft, with the names of new-book-wizard.md section 3
 * (calc_bankName, calc_branchCode, ..., calc_isInternationalAccount, calc_isPaypalAccount), one
 * JSON value per field. Both field sets are kept, so switching between local and international
 * loses nothing; the contract stage sends the set the flag chooses.
 */

/** Draft fields that hold text. */
export const BANK_TEXT_FIELDS = [
  'bankName',
  'branchCode',
  'branchName',
  'accountName',
  'accountType',
  'accountNumber',
  'bankAddress',
  'ibanNumber',
  'swiftCode',
  'paypal',
] as const;

/** Draft fields that are toggles. */
export const BANK_FLAG_FIELDS = ['isInternationalAccount', 'isPaypalAccount'] as const;

/** A text field of the bank details. */
export type BankTextField = (typeof BANK_TEXT_FIELDS)[number];
type BankFlagField = (typeof BANK_FLAG_FIELDS)[number];

/** The bank details as the form holds them. */
export type BankValues = { [K in BankTextField]: string } & { [K in BankFlagField]: boolean };

/** The stored bank details; a missing or mistyped value reads as empty. */
export function readBankDraft(): BankValues {
  const values = {} as BankValues;
  for (const field of BANK_TEXT_FIELDS) {
    const stored = readDraft<unknown>(field, '');
    values[field] = typeof stored === 'string' ? stored : '';
  }
  for (const field of BANK_FLAG_FIELDS) values[field] = readDraft<unknown>(field, false) === true;
  return values;
}

/** Stores the bank details (an emptied field as ''). */
export function writeBankDraft(values: Partial<BankValues>): void {
  for (const field of BANK_TEXT_FIELDS) writeDraft(field, values[field] ?? '');
  for (const field of BANK_FLAG_FIELDS) writeDraft(field, values[field] === true);
}
