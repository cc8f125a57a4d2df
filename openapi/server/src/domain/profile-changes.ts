import { INTERNATIONAL_BANK_FIELDS, LOCAL_BANK_FIELDS } from '@pod/shared-contracts/validation';
import { BANK_FIELDS, PUBLISHER_FIELDS, isBlank } from './payout-details.js';

/**
 * Update requests (PUT /user/requestchange) as stored in users.pending_changes, and what an
 * admin's approval does with them. Pure: the services and the admin console call these.
 */

export { INTERNATIONAL_BANK_FIELDS, LOCAL_BANK_FIELDS };

export interface StoredUpdateRequest {
  pendingUserChanges: Record<'name_first' | 'name_last' | 'email' | 'phone_main', string>;
  /** Publisher fields and the chosen set's bank fields (the other set is not kept). */
  bankInfo: Record<string, string>;
  isInternational: boolean;
  [key: string]: unknown;
}

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Trimmed text, '' for absent or blank ("a single blank space counts as empty"). */
const text = (value: unknown): string => (isBlank(value) ? '' : (value as string).trim());

/**
 * The request as the rules read it and as it is stored: every value trimmed, the person's
 * e-mail from `email`, else the Username field; `contact_name` folded into `contact_person`
 * (the form's "contact name"); only the bank fields of the chosen set (`isInternational`).
 */
export function normalizeUpdateRequest(body: Record<string, unknown>): StoredUpdateRequest {
  const person = objectOf(body.pendingUserChanges);
  const bank = objectOf(body.bankInfo);
  const isInternational = body.isInternational === true;
  const pick = (source: Record<string, unknown>, fields: readonly string[]) =>
    Object.fromEntries(fields.map((field) => [field, text(source[field])]));
  const publisher = pick(bank, PUBLISHER_FIELDS);
  if (publisher.contact_person === '') publisher.contact_person = text(bank.contact_name);
  return {
    pendingUserChanges: {
      name_first: text(person.name_first),
      name_last: text(person.name_last),
      email: text(person.email) || text(person.username),
      phone_main: text(person.phone_main),
    },
    bankInfo: { ...pick(bank, isInternational ? INTERNATIONAL_BANK_FIELDS : LOCAL_BANK_FIELDS), ...publisher },
    isInternational,
  };
}

/** What approving a stored request changes on the account. */
export interface AppliedChanges {
  name_first: string;
  name_last: string;
  phone_main: string | null;
  misc: Record<string, unknown>;
  /** The requested address when it differs from the account's (it changes only through its confirmation link). */
  newEmail: string | null;
  /** Names of the fields whose value changed (for the audit trail; never the values). */
  changed: string[];
}

/**
 * Applies a stored request to the account: names and phone, the publisher fields (top level of
 * users.misc) and `bankInfo`, which is replaced by the chosen set alone so that a switch from
 * an international to a local account leaves no swift code behind (a swift code, IBAN or bank
 * address marks an account international). Blank requested values keep the saved ones.
 */
export function applyUpdateRequest(
  user: {
    email: string;
    name_first: string;
    name_last: string;
    phone_main: string | null;
    misc: Record<string, unknown>;
  },
  stored: Record<string, unknown>,
): AppliedChanges {
  const request = normalizeUpdateRequest(stored);
  const person = request.pendingUserChanges;
  const changed: string[] = [];
  const keep = (field: string, saved: string | null, requested: string) => {
    if (requested === '' || requested === saved) return saved;
    changed.push(field);
    return requested;
  };
  const name_first = keep('name_first', user.name_first, person.name_first) ?? '';
  const name_last = keep('name_last', user.name_last, person.name_last) ?? '';
  const phone_main = keep('phone_main', user.phone_main, person.phone_main);

  const misc: Record<string, unknown> = { ...user.misc };
  for (const field of PUBLISHER_FIELDS) {
    const requested = request.bankInfo[field] ?? '';
    if (requested !== '' && requested !== text(misc[field])) {
      misc[field] = requested;
      changed.push(field);
    }
  }
  const savedBank = objectOf(user.misc.bankInfo);
  const bankFields = request.isInternational ? INTERNATIONAL_BANK_FIELDS : LOCAL_BANK_FIELDS;
  const bankInfo = Object.fromEntries(
    bankFields.flatMap((field) => {
      const value = request.bankInfo[field] ?? '';
      return value === '' ? [] : [[field, value]];
    }),
  );
  for (const field of BANK_FIELDS) {
    if (text(savedBank[field]) !== text(bankInfo[field])) changed.push(`bankInfo.${field}`);
  }
  misc.bankInfo = bankInfo;

  const newEmail =
    person.email !== '' && person.email.toLowerCase() !== user.email.trim().toLowerCase() ? person.email : null;
  if (newEmail) changed.push('email');
  return { name_first, name_last, phone_main, misc, newEmail, changed };
}
