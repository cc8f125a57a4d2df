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
  // Page 2's fields that the spec covers only with 'similar messages' (the wizard's README lists them).
  orientation: 'Please select the orientation of your book',
  heightMissing: 'Please enter the height of your book',
  heightInvalid: 'Please enter a valid height for your book - between 50 and 1000 mm.',
  widthMissing: 'Please enter the width of your book',
  widthInvalid: 'Please enter a valid width for your book - between 50 and 1000 mm.',
  coverFinish: 'Please select a cover finish for your book',
  paperSide: 'Please select a paper side for your book',
  spineOption: 'Please select a spine option for your book',
  voiceGender: 'Please select the gender of the voice artist',
  voiceAccent: 'Please select the accent of the voice artist',
  voiceArtist: 'Please select a voice artist for your book',
  chaptersMissing: 'Please enter the number of chapters in your book',
  chaptersInvalid: 'Please enter a valid number of chapters for your book - a whole number from 1 to 500.',
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

/** The fewest pages of a book (spec section 9). */
export const MIN_PAGES = 18;
/** The most pages of a print book or an audiobook ('max 1200 for non-eBook'). */
export const MAX_PRINT_PAGES = 1200;
/** The most pages of an eBook: portal.yaml's `PageCount` bound (the spec sets none). */
export const MAX_EBOOK_PAGES = 10_000;
/** The most pages a saddle-stitched book can have (spec section 5). */
export const SADDLE_STITCH_MAX_PAGES = 96;
/** A custom height or width in mm: at least this... */
export const MIN_DIMENSION_MM = 50;
/** ...and at most this (portal.yaml `Dimension`: a metre). */
export const MAX_DIMENSION_MM = 1000;
/** The most chapters of an audiobook recording (a bound the spec leaves open). */
export const MAX_CHAPTERS = 500;
/** A selling price as typed: up to 8 digits and up to 2 decimals (spec section 9). */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** Page orientations of a print book (spec section 3). */
export const ORIENTATIONS = ['portrait', 'landscape', 'square'] as const;
/** Colour options: colour ('Colo') or black and white (spec section 9). */
export const COLOUR_OPTIONS = ['Colo', 'B&W'] as const;
/** Cover finishes (spec section 9). */
export const COVER_FINISHES = ['Matt', 'Gloss'] as const;
/** Voice genders of an audiobook recording. */
export const VOICE_GENDERS = ['Female', 'Male'] as const;
/** The size value of a custom height and width (the others are standard size ids). */
export const CUSTOM_SIZE = 'custom';

type Format = (typeof BOOK_FORMATS)[number];

/**
 * The page count's message for a format, or undefined when it is fine. The order is the
 * server's (bulk-row.ts `toPages`): digits, at least 18, whole, even (print), then the format's
 * maximum: 1200 for print and audiobooks, 10 000 for eBooks (beyond it the server says the count
 * is not valid, so the form does too).
 */
export function pageCountMessage(value: unknown, format: Format | undefined): string | undefined {
  if (blank(value)) return M.pagesMissing;
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return M.pagesInvalid;
  const pages = Number(text);
  if (pages < MIN_PAGES) return M.pagesMin;
  if (!Number.isInteger(pages)) return M.pagesHalf;
  if (format === 'ebook') return pages > MAX_EBOOK_PAGES ? M.pagesInvalid : undefined;
  if (format !== 'audiobook' && pages % 2 !== 0) return M.pagesOdd;
  return pages > MAX_PRINT_PAGES ? M.pagesMax : undefined;
}

/** A selling price as typed: present, the input pattern, more than 0 (the server refuses 0). */
export const SellingPrice = define<string>('SellingPrice', (value) => {
  if (blank(value)) return M.priceMissing;
  const text = (value as string).trim();
  return PRICE_PATTERN.test(text) && Number(text) > 0 ? true : M.priceInvalid;
});

/** A custom dimension in mm: present, a number (2 decimals at most) from 50 to 1000. */
function dimension(missing: string, invalid: string): Struct<string, null> {
  return define<string>('Dimension', (value) => {
    if (blank(value)) return missing;
    const text = (value as string).trim();
    const mm = Number(text);
    return /^\d{1,4}(\.\d{1,2})?$/.test(text) && mm >= MIN_DIMENSION_MM && mm <= MAX_DIMENSION_MM ? true : invalid;
  });
}

/** The number of chapters to record: present, a whole number from 1 to 500. */
const ChapterCount = define<string>('ChapterCount', (value) => {
  if (blank(value)) return M.chaptersMissing;
  const text = (value as string).trim();
  return /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_CHAPTERS ? true : M.chaptersInvalid;
});

/** One of `values`, else `message`. */
function oneOfWith(values: readonly string[], message: string): Struct<string, null> {
  return define<string>('OneOf', (value) => (values.includes(value as string) ? true : message));
}

/** Any value: a rule that does not apply to this book (another format or region). */
const notAsked = define<string>('NotAsked', () => true);
const flag = optional(boolean());

/** `struct` when the book (the parent object) meets `applies`, otherwise anything. */
function askedWhen(applies: (book: Record<string, unknown>) => boolean, struct: Struct<string, null>) {
  return dynamic<string>((_value, ctx) => (applies(parentOf(ctx.branch)) ? struct : notAsked));
}

const isPrint = (book: Record<string, unknown>) => book.bookFormat === 'print';
const printLocal = (book: Record<string, unknown>) => isPrint(book) && book.isLocal === true;
const printInternational = (book: Record<string, unknown>) => isPrint(book) && book.isInternational === true;
const recording = (book: Record<string, unknown>) => book.bookFormat === 'audiobook' && book.recordingRequired === true;

/**
 * Page 2 of the book details (the royalty calculator), flat, with the draft's field names and
 * aware of the format and regions chosen on page 1: print asks orientation, size (custom height
 * and width), colour, cover finish, paper side, spine and the paper and cover types of each
 * chosen region; every format asks the page count (its own maximum) and the price of each region
 * it is sold in (eBooks internationally only); an audiobook with a recording asks the voice and
 * the number of chapters. The page count over a chosen type's maxPage, the saddle-stitch limit
 * and a negative royalty need the options' data and are the form's (and the server's) rules.
 */
export const BookDetailsPage2 = object({
  bookFormat: BookFormat,
  isLocal: boolean(),
  isInternational: boolean(),
  numPages: dynamic<string>((_value, ctx) => {
    const format = parentOf(ctx.branch).bookFormat as Format | undefined;
    return define<string>('PageCount', (value) => pageCountMessage(value, format) ?? true);
  }),
  orientation: askedWhen(isPrint, oneOfWith(ORIENTATIONS, M.orientation)),
  size: askedWhen(isPrint, required(M.size)),
  height: askedWhen((book) => isPrint(book) && book.size === CUSTOM_SIZE, dimension(M.heightMissing, M.heightInvalid)),
  width: askedWhen((book) => isPrint(book) && book.size === CUSTOM_SIZE, dimension(M.widthMissing, M.widthInvalid)),
  bookHeight: anyText,
  bookWidth: anyText,
  color: askedWhen(isPrint, oneOfWith(COLOUR_OPTIONS, M.colour)),
  coverFinish: askedWhen(isPrint, oneOfWith(COVER_FINISHES, M.coverFinish)),
  paperSide: askedWhen(isPrint, required(M.paperSide)),
  spineOption: askedWhen(isPrint, required(M.spineOption)),
  localPaperType: askedWhen(printLocal, required(M.localPaper)),
  localCoverPaperType: askedWhen(printLocal, required(M.localCover)),
  internationalPaperType: askedWhen(printInternational, required(M.internationalPaper)),
  internationalCoverPaperType: askedWhen(printInternational, required(M.internationalCover)),
  bookPrice: askedWhen((book) => book.bookFormat !== 'ebook' && book.isLocal === true, SellingPrice),
  internationalBookPrice: askedWhen((book) => book.isInternational === true, SellingPrice),
  heavyGraphics: flag,
  spotUvNeeded: flag,
  duplexNeeded: flag,
  softTouchMattLaminationNeeded: flag,
  spiralBoundNeeded: flag,
  duplexNeededInt: flag,
  perforationNeededInt: flag,
  recordingRequired: flag,
  voiceGender: askedWhen(recording, oneOfWith(VOICE_GENDERS, M.voiceGender)),
  voiceAccent: askedWhen(recording, required(M.voiceAccent)),
  voiceArtist: askedWhen(recording, required(M.voiceArtist)),
  numChapters: askedWhen(recording, ChapterCount),
});
/** Page 2 of the book details as the form keeps it (and the draft stores it). */
export type BookDetailsPage2 = Infer<typeof BookDetailsPage2>;
