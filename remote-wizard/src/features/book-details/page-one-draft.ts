import type { BookDetailsPage1 } from '@pod/shared-contracts';
import { readDraft, writeDraft } from '../../lib/draft-storage';

/** The draft field of page 1's values (calc_bookDetails). */
export const DETAILS_FIELD = 'bookDetails';
/** The draft field of the book-details page on screen, 1 to 3 (calc_detailsPage). */
export const DETAILS_PAGE_FIELD = 'detailsPage';

/** Page 1 as the form holds it: the format is unset until one is chosen. */
export type PageOneDraft = Omit<BookDetailsPage1, 'format'> & { format?: BookDetailsPage1['format'] };

/** Page 1 of a new book: no format yet, both regions ticked, nothing typed. */
export const EMPTY_PAGE_ONE: PageOneDraft = {
  title: '',
  ebookAuthor: '',
  local: true,
  international: true,
  genreHeading: '',
  genreId: '',
  isbnNeeded: false,
  isbn: '',
  contributorName: '',
  contributorRole: '',
};

const TEXT_FIELDS = [
  'title',
  'ebookAuthor',
  'genreHeading',
  'genreId',
  'isbn',
  'contributorName',
  'contributorRole',
] as const;
const FLAG_FIELDS = ['local', 'international', 'isbnNeeded'] as const;
const FORMATS = ['print', 'ebook', 'audiobook'] as const;

/**
 * The stored page 1, field by field over the empty one: a value of the wrong type (an older or
 * edited draft) is dropped rather than trusted.
 */
export function readPageOne(): PageOneDraft {
  const stored = readDraft<unknown>(DETAILS_FIELD, null);
  const draft: PageOneDraft = { ...EMPTY_PAGE_ONE };
  if (typeof stored !== 'object' || stored === null) return draft;
  const record = stored as Record<string, unknown>;
  for (const name of TEXT_FIELDS) if (typeof record[name] === 'string') draft[name] = record[name];
  for (const name of FLAG_FIELDS) if (typeof record[name] === 'boolean') draft[name] = record[name];
  const format = FORMATS.find((value) => value === record.format);
  if (format) draft.format = format;
  return draft;
}

/** Keeps page 1's values as typed (emptied fields come as undefined from the form). */
export function writePageOne(values: Partial<BookDetailsPage1>): void {
  writeDraft(DETAILS_FIELD, values);
}

/** Remembers which book-details page is on screen (the spec keeps it in browser storage). */
export function rememberDetailsPage(page: 1 | 2 | 3): void {
  writeDraft(DETAILS_PAGE_FIELD, page);
}
