import { METADATA_TEXT_FIELDS, type Contributor } from '@pod/shared-contracts';
import { readDraft, writeDraft } from '../../lib/draft-storage';

/**
 * The Additional Details in the book draft, one calc_ key per metadata name of spec section 3.
 * `author`, `contributors` and `bisacCode` are the book draft's own names: the eBook author of
 * page 1 and the print author asked here are the one author of the book, the contributors of
 * page 1 are continued here, and the BISAC code is the genre's (README, Decisions).
 */
export { METADATA_TEXT_FIELDS };

type MetadataTextField = (typeof METADATA_TEXT_FIELDS)[number];

/** The metadata as the form holds it: texts (days as ISO yyyy-MM-dd), the keywords and contributors. */
export type MetadataValues = { [K in MetadataTextField]: string } & {
  keywords: string[];
  contributors: Contributor[];
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Contributors with a name; page 1 may have left an empty row. */
function toContributors(value: unknown): Contributor[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ name: text(item.name).trim(), role: text(item.role).trim() }))
    .filter((item) => item.name !== '');
}

/** The stored metadata; a value of the wrong type counts as none. */
export function readMetadataDraft(): MetadataValues {
  const values = Object.fromEntries(METADATA_TEXT_FIELDS.map((name) => [name, text(readDraft<unknown>(name, ''))])) as {
    [K in MetadataTextField]: string;
  };
  const keywords = readDraft<unknown>('keywords', []);
  return {
    ...values,
    keywords: Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : [],
    contributors: toContributors(readDraft<unknown>('contributors', [])),
  };
}

/** Stores the form's metadata; an emptied field (undefined in react-final-form) is stored empty. */
export function writeMetadataDraft(values: Partial<MetadataValues>): void {
  for (const name of METADATA_TEXT_FIELDS) writeDraft(name, values[name] ?? '');
  writeDraft('keywords', values.keywords ?? []);
  writeDraft('contributors', values.contributors ?? []);
}
