/**
 * The field names of a user's saved publisher and bank details (portal.yaml `UserMisc`:
 * publisher fields at the top level of `misc`, bank fields under `bankInfo`; `brance_code` is
 * spelled so), in one place for the forms and the API: which fields make up each bank set, which
 * are the publisher's.
 */

/** The publisher's details, as the contract payload and the Update Request name them. */
export const PUBLISHER_FIELDS = [
  'publish_name',
  'reg_id_no',
  'physical_address',
  'postal_address',
  'telephone',
  'email',
  'contact_person',
] as const;
export type PublisherField = (typeof PUBLISHER_FIELDS)[number];

/** A South African account: what the local bank set holds. */
export const LOCAL_BANK_FIELDS = [
  'bank_name',
  'brance_code',
  'branch_name',
  'account_name',
  'account_type',
  'account_number',
] as const;

/** An account abroad: what the international bank set holds (holder, type and number optional). */
export const INTERNATIONAL_BANK_FIELDS = [
  'international_bank_address',
  'international_iban_number',
  'international_swift_code',
  'account_name',
  'account_type',
  'account_number',
  'paypal',
] as const;

/** Every bank field either set may hold. */
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
export type BankField = (typeof BANK_FIELDS)[number];
