import { readDraft, writeDraft } from '../../lib/draft-storage';

/**
 * Publisher Details in the book draft, with the names of new-book-wizard.md section 3
 * (calc_publisherName, calc_publisherRegId, ...), one JSON value per field, so the contract
 * stage reads the same values and a reload keeps them. `postalSameAsPhysical` (the 'Same as
 * physical address' box) is an addition.
 */

/** Draft fields that hold text. */
export const PUBLISHER_TEXT_FIELDS = [
  'publisherName',
  'publisherRegId',
  'publisherPhysicalAddress',
  'publisherPostalAddress',
  'publisherTelephone',
  'publisherEmail',
  'publisherContactPerson',
] as const;

/** Draft fields that are toggles. */
export const PUBLISHER_FLAG_FIELDS = ['isSelfPublisher', 'postalSameAsPhysical'] as const;

/** A text field of Publisher Details. */
export type PublisherTextField = (typeof PUBLISHER_TEXT_FIELDS)[number];
type PublisherFlagField = (typeof PUBLISHER_FLAG_FIELDS)[number];

/** Publisher Details as the form holds them. */
export type PublisherValues = { [K in PublisherTextField]: string } & { [K in PublisherFlagField]: boolean };

/** The stored Publisher Details; a missing or mistyped value reads as empty. */
export function readPublisherDraft(): PublisherValues {
  const values = {} as PublisherValues;
  for (const field of PUBLISHER_TEXT_FIELDS) {
    const stored = readDraft<unknown>(field, '');
    values[field] = typeof stored === 'string' ? stored : '';
  }
  for (const field of PUBLISHER_FLAG_FIELDS) values[field] = readDraft<unknown>(field, false) === true;
  return values;
}

/** Stores the given Publisher Details fields (an emptied field as ''). */
export function writePublisherDraft(values: Partial<PublisherValues>): void {
  for (const field of PUBLISHER_TEXT_FIELDS) writeDraft(field, values[field] ?? '');
  for (const field of PUBLISHER_FLAG_FIELDS) writeDraft(field, values[field] === true);
}
