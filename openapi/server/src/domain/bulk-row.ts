import type { Format } from '@pod/shared-contracts/pricing';
import { BOOK_DETAILS_MESSAGES } from '@pod/shared-contracts/validation';

/**
 * Reading the book details of one bulk-upload CSV row or one wizard request (pure): the client
 * converts 'true'/'false'/'null' and numeric text, but values may still arrive as text, so every
 * value is coerced here. Failures carry the book-details messages of the wizard specification
 * (section 5). PUT /user/realtimeroyalty reads only the pricing fields (parsePricingFields);
 * POST /user/getquote and bulk rows read the whole book (parseBulkRow).
 *
 * The messages are the wizard form's own (BOOK_DETAILS_MESSAGES of
 * @pod/shared-contracts/validation), so the server and the form cannot disagree.
 */

export const BOOK_MESSAGES = {
  /** Bulk rows only: a row without a title (the wizard's form says BOOK_DETAILS_MESSAGES.titleRequired). */
  titleMissing: 'Title not found',
  ...BOOK_DETAILS_MESSAGES,
} as const;

/** Page limit of print books and audiobooks ("max 1200 for non-eBook", wizard section 9). */
export const MAX_PRINT_PAGES = 1200;

/**
 * Page bound of eBooks, which the specification leaves unlimited: portal.yaml's `PageCount`
 * bound, applied here to page counts sent as text (the schema can only bound their length).
 */
export const MAX_EBOOK_PAGES = 10_000;

/** International cover type used when a row names none (wizard section 9). */
export const DEFAULT_INTERNATIONAL_COVER_TYPE_ID = 7;

export class BookRowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BookRowError';
  }
}

export type CsvValue = string | number | boolean | null;

/** What prices a book: format, regions, pages, prices, options, size and extras. */
export interface PricingFields {
  format: Format;
  pages: number | null;
  isLocal: boolean;
  isInternational: boolean;
  localPrice: number | null;
  internationalPrice: number | null;
  localPaperTypeId: number | null;
  localCoverTypeId: number | null;
  internationalPaperTypeId: number | null;
  internationalCoverTypeId: number | null;
  /** Height and width in mm, null when not given. */
  heightMm: number | null;
  widthMm: number | null;
  duplex: boolean;
  softTouch: boolean;
  spiral: boolean;
  spotUv: boolean;
  internationalDuplex: boolean;
  perforation: boolean;
  recordingNeeded: boolean;
}

/** A whole book: the pricing fields plus title, ISBN and genre. */
export interface BulkRow extends PricingFields {
  title: string;
  /** null when the ISBN is to be provided (registration requested). */
  isbn: string | null;
  isbnRequired: boolean;
  /** A genre id, or a BISAC code / subject heading to look up. */
  genre: number | string;
}

const blank = (value: CsvValue | undefined) => value === null || value === undefined || String(value).trim() === '';

export function toBool(value: CsvValue | undefined): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return ['true', '1', 'yes', 'y'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

function toId(value: CsvValue | undefined): number | null {
  if (blank(value)) return null;
  const text = String(value).trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
}

function toFormat(value: CsvValue | undefined): Format {
  const text = String(value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]/g, '');
  if (text === 'print' || text === 'paperback' || text === 'hardcover') return 'print';
  if (text === 'ebook') return 'ebook';
  if (text === 'audiobook' || text === 'audio') return 'audiobook';
  throw new BookRowError(BOOK_MESSAGES.format);
}

/** Price: a number, or text of up to 8 digits with up to 2 decimals (the form's input pattern). */
function toPrice(value: CsvValue | undefined): number {
  if (blank(value)) throw new BookRowError(BOOK_MESSAGES.priceMissing);
  const text =
    typeof value === 'number'
      ? String(value)
      : String(value)
          .trim()
          .replace(/^R\s*|^\$\s*|^USD\s*/i, '');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) throw new BookRowError(BOOK_MESSAGES.priceInvalid);
  const price = Number(text);
  if (price <= 0) throw new BookRowError(BOOK_MESSAGES.priceInvalid);
  return price;
}

function toPages(value: CsvValue | undefined, format: Format): number | null {
  if (blank(value)) {
    if (format === 'print') throw new BookRowError(BOOK_MESSAGES.pagesMissing);
    return null;
  }
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) throw new BookRowError(BOOK_MESSAGES.pagesInvalid);
  const pages = Number(text);
  if (format !== 'print') {
    if (!Number.isInteger(pages)) throw new BookRowError(BOOK_MESSAGES.pagesHalf);
    // The specification's 1200-page limit is for every non-eBook format: an audiobook's recording
    // is priced per page, so an unbounded count priced a R10 billion cart item.
    if (format === 'audiobook' && pages > MAX_PRINT_PAGES) throw new BookRowError(BOOK_MESSAGES.pagesMax);
    if (pages > MAX_EBOOK_PAGES) throw new BookRowError(BOOK_MESSAGES.pagesInvalid);
    return pages;
  }
  if (pages < 18) throw new BookRowError(BOOK_MESSAGES.pagesMin);
  if (!Number.isInteger(pages)) throw new BookRowError(BOOK_MESSAGES.pagesHalf);
  if (pages % 2 !== 0) throw new BookRowError(BOOK_MESSAGES.pagesOdd);
  if (pages > MAX_PRINT_PAGES) throw new BookRowError(BOOK_MESSAGES.pagesMax);
  return pages;
}

function requiredId(value: CsvValue | undefined, message: string): number {
  const id = toId(value);
  if (id === null || Number.isNaN(id)) throw new BookRowError(message);
  return id;
}

/** ISBN-13 check digit: digits weighted 1, 3, 1, 3... add up to a multiple of 10. */
export function isIsbn13(isbn: string): boolean {
  if (!/^\d{13}$/.test(isbn)) return false;
  const sum = [...isbn].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

/** A size in mm: a positive number up to 1000 (portal.yaml Dimension), else null. */
function toDimension(value: CsvValue | undefined): number | null {
  if (blank(value)) return null;
  const size = Number(String(value).trim());
  return Number.isFinite(size) && size > 0 && size <= 1000 ? size : null;
}

export interface PricingOptions {
  /** The wizard requires height and width for print ('Please enter the dimensions of your book'). */
  requireSize?: boolean;
}

/** Reads and checks the fields that price a book; throws BookRowError with the first failing rule's message. */
export function parsePricingFields(row: Record<string, CsvValue>, options: PricingOptions = {}): PricingFields {
  const format = toFormat(row.format_type ?? row.format);
  // An eBook is sold internationally only (wizard section 4).
  const isLocal = format === 'ebook' ? false : toBool(row.is_local);
  let isInternational = toBool(row.is_international);
  if (format === 'ebook' && !isInternational) isInternational = toBool(row.is_local);
  if (!isLocal && !isInternational) throw new BookRowError(BOOK_MESSAGES.region);

  const pages = toPages(row.no_of_pages, format);
  const localPrice = isLocal ? toPrice(row.local_price) : null;
  const internationalPrice = isInternational ? toPrice(row.international_price) : null;

  const print = format === 'print';
  const heightMm = toDimension(row.height);
  const widthMm = toDimension(row.width);
  if (print && options.requireSize && (heightMm === null || widthMm === null))
    throw new BookRowError(BOOK_MESSAGES.size);
  const localPaperTypeId = print && isLocal ? requiredId(row.l_paper_type_id, BOOK_MESSAGES.localPaper) : null;
  const localCoverTypeId = print && isLocal ? requiredId(row.l_cover_type_id, BOOK_MESSAGES.localCover) : null;
  const internationalPaperTypeId =
    print && isInternational ? requiredId(row.i_paper_type_id, BOOK_MESSAGES.internationalPaper) : null;
  const internationalCoverTypeId =
    print && isInternational
      ? blank(row.i_cover_type_id)
        ? DEFAULT_INTERNATIONAL_COVER_TYPE_ID
        : requiredId(row.i_cover_type_id, BOOK_MESSAGES.internationalCover)
      : null;

  return {
    format,
    pages,
    isLocal,
    isInternational,
    localPrice,
    internationalPrice,
    localPaperTypeId,
    localCoverTypeId,
    internationalPaperTypeId,
    internationalCoverTypeId,
    heightMm,
    widthMm,
    duplex: toBool(row.duplex_needed),
    softTouch: toBool(row.soft_touch_matt_lamination),
    spiral: toBool(row.spiral_bound),
    spotUv: toBool(row.spot_uv),
    internationalDuplex: toBool(row.i_duplex_covered),
    perforation: toBool(row.perforation),
    recordingNeeded: toBool(row.recording_needed),
  };
}

/**
 * Reads and checks one book (bulk row or wizard quote): title, then the pricing fields, genre
 * and ISBN (13 digits with a valid check digit unless registration is requested).
 */
export function parseBulkRow(
  row: Record<string, CsvValue>,
  options: PricingOptions & { titleMissing?: string } = {},
): BulkRow {
  if (blank(row.book_title)) throw new BookRowError(options.titleMissing ?? BOOK_MESSAGES.titleMissing);
  const title = String(row.book_title).trim();
  if (title.length < 3) throw new BookRowError(BOOK_MESSAGES.titleShort);
  if (title.length >= 50) throw new BookRowError(BOOK_MESSAGES.titleLong);

  const pricing = parsePricingFields(row, options);

  if (blank(row.genre)) throw new BookRowError(BOOK_MESSAGES.genre);
  const genreId = toId(row.genre);
  const genre = genreId !== null && !Number.isNaN(genreId) ? genreId : String(row.genre).trim();

  const isbnRequired = toBool(row.isbn_is_required);
  let isbn: string | null = null;
  if (!isbnRequired) {
    if (blank(row.isbn)) throw new BookRowError(BOOK_MESSAGES.isbnMissing);
    isbn = String(row.isbn).replace(/[\s-]/g, '');
    if (!isIsbn13(isbn)) throw new BookRowError(BOOK_MESSAGES.isbnInvalid);
  }

  return { ...pricing, title, isbn, isbnRequired, genre };
}
