import { ACCOUNT_TYPES } from '@pod/shared-contracts/constants';
import { EMAIL_PATTERN } from '@pod/shared-contracts/validation';

/**
 * Publisher and bank details of a user (portal.yaml UserMisc: publisher fields at the top level
 * of users.misc, bank fields under `bankInfo`), as the signed-contract payload names them.
 * Pure: merging saved and sent details, the wizard's rules with the specification's messages
 * (new-book-wizard.md section 5), and masking for answers.
 *
 * The rules live here until the publisher and bank structs exist in
 * `@pod/shared-contracts/validation` (the front end of issue 13 writes them); the server should
 * then use those, as it does for the other forms.
 */

export const PUBLISHER_FIELDS = [
  'publish_name',
  'reg_id_no',
  'physical_address',
  'postal_address',
  'telephone',
  'email',
  'contact_person',
] as const;

export const BANK_FIELDS = [
  'bank_name',
  'brance_code',
  'branch_name',
  'account_name',
  'account_type',
  'account_number',
  'international_bank_address',
  'international_iban_number',
  'international_swift_code',
  'paypal',
] as const;

export type PublisherField = (typeof PUBLISHER_FIELDS)[number];
export type BankField = (typeof BANK_FIELDS)[number];
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

const NAME_PATTERN = /^[\p{L}' ,.-]{2,}$/u;
const BRANCH_NAME_PATTERN = /^[\p{L}' ,.()-]{2,}$/u;
const DIGITS_2_30 = /^[\d ]{2,30}$/;

type Rule = (value: string) => string | undefined;
const required =
  (message: string): Rule =>
  (value) =>
    value === '' ? message : undefined;
const matching =
  (pattern: RegExp, message: string): Rule =>
  (value) =>
    value === '' || pattern.test(value) ? undefined : message;
const minLength =
  (length: number, message: string): Rule =>
  (value) =>
    value === '' || value.length >= length ? undefined : message;

const PUBLISHER_RULES: Array<[PublisherField, Rule[]]> = [
  ['publish_name', [required('Please enter the publishers name')]],
  [
    'reg_id_no',
    [
      required('Please enter the publishers registration ID'),
      matching(/^[A-Za-z0-9 /-]{2,30}$/, 'Please enter a valid registration ID within the range of 2-30 characters'),
    ],
  ],
  [
    'physical_address',
    [required('Please select the publishers physical address'), minLength(5, 'Please enter a valid physical address')],
  ],
  [
    'postal_address',
    [required('Please select the publishers postal address'), minLength(5, 'Please enter a valid postal address')],
  ],
  [
    'telephone',
    [
      required('Please enter the publishers telephone number'),
      matching(/^\+?\d{8,15}$/, 'Please enter a valid telephone number'),
    ],
  ],
  ['email', [required('Please enter the publishers email'), matching(EMAIL_PATTERN, 'Please enter a valid email')]],
  [
    'contact_person',
    [
      required('Please enter the publishers contact person'),
      matching(NAME_PATTERN, 'Please enter a valid author name with no special characters and numbers'),
    ],
  ],
];

const LOCAL_BANK_RULES: Array<[BankField, Rule[]]> = [
  ['bank_name', [required('Please enter your banks name')]],
  [
    'brance_code',
    [
      required('Please enter your banks branch code'),
      matching(DIGITS_2_30, 'Please enter a valid branch code within the range of 2-30 numbers'),
    ],
  ],
  [
    'branch_name',
    [
      required('Please enter your banks branch name'),
      (value) =>
        value === DEFAULT_BRANCH_NAME || BRANCH_NAME_PATTERN.test(value)
          ? undefined
          : 'Please enter a valid branch name',
    ],
  ],
  [
    'account_name',
    [required('Please enter your bank account name'), matching(NAME_PATTERN, 'Please enter a valid account name')],
  ],
  [
    'account_type',
    [
      (value) =>
        (ACCOUNT_TYPES as readonly string[]).includes(value) ? undefined : 'Please enter your bank account type',
    ],
  ],
  [
    'account_number',
    [
      required('Please enter your account number'),
      matching(DIGITS_2_30, 'Please enter a valid account number within the range of 2-30 numbers'),
    ],
  ],
];

const INTERNATIONAL_BANK_RULES: Array<[BankField, Rule[]]> = [
  [
    'international_bank_address',
    [required('Please enter your bank address'), minLength(5, 'Please enter a valid bank address')],
  ],
  [
    'international_iban_number',
    [
      required('Please enter your banks IBAN number'),
      matching(
        /^[A-Za-z0-9 ]{2,34}$/,
        'Please enter a valid IBAN number within the range of 2-34 characters and numbers',
      ),
    ],
  ],
  [
    'international_swift_code',
    [
      required('Please enter your banks swift code'),
      matching(/^[A-Za-z0-9]{2,30}$/, 'Please enter a valid swift code'),
    ],
  ],
  ['account_name', [matching(NAME_PATTERN, 'Please enter a valid account name')]],
  ['account_number', [matching(DIGITS_2_30, 'Please enter a valid account number within the range of 2-30 numbers')]],
  ['paypal', [matching(EMAIL_PATTERN, 'Please enter a valid paypal')]],
];

function firstFailure<F extends string>(values: Record<F, string>, rules: Array<[F, Rule[]]>): string | undefined {
  for (const [field, fieldRules] of rules) {
    for (const rule of fieldRules) {
      const message = rule(values[field]);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

/**
 * The first broken rule of the publisher step, then of the bank step (local or international
 * field set, as the saved or sent values make the account), in the wizard's order; undefined
 * when the details are complete.
 */
export function payoutDetailsFailure(details: PayoutDetails): string | undefined {
  return (
    firstFailure(details.publisher, PUBLISHER_RULES) ??
    firstFailure(details.bank, isInternationalAccount(details.bank) ? INTERNATIONAL_BANK_RULES : LOCAL_BANK_RULES)
  );
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
