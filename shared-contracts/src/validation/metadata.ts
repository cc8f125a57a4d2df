import { array, define, dynamic, object, optional, size, type Infer, type Struct } from 'superstruct';
import { AUDIENCE_WARNINGS, LANGUAGES, RECOMMENDED_AUDIENCES } from '../constants/metadata-lists';
import { AUTHOR_PATTERN, BOOK_FORMATS, Contributor, MAX_CONTRIBUTORS } from './book-details';

/**
 * The Additional Details messages of new-book-wizard.md section 5, word for word ('on copyright
 * date' is the spec's own slip). The two word-limit messages are not the spec's: it refuses
 * typing beyond the limit and turns the counter red, and a pasted text over the limit still needs
 * words that say why Continue is blocked (remote-wizard README, Decisions).
 */
export const METADATA_MESSAGES = {
  authorRequired: "Please enter your book's author",
  authorInvalid: 'Please enter a valid author name with no special characters and numbers',
  keywords: 'Please add at least one keyword',
  publicationDate: "Please select your book's publication date",
  language: "Please select your book's language",
  mainDescription: "Please enter your book's main description",
  copyrightHolderRequired: "Please enter your book's copyright holder",
  copyrightHolderInvalid: 'Please enter a valid name with no special characters and no numbers',
  copyrightDate: "Please select your book's on copyright date",
  recommendedAudience: "Please enter your book's recommended audience",
  indicatedAudienceWarning: "Please enter your book's indicated audience warning",
  shortDescriptionLong: 'The short description can have at most 200 words',
  mainDescriptionLong: 'The main description can have at most 512 words',
} as const;

const M = METADATA_MESSAGES;

/** The most words of the short description (spec section 5). */
export const SHORT_DESCRIPTION_MAX_WORDS = 200;
/** The most words of the main description (spec section 5). */
export const MAIN_DESCRIPTION_MAX_WORDS = 512;
/** The first year the date pickers offer (spec section 9: years 1970 to the current year). */
export const FIRST_METADATA_YEAR = 1970;

/**
 * A person's name in the metadata (author, copyright holder): letters, spaces and ' , . - ( ),
 * at least 2 characters, the spec's "letters-only pattern" (the eBook author's on page 1 too).
 */
export const METADATA_NAME_PATTERN = AUTHOR_PATTERN;

/** The words of a text: runs of non-space characters. */
export function countWords(text: string | undefined | null): number {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** The last day a metadata date may be: 31 December of the current year (`today` for tests). */
export function lastMetadataDay(today: Date = new Date()): string {
  return `${today.getFullYear()}-12-31`;
}

/** The first day a metadata date may be: 1 January 1970. */
export const FIRST_METADATA_DAY = `${FIRST_METADATA_YEAR}-01-01`;

const blank = (value: unknown) => typeof value !== 'string' || value.trim().length === 0;

/** A real ISO day (yyyy-MM-dd) from 1970 to the end of the current year. */
function isMetadataDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= FIRST_METADATA_DAY && value <= lastMetadataDay();
}

/** A text the rule does not check; react-final-form leaves an emptied field undefined. */
const anyText = define<string>('AnyText', (value) => value === undefined || typeof value === 'string');

/** A present and allowed day, else `message`. */
function requiredDay(message: string): Struct<string, null> {
  return define<string>('MetadataDay', (value) => (isMetadataDay(value) ? true : message));
}

/** An optional day: absent or blank, or an allowed day. */
const optionalDay = define<string>('OptionalMetadataDay', (value) =>
  blank(value) || isMetadataDay(value) ? true : 'Please select a date from 1970 to this year',
);

/** Present (else `requiredMessage`) and a name of the letters-only pattern (else `invalidMessage`). */
function personName(requiredMessage: string, invalidMessage: string): Struct<string, null> {
  return define<string>('MetadataName', (value) => {
    if (blank(value)) return requiredMessage;
    return METADATA_NAME_PATTERN.test((value as string).trim()) ? true : invalidMessage;
  });
}

/** One of `values`, else `message` (a list the screen offers). */
function oneOf(values: readonly string[], message: string): Struct<string, null> {
  return define<string>('MetadataChoice', (value) => (values.includes(value as string) ? true : message));
}

/** A text of at most `max` words (else `message`); `requiredMessage` makes it required. */
function words(max: number, message: string, requiredMessage?: string): Struct<string, null> {
  return define<string>('MetadataWords', (value) => {
    if (blank(value)) return requiredMessage ?? (value === undefined || typeof value === 'string');
    return countWords(value as string) <= max ? true : message;
  });
}

/** The keywords: a list of at least one non-blank keyword. */
const Keywords = define<string[]>('Keywords', (value) =>
  Array.isArray(value) && value.some((keyword) => !blank(keyword)) ? true : M.keywords,
);

/**
 * The Additional Details of a book (new-book-wizard.md section 5, the metadata names of section
 * 3). `bookFormat` is the draft's, read only for the author rule: the author is asked of print
 * books only. Languages, audiences and warnings must be values of their lists (constants).
 */
export const BookMetadata = object({
  bookFormat: optional(define<(typeof BOOK_FORMATS)[number]>('Format', (v) => BOOK_FORMATS.includes(v as never))),
  subtitle: optional(anyText),
  author: dynamic<string>((_value, ctx) => {
    const parent = ctx.branch[ctx.branch.length - 2] as Record<string, unknown> | undefined;
    return parent?.bookFormat === 'print' ? personName(M.authorRequired, M.authorInvalid) : anyText;
  }),
  contributors: optional(size(array(Contributor), 0, MAX_CONTRIBUTORS)),
  publicationDate: requiredDay(M.publicationDate),
  onSaleDate: optional(optionalDay),
  language: oneOf(LANGUAGES, M.language),
  keywords: Keywords,
  bisacCode: optional(anyText),
  shortDescription: optional(words(SHORT_DESCRIPTION_MAX_WORDS, M.shortDescriptionLong)),
  longDescription: optional(anyText),
  mainDescription: words(MAIN_DESCRIPTION_MAX_WORDS, M.mainDescriptionLong, M.mainDescription),
  copyrightHolder: personName(M.copyrightHolderRequired, M.copyrightHolderInvalid),
  copyrightDate: requiredDay(M.copyrightDate),
  recommendedAudience: oneOf(RECOMMENDED_AUDIENCES, M.recommendedAudience),
  indicatedAudienceWarning: oneOf(
    AUDIENCE_WARNINGS.map((warning) => warning.code),
    M.indicatedAudienceWarning,
  ),
});
/** The Additional Details as the form keeps them (and the draft stores them, one calc_ key each). */
export type BookMetadata = Infer<typeof BookMetadata>;

/** The metadata fields in the order the screen shows them: the first failing one takes the focus. */
/**
 * The Additional Details that are plain texts (everything but the keywords and contributors
 * lists, plus the genre's BISAC code): the wizard's draft keys and the server's stored fields.
 */
export const METADATA_TEXT_FIELDS = [
  'subtitle',
  'author',
  'publicationDate',
  'onSaleDate',
  'language',
  'bisacCode',
  'shortDescription',
  'longDescription',
  'mainDescription',
  'copyrightHolder',
  'copyrightDate',
  'recommendedAudience',
  'indicatedAudienceWarning',
] as const;

export const METADATA_FIELD_ORDER = [
  'subtitle',
  'author',
  'contributors',
  'keywords',
  'publicationDate',
  'onSaleDate',
  'language',
  'shortDescription',
  'mainDescription',
  'longDescription',
  'copyrightHolder',
  'copyrightDate',
  'recommendedAudience',
  'indicatedAudienceWarning',
] as const;
