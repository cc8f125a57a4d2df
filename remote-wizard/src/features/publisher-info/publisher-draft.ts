import { readDraftFields, writeDraftFields } from '../../lib/draft-storage';
import { PUBLISHER_FLAG_FIELDS, PUBLISHER_TEXT_FIELDS } from '../../lib/payout-fields';

/**
 * Publisher Details in the book draft, with the names of new-book-wizard.md section 3
 * (calc_publisherName, calc_publisherRegId, ...), one JSON value per field, so the contract
 * stage reads the same values and a reload keeps them. `postalSameAsPhysical` (the 'Same as
 * physical address' box) is an addition.
 */

export { PUBLISHER_FLAG_FIELDS, PUBLISHER_TEXT_FIELDS } from '../../lib/payout-fields';

/** A text field of Publisher Details. */
export type PublisherTextField = (typeof PUBLISHER_TEXT_FIELDS)[number];
type PublisherFlagField = (typeof PUBLISHER_FLAG_FIELDS)[number];

/** Publisher Details as the form holds them. */
export type PublisherValues = { [K in PublisherTextField]: string } & { [K in PublisherFlagField]: boolean };

/** The stored Publisher Details; a missing or mistyped value reads as empty. */
export function readPublisherDraft(): PublisherValues {
  return readDraftFields(PUBLISHER_TEXT_FIELDS, PUBLISHER_FLAG_FIELDS);
}

/** Stores the given fields (an emptied field as ''). */
export function writePublisherDraft(values: Partial<PublisherValues>): void {
  writeDraftFields(PUBLISHER_TEXT_FIELDS, PUBLISHER_FLAG_FIELDS, values);
}
