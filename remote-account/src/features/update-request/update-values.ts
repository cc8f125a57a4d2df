import {
  BANK_FIELDS,
  INTERNATIONAL_BANK_FIELDS,
  LOCAL_BANK_FIELDS,
  LOCAL_BANKS,
  PUBLISHER_FIELDS,
  type components,
  type User,
} from '@pod/shared-contracts';

/** The PUT /user/requestchange body (portal.yaml `PendingChanges`). */
export type RequestChangeBody = components['schemas']['PendingChanges'];

/** The person's fields, under `pendingUserChanges` as the request nests them. */
export interface PersonValues {
  name_first?: string;
  name_last?: string;
  /** The 'Username (e-mail)' field; sent as both `email` and `username`. */
  email?: string;
  phone_main?: string;
}

/**
 * Bank and publisher fields, under `bankInfo` as the request nests them. The local and the
 * international sets share `account_name`, `account_number` and `account_type` (one saved
 * account holds one of each), so switching the toggle keeps what was typed there.
 */
export interface BankInfoValues {
  bank_name?: string;
  brance_code?: string;
  branch_name?: string;
  account_name?: string;
  account_type?: string;
  account_number?: string;
  international_bank_address?: string;
  international_iban_number?: string;
  international_swift_code?: string;
  paypal?: string;
  publish_name?: string;
  email?: string;
  telephone?: string;
  contact_person?: string;
  reg_id_no?: string;
  postal_address?: string;
  physical_address?: string;
}

/**
 * The form's values, nested like the request so that the shared `UpdateRequest` struct's
 * failure paths (`bankInfo.brance_code`) are the form's field names. react-final-form leaves
 * an emptied field undefined, hence every value optional.
 */
export interface UpdateRequestValues {
  pendingUserChanges: PersonValues;
  bankInfo: BankInfoValues;
  isInternational: boolean;
}

/** The saved values the server answers masked: their last 4 characters, for the fields' hints. */
export interface SavedEndings {
  account_number?: string;
  international_iban_number?: string;
}

/** What the form starts from: the user's saved details, masked numbers left out. */
export interface SavedDetails {
  initialValues: UpdateRequestValues;
  /** Per masked field: '' when the saved value is too short to show an ending. */
  endings: SavedEndings;
}

const MASKED_FIELDS = ['account_number', 'international_iban_number'] as const;
const MASK = '•';

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Trimmed text; '' for anything else or a blank value ("a single blank space counts as empty"). */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** `User.misc` is JSON text; unreadable or absent reads as no saved details. */
function parseMisc(misc: unknown): Record<string, unknown> {
  if (typeof misc !== 'string' || misc.trim() === '') return objectOf(misc);
  try {
    return objectOf(JSON.parse(misc));
  } catch {
    return {};
  }
}

/** Shown instead of a full account number or IBAN: '•••• 6789', the server's own mask. */
export function maskTail(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.length <= 4 ? '••••' : `•••• ${compact.slice(-4)}`;
}

/** Phone numbers are sent as digits with an optional leading plus: spaces, hyphens and brackets go. */
export const compactPhone = (value: unknown): string => text(value).replace(/[\s()-]/g, '');

/**
 * The form's starting values from the current user: names, e-mail and phone from the user,
 * bank details from `misc.bankInfo` and publisher details from the top level of `misc`
 * (portal.yaml `UserMisc`). The account is international when a swift code, IBAN or bank
 * address is saved. Masked values (account number, IBAN) are never put in a field: the field
 * starts empty and its ending goes to `endings` for the hint.
 */
export function readSavedDetails(user: User): SavedDetails {
  const misc = parseMisc(user.misc);
  const bank = objectOf(misc.bankInfo);
  const endings: SavedEndings = {};
  const bankInfo: BankInfoValues = {};
  for (const field of BANK_FIELDS) {
    const value = text(bank[field]);
    if (!value) continue;
    const masked = (MASKED_FIELDS as readonly string[]).includes(field) && value.includes(MASK);
    if (masked) endings[field as (typeof MASKED_FIELDS)[number]] = value.replace(/[•\s]/g, '');
    else bankInfo[field] = value;
  }
  // The picker offers the 14 banks only; a saved name outside them starts unchosen.
  if (bankInfo.bank_name && !LOCAL_BANKS.some((known) => known.name === bankInfo.bank_name)) {
    delete bankInfo.bank_name;
  }
  for (const field of [
    'publish_name',
    'email',
    'telephone',
    'contact_person',
    'reg_id_no',
    'postal_address',
    'physical_address',
  ] as const) {
    const value = text(misc[field]);
    if (value) bankInfo[field] = value;
  }
  const isInternational = ['international_swift_code', 'international_iban_number', 'international_bank_address'].some(
    (field) => text(bank[field]) !== '',
  );
  const person: PersonValues = {};
  const first = text(user.name_first) || text(user.firstname);
  const last = text(user.name_last) || text(user.lastname);
  if (first) person.name_first = first;
  if (last) person.name_last = last;
  if (text(user.email)) person.email = text(user.email);
  if (text(user.phone_main)) person.phone_main = text(user.phone_main);
  return { initialValues: { pendingUserChanges: person, bankInfo, isInternational }, endings };
}

/**
 * The request the form sends (and validates with the shared `UpdateRequest` struct): values
 * trimmed (a blank one becomes ''), phones compacted, the e-mail as `email` and `username`,
 * and only the bank fields of the chosen set.
 */
export function toRequest(values: UpdateRequestValues): RequestChangeBody {
  const person = values.pendingUserChanges ?? {};
  const bank = values.bankInfo ?? {};
  const isInternational = values.isInternational === true;
  const email = text(person.email);
  const bankInfo: Record<string, string> = {};
  for (const field of isInternational ? INTERNATIONAL_BANK_FIELDS : LOCAL_BANK_FIELDS)
    bankInfo[field] = text(bank[field]);
  for (const field of PUBLISHER_FIELDS) bankInfo[field] = text(bank[field]);
  bankInfo.telephone = compactPhone(bank.telephone);
  return {
    pendingUserChanges: {
      name_first: text(person.name_first),
      name_last: text(person.name_last),
      username: email,
      email,
      phone_main: compactPhone(person.phone_main),
    },
    bankInfo,
    isInternational,
  };
}

/** True when the user has a request waiting for review (a new one replaces it). */
export function hasPendingRequest(user: Pick<User, 'user_confirmation' | 'pending_changes'>): boolean {
  return user.user_confirmation === 1 && text(user.pending_changes) !== '' && text(user.pending_changes) !== 'null';
}
