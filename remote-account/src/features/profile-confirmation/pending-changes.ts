import { isInternationalBankInfo, savedText, type components } from '@pod/shared-contracts';

type PendingChanges = components['schemas']['PendingChanges'];
type PendingUserChanges = components['schemas']['PendingUserChanges'];
type PendingBankInfo = components['schemas']['PendingBankInfo'];

/** One reviewed value: a readable label and the value as the server gave it. */
export interface ReviewedValue {
  label: string;
  value: string;
}

/** One section of the review (person, bank, publisher); only sections with values are listed. */
export interface ReviewSection {
  title: string;
  items: ReviewedValue[];
}

const PERSON_LABELS: [keyof PendingUserChanges, string][] = [
  ['name_first', 'First name'],
  ['name_last', 'Last name'],
  ['username', 'Username'],
  ['email', 'E-mail address'],
  ['phone_main', 'Phone number'],
];

const LOCAL_BANK_LABELS: [keyof PendingBankInfo, string][] = [
  ['bank_name', 'Bank name'],
  ['brance_code', 'Branch code'],
  ['branch_name', 'Branch name'],
  ['account_name', 'Account holder name'],
  ['account_type', 'Account type'],
  ['account_number', 'Account number'],
];

const INTERNATIONAL_BANK_LABELS: [keyof PendingBankInfo, string][] = [
  ['international_bank_address', 'Bank address'],
  ['international_iban_number', 'IBAN'],
  ['account_name', 'Account holder name'],
  ['account_type', 'Account type'],
  ['account_number', 'Account number'],
  ['international_swift_code', 'Swift code'],
  ['paypal', 'PayPal address'],
];

const PUBLISHER_LABELS: [keyof PendingBankInfo, string][] = [
  ['publish_name', 'Publisher name'],
  ['email', 'Publisher e-mail'],
  ['telephone', 'Publisher phone'],
  ['contact_person', 'Contact name'],
  ['contact_name', 'Contact name'],
  ['reg_id_no', 'Company registration or ID number'],
  ['postal_address', 'Postal address'],
  ['physical_address', 'Physical address'],
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `pending_changes` (JSON text of portal.yaml `PendingChanges`, or null). Unreadable
 * text is treated as nothing waiting: logged, never shown (like an unreadable stored user).
 */
export function parsePendingChanges(text: string | null | undefined): PendingChanges | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? (parsed as PendingChanges) : null;
  } catch (error) {
    console.error('Unreadable pending_changes', error);
    return null;
  }
}

/** The labelled values present (a single blank space counts as empty); a label appears once. */
function reviewed(source: unknown, labels: [string, string][]): ReviewedValue[] {
  if (!isRecord(source)) return [];
  const items: ReviewedValue[] = [];
  for (const [key, label] of labels) {
    const value = savedText(source[key]);
    if (value !== undefined && !items.some((item) => item.label === label)) items.push({ label, value });
  }
  return items;
}

/**
 * The review of an update request, section by section: personal details, bank details (the
 * international set when the request says so or carries international fields, else the local
 * set) and publisher details, with readable labels and the values as given (the account number
 * and IBAN arrive masked, `•••• 6789`). Empty sections are left out; no sections means nothing
 * to review.
 */
export function reviewSections(changes: PendingChanges | null): ReviewSection[] {
  if (!changes) return [];
  const bank = changes.bankInfo;
  const international = changes.isInternational === true || isInternationalBankInfo(bank);
  const sections: ReviewSection[] = [
    { title: 'Personal details', items: reviewed(changes.pendingUserChanges, PERSON_LABELS) },
    {
      title: international ? 'Bank details (international)' : 'Bank details (local)',
      items: reviewed(bank, international ? INTERNATIONAL_BANK_LABELS : LOCAL_BANK_LABELS),
    },
    { title: 'Publisher details', items: reviewed(bank, PUBLISHER_LABELS) },
  ];
  return sections.filter((section) => section.items.length > 0);
}
