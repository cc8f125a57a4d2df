/**
 * The publisher and bank fields of the book draft (new-book-wizard.md section 3 names), shared by
 * the stages that edit them and the contract stage that sends them.
 */

/** Publisher Details text fields. */
export const PUBLISHER_TEXT_FIELDS = [
  'publisherName',
  'publisherRegId',
  'publisherPhysicalAddress',
  'publisherPostalAddress',
  'publisherTelephone',
  'publisherEmail',
  'publisherContactPerson',
] as const;

/** Publisher Details toggles; `postalSameAsPhysical` ('Same as physical address') is an addition. */
export const PUBLISHER_FLAG_FIELDS = ['isSelfPublisher', 'postalSameAsPhysical'] as const;

/** Bank details text fields (both the local and the international set). */
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

/** Bank details toggles. */
export const BANK_FLAG_FIELDS = ['isInternationalAccount', 'isPaypalAccount'] as const;
