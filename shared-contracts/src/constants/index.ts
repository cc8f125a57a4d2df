/**
 * Business constants of the portal, from section 9 of both specification documents.
 * Imported by the front ends through `@pod/shared-contracts` and by the reference API
 * through `@pod/shared-contracts/constants`, so both sides agree on every number.
 */

/** Every document title starts with this prefix. */
export const DOCUMENT_TITLE_PREFIX = 'Print on Demand |';

/** VAT rate applied to cart items (15%). */
export const VAT_RATE = 0.15;

/** Shown when the server's message is missing or is the bare 'Internal server error'. */
export const GENERIC_ERROR_MESSAGE =
  "Something went wrong and we're not sure what to do about it. Please try again and contact us if the error persists.";

/** The customer-support address ({email} in the specification). */
export const SUPPORT_EMAIL = 'support@pod.local';

/**
 * The cookie that tells the server this browser holds a session, so that it answers a signed-in
 * page with its pre-rendered shell (openapi/server static-site.ts) instead of a blank page. A
 * hint and nothing more: value `1`, no token, no user, never read for access (the API reads the
 * bearer token); a stale hint only means the shell shows for a moment before /login. Set and
 * cleared by the session code (session/storage.ts).
 */
export const SIGNED_IN_HINT_COOKIE = 'pod-signed-in';

/** Registration welcome credit in rand. */
export const WELCOME_CREDIT = 100;

/** Paging and limits the specification fixes. */
export const LIMITS = {
  ordersPageSize: 12,
  sharedOrdersTake: 100,
  booksListScrollAbove: 8,
  payoutThreshold: 100,
  welcomeCheckAttempts: 5,
  welcomeCheckIntervalMs: 5_000,
  updateNoticeIntervalMs: 3_600_000,
  successRedirectMs: 2_000,
  updateValidationDelayMs: 200,
  tabConflictWindowMs: 10_000,
  chatPollMs: 20_000,
  uploadChunkBytes: 1_024_000,
  royaltyDebounceMs: 300,
} as const;

/** Months (1-12) in which royalty payouts are made. */
export const PAYOUT_MONTHS = [3, 6, 9, 12] as const;

/** A local bank with its universal branch code (spaces as in the specification). */
export interface Bank {
  /** Bank name as shown in the picker. */
  name: string;
  /** Universal branch code, auto-filled when the bank is chosen. */
  branchCode: string;
}

/** The 14 local banks and their branch codes. */
export const BANKS: readonly Bank[] = [
  { name: 'Absa Group Limited', branchCode: '632 005' },
  { name: 'African Bank Limited', branchCode: '430 000' },
  { name: 'Bidvest Bank Limited', branchCode: '462 005' },
  { name: 'Capitec Bank Limited', branchCode: '470 010' },
  { name: 'Discovery Limited', branchCode: '679 000' },
  { name: 'First National Bank', branchCode: '250 655' },
  { name: 'FirstRand Bank (a subsidiary of First Rand Limited)', branchCode: '250 655' },
  { name: 'Grindrod Bank Limited', branchCode: '223 626' },
  { name: 'Investec Bank Limited', branchCode: '580 105' },
  { name: 'Nedbank Limited', branchCode: '198 765' },
  { name: 'Sasfin Bank Limited', branchCode: '683 000' },
  { name: 'Standard Bank of South Africa', branchCode: '051 011' },
  { name: 'Ubank Limited', branchCode: '431010' },
  { name: 'TymeBank', branchCode: '678 910' },
];

/** Account types offered for bank details. */
export const ACCOUNT_TYPES = ['Cheque', 'Savings'] as const;

export * from './metadata-lists';
export * from './office-hours';
export * from './legal-documents';
export * from './offline';
