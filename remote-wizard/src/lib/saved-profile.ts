import { isInternationalBankInfo, savedText, type User } from '@pod/shared-contracts';

/**
 * The publisher and bank details saved in the user's profile (portal.yaml `UserMisc`: publisher
 * fields at the top of `misc`, banking under `misc.bankInfo`), under the wizard's draft names.
 * The wizard prefills and locks a field whose saved value is present and not blank (spec section
 * 3; a single space counts as empty); changing one is the profile's Update Request.
 */

/** Profile key -> the Publisher Details field it fills. */
const PUBLISHER_KEYS = {
  publish_name: 'publisherName',
  reg_id_no: 'publisherRegId',
  physical_address: 'publisherPhysicalAddress',
  postal_address: 'publisherPostalAddress',
  telephone: 'publisherTelephone',
  email: 'publisherEmail',
  contact_person: 'publisherContactPerson',
} as const;

/** bankInfo key -> the bank field it fills (`brance_code` is spelt so in the profile). */
const BANK_KEYS = {
  bank_name: 'bankName',
  brance_code: 'branchCode',
  branch_name: 'branchName',
  account_name: 'accountName',
  account_type: 'accountType',
  account_number: 'accountNumber',
  international_swift_code: 'swiftCode',
  international_iban_number: 'ibanNumber',
  international_bank_address: 'bankAddress',
  paypal: 'paypal',
} as const;

/** A Publisher Details field a profile value can fill. */
export type SavedPublisherField = (typeof PUBLISHER_KEYS)[keyof typeof PUBLISHER_KEYS];
/** A bank field a profile value can fill. */
export type SavedBankField = (typeof BANK_KEYS)[keyof typeof BANK_KEYS];

/** What the profile holds for the wizard. */
export interface SavedProfile {
  /** Saved publisher values by field; a field absent here is not saved (and stays editable). */
  publisher: Partial<Record<SavedPublisherField, string>>;
  /** Saved bank values by field. */
  bank: Partial<Record<SavedBankField, string>>;
  /** A saved swift code, IBAN or bank address makes the saved account international. */
  bankInternational: boolean;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `misc` as the API sends it: JSON text (an object from older data is read as is); anything unreadable is empty. */
export function parseUserMisc(misc: unknown): Record<string, unknown> {
  if (typeof misc !== 'string') return asRecord(misc);
  try {
    return asRecord(JSON.parse(misc));
  } catch {
    return {};
  }
}

function pick<K extends string, F extends string>(source: Record<string, unknown>, keys: Record<K, F>) {
  const values: Partial<Record<F, string>> = {};
  for (const [key, field] of Object.entries(keys) as [K, F][]) {
    const value = savedText(source[key]);
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** The saved publisher and bank details of `user` (none without a user). */
export function readSavedProfile(user: Pick<User, 'misc'> | null | undefined): SavedProfile {
  const misc = parseUserMisc(user?.misc);
  const bankInfo = asRecord(misc.bankInfo);
  return {
    publisher: pick(misc, PUBLISHER_KEYS),
    bank: pick(bankInfo, BANK_KEYS),
    bankInternational: isInternationalBankInfo(bankInfo),
  };
}

/** The note of a locked field (spec section 3), word for word. */
export const LOCKED_NOTE =
  'If you wish to change these details, please navigate to the "Profile" section and select the "Update Request" option.';
