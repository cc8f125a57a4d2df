import { BOOK_FORMATS, type BookDetailsPage1, type Contributor } from '@pod/shared-contracts';
import { draftText, readDraft, writeDraft } from '../../lib/draft-storage';

/**
 * The book draft of the book-details wizard (pages 1 and 2), with the field names of
 * new-book-wizard.md section 3. The form's field names, the calc_ keys in browser storage
 * (`calc_title`, `calc_numPages`, ...) and the royalty widget's reading of them are one set of
 * names, so a reload, the widget and the quote all see the same draft.
 *
 * Text inputs and selects hold strings (option ids too, as select values are text); toggles
 * hold booleans; the contributors are a list.
 */

/** Draft fields that hold text (typed values and option ids). */
export const TEXT_FIELDS = [
  // page 1
  'title',
  'author',
  'genreHeading',
  'genre',
  'isbnNumber',
  // page 2
  'numPages',
  'size',
  'height',
  'width',
  'bookHeight',
  'bookWidth',
  'orientation',
  'binding',
  'coverFinish',
  'color',
  'paperSide',
  'spineOption',
  'localPaperType',
  'localCoverPaperType',
  'internationalPaperType',
  'internationalCoverPaperType',
  'bookPrice',
  'internationalBookPrice',
  'voiceGender',
  'voiceAccent',
  // the chosen voice artist's id (an addition: the spec keeps only the name, the quote sends the id)
  'voiceArtist',
  'voiceArtistName',
  'numChapters',
] as const;

/** Draft fields that are toggles. */
export const FLAG_FIELDS = [
  'isLocal',
  'isInternational',
  'isbnNumberNeeded',
  'heavyGraphics',
  'spotUvNeeded',
  'duplexNeeded',
  'softTouchMattLaminationNeeded',
  'spiralBoundNeeded',
  'duplexNeededInt',
  'perforationNeededInt',
  'recordingRequired',
  'customRecordingRequired',
] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];

/** The book draft as the book-details form holds it; the format is unset until one is chosen. */
export type BookDraft = { [K in TextField]: string } & { [K in FlagField]: boolean } & {
  bookFormat?: BookDetailsPage1['bookFormat'];
  contributors: Contributor[];
};

/** The default paper side (spec section 9). */
export const DEFAULT_PAPER_SIDE = '42';
/** The default spine option (spec section 9). */
export const DEFAULT_SPINE_OPTION = '105';

/** A new book: no format, both regions ticked, the spec's defaults, nothing typed. */
export const EMPTY_BOOK_DRAFT: BookDraft = {
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) as { [K in TextField]: string }),
  ...(Object.fromEntries(FLAG_FIELDS.map((name) => [name, false])) as { [K in FlagField]: boolean }),
  isLocal: true,
  isInternational: true,
  paperSide: DEFAULT_PAPER_SIDE,
  spineOption: DEFAULT_SPINE_OPTION,
  contributors: [],
};

function toContributors(value: unknown): Contributor[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      name: typeof item.name === 'string' ? item.name : '',
      role: typeof item.role === 'string' ? item.role : '',
    }));
}

/**
 * The stored draft, field by field over the empty one: a value of the wrong type (an older or
 * hand-edited draft) is dropped rather than trusted; stored numbers are read as their text.
 */
export function readBookDraft(): BookDraft {
  const draft: BookDraft = { ...EMPTY_BOOK_DRAFT, contributors: [] };
  for (const name of TEXT_FIELDS) draft[name] = draftText(readDraft<unknown>(name, null)) ?? draft[name];
  for (const name of FLAG_FIELDS) {
    const value = readDraft<unknown>(name, null);
    if (typeof value === 'boolean') draft[name] = value; // absent keeps the default (regions ticked)
  }
  const format = BOOK_FORMATS.find((value) => value === readDraft<unknown>('bookFormat', null));
  if (format) draft.bookFormat = format;
  draft.contributors = toContributors(readDraft<unknown>('contributors', null)) ?? [];
  return draft;
}

/**
 * Keeps the form's values as typed, one calc_ key per field. A field the form emptied (react-
 * final-form leaves it undefined) is stored empty, so a reload does not bring back an old value.
 */
export function writeBookDraft(values: Partial<BookDraft>): void {
  for (const name of TEXT_FIELDS) writeDraft(name, values[name] ?? '');
  for (const name of FLAG_FIELDS) writeDraft(name, values[name] === true);
  writeDraft('bookFormat', values.bookFormat);
  writeDraft('contributors', values.contributors ?? []);
}

/** The draft field of the book-details page on screen, 1 to 3 (calc_detailsPage). */
export const DETAILS_PAGE_FIELD = 'detailsPage';

/** One of the three book-details pages. */
export type DetailsPage = 1 | 2 | 3;

/** Remembers which book-details page is on screen (the spec keeps it in browser storage). */
export function rememberDetailsPage(page: DetailsPage): void {
  writeDraft(DETAILS_PAGE_FIELD, page);
}

/** The remembered book-details page; 1 when none or unreadable. */
export function rememberedDetailsPage(): DetailsPage {
  const page = readDraft<unknown>(DETAILS_PAGE_FIELD, 1);
  return page === 2 || page === 3 ? page : 1;
}
