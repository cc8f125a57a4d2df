import { array, boolean, define, dynamic, object, optional, size, type Infer, type Struct } from 'superstruct';
import { PAGE_LIMIT_MESSAGE } from '../pricing/estimate';
import { required } from './rules';

/**
 * The book-details messages of new-book-wizard.md section 5, word for word ('royals' and 'our
 * book' are the spec's own slips). The wizard's form and the reference API (BOOK_MESSAGES of
 * openapi/server/src/domain/bulk-row.ts) both read them here, so the two cannot disagree.
 */
export const BOOK_DETAILS_MESSAGES = {
  titleRequired: 'Please enter a title for your book',
  titleShort: 'Title must be at least 3 characters long',
  titleLong: 'Title must be less than 50 characters long',
  format: 'Please select a format for your book',
  authorRequired: 'Please enter an author for your book',
  authorInvalid: 'Please enter a valid author for your book',
  region: 'Please select whether our book will be sold to a local or an international market',
  genre: 'Please select a genre for your book',
  isbnMissing: 'Please enter an ISBN number for your book',
  isbnInvalid: 'Please enter a valid ISBN number for your book - 13 characters long and only numbers.',
  isbnInUse: 'The ISBN you provided is in use by another book. Please enter a valid ISBN number for your book.',
  pagesMissing: 'Please enter the number of pages in book',
  pagesInvalid: 'Please enter a valid number of pages for your book',
  pagesMin: 'Local and International books require at least 18 pages',
  pagesHalf: 'Local and International books can not have half a page',
  pagesOdd: 'Please add an extra page for printed books with an uneven number of pages.',
  pagesMax: 'Local and International books can not have more than 1200 pages',
  /** The same text as the engine's B12 description, so the form, the widget and the server agree. */
  pagesPaper: PAGE_LIMIT_MESSAGE,
  size: 'Please enter the dimensions of your book',
  colour: 'Please select if your book will be printed in colour',
  priceMissing: 'Please enter the desired selling price of your book',
  priceInvalid: 'Please enter a valid selling price for your book',
  // The spec gives these four only as 'similar messages' to the colour one; these are the server's.
  localPaper: 'Please select a local paper type',
  localCover: 'Please select a local cover paper type',
  internationalPaper: 'Please select an international paper type',
  internationalCover: 'Please select an international cover type',
  negativeRoyalty: 'Estimated royals cannot be a negative amount.',
  contributor: 'Please fill both the Contributor Name and Contributor Role fields',
  saddleStitch: 'Maximum number of pages for saddle stitch binding is 96.',
} as const;

const M = BOOK_DETAILS_MESSAGES;

/** The title (trimmed) is at least 3 and under 50 characters long (spec: 3 to 49). */
export const TITLE_MIN_LENGTH = 3;
/** The title must be shorter than this. */
export const TITLE_MAX_LENGTH = 50;
/** An ISBN is exactly this many digits; typing stops there. */
export const ISBN_LENGTH = 13;

/**
 * An eBook author: letters, spaces and the punctuation ' , . - ( ), at least 2 characters (the
 * spec's 'letters with limited punctuation', as its author-name pattern of Additional Details).
 */
export const AUTHOR_PATTERN = /^[\p{L} ',.()-]{2,}$/u;

/** The three formats of a book. */
export const BOOK_FORMATS = ['print', 'ebook', 'audiobook'] as const;

const blank = (value: unknown) => typeof value !== 'string' || value.trim().length === 0;

/** The book title: present, 3 to 49 characters once trimmed. */
export const BookTitle = define<string>('BookTitle', (value) => {
  if (blank(value)) return M.titleRequired;
  const length = (value as string).trim().length;
  if (length < TITLE_MIN_LENGTH) return M.titleShort;
  return length < TITLE_MAX_LENGTH ? true : M.titleLong;
});

/** The format: print, eBook or audiobook ('' while none is chosen). */
export const BookFormat = define<(typeof BOOK_FORMATS)[number]>('BookFormat', (value) =>
  (BOOK_FORMATS as readonly unknown[]).includes(value) ? true : M.format,
);

/** An eBook's author: present and letters with limited punctuation. */
export const EbookAuthor = define<string>('EbookAuthor', (value) => {
  if (blank(value)) return M.authorRequired;
  return AUTHOR_PATTERN.test((value as string).trim()) ? true : M.authorInvalid;
});

/** An ISBN as typed: present, then exactly 13 digits. */
export const Isbn = define<string>('Isbn', (value) => {
  if (blank(value)) return M.isbnMissing;
  return new RegExp(`^\\d{${ISBN_LENGTH}}$`).test(value as string) ? true : M.isbnInvalid;
});

/** The parent object of a field, for rules that depend on a sibling (format, toggles). */
function parentOf(branch: unknown[]): Record<string, unknown> {
  const parent = branch[branch.length - 2];
  return typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>) : {};
}

/**
 * A text the rule does not check (conditional fields that do not apply). react-final-form
 * leaves an emptied field undefined, so undefined counts as text here.
 */
const anyText = define<string>('AnyText', (value) => value === undefined || typeof value === 'string');

/** One contributor: a name and a role, both or neither (spec: 'Please fill both ...'). */
export const Contributor = object({
  name: dynamic<string>((_value, ctx) => contributorPart(parentOf(ctx.branch).role)),
  role: dynamic<string>((_value, ctx) => contributorPart(parentOf(ctx.branch).name)),
});
/** A contributor as the form keeps it. */
export type Contributor = Infer<typeof Contributor>;

/** At most this many contributors on one book (a bound the spec leaves open; portal.yaml). */
export const MAX_CONTRIBUTORS = 20;

/**
 * Page 1 of the book details, with the draft's field names (new-book-wizard.md section 3), so
 * the form, the calc_ keys in browser storage and the messages share one name per field. The
 * rules that depend on a sibling read it from the object: the author applies to eBooks; the
 * ISBN is not asked when 'I need an ISBN' is on; the sales-region message sits on `isLocal` (the
 * group's first box) when neither box is ticked; each contributor needs both name and role or
 * neither, the message on the empty one.
 */
export const BookDetailsPage1 = object({
  title: BookTitle,
  bookFormat: BookFormat,
  author: dynamic<string>((_value, ctx) => (parentOf(ctx.branch).bookFormat === 'ebook' ? EbookAuthor : anyText)),
  isLocal: dynamic<boolean>((_value, ctx) => {
    const parent = parentOf(ctx.branch);
    return parent.isLocal === true || parent.isInternational === true
      ? boolean()
      : define<boolean>('SalesRegion', () => M.region);
  }),
  isInternational: boolean(),
  genreHeading: anyText,
  genre: required(M.genre),
  isbnNumberNeeded: boolean(),
  isbnNumber: dynamic<string>((_value, ctx) => (parentOf(ctx.branch).isbnNumberNeeded === true ? anyText : Isbn)),
  contributors: optional(size(array(Contributor), 0, MAX_CONTRIBUTORS)),
});
/** Page 1 of the book details as the form keeps it (and the draft stores it). */
export type BookDetailsPage1 = Infer<typeof BookDetailsPage1>;

/** One half of a contributor: required when the other half is filled. */
function contributorPart(other: unknown): Struct<string, null> {
  return blank(other) ? anyText : define<string>('ContributorPart', (value) => (blank(value) ? M.contributor : true));
}
