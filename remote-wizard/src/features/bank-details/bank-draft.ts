import { readDraftFields, writeDraftFields } from '../../lib/draft-storage';
import { BANK_FLAG_FIELDS, BANK_TEXT_FIELDS } from '../../lib/payout-fields';

/**
 * Bank details in the book draft, with the names of new-book-wizard.md section 3
 * (calc_bankName, calc_branchCode, ..., calc_isInternationalAccount, calc_isPaypalAccount), one
 * JSON value per field. Both field sets are kept, so switching between local and international
 * loses nothing; the contract stage sends the set the flag chooses.
 */

export { BANK_FLAG_FIELDS, BANK_TEXT_FIELDS } from '../../lib/payout-fields';

/** A text field of the bank details. */
export type BankTextField = (typeof BANK_TEXT_FIELDS)[number];
type BankFlagField = (typeof BANK_FLAG_FIELDS)[number];

/** The bank details as the form holds them. */
export type BankValues = { [K in BankTextField]: string } & { [K in BankFlagField]: boolean };

/** The stored bank details; a missing or mistyped value reads as empty. */
export function readBankDraft(): BankValues {
  return readDraftFields(BANK_TEXT_FIELDS, BANK_FLAG_FIELDS);
}

/** Stores the given fields (an emptied field as ''). */
export function writeBankDraft(values: Partial<BankValues>): void {
  writeDraftFields(BANK_TEXT_FIELDS, BANK_FLAG_FIELDS, values);
}
