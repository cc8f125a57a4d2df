import { wizardResumePath, type Book, type components } from '@pod/shared-contracts';

/** The two book collections of /books. */
export type Region = 'local' | 'international';

/** The API's region flag: `0` local, `1` international. */
export type RegionFlag = 0 | 1;

/** Book.misc once parsed (portal.yaml `BookMisc`). */
export type BookMisc = components['schemas']['BookMisc'];

/** A file of a book (portal.yaml `BookFile`). */
export type BookFile = components['schemas']['BookFile'];

/** The local and international record ids of one upload (either may be missing). */
export interface BookPair {
  localId: number | null;
  internationalId: number | null;
}

/** `0` for local, `1` for international. */
export function regionFlag(region: Region): RegionFlag {
  return region === 'local' ? 0 : 1;
}

/** Book.misc is JSON text; an unreadable or missing one reads as `{}`. */
export function parseBookMisc(misc: unknown): BookMisc {
  if (misc && typeof misc === 'object') return misc as BookMisc;
  if (typeof misc !== 'string' || misc.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(misc);
    return parsed && typeof parsed === 'object' ? (parsed as BookMisc) : {};
  } catch {
    return {};
  }
}

/** The format as the list shows it: `ebook` reads 'eBook'; others are capitalised ('Print', 'Audiobook'). */
export function formatLabel(formatType: string | null | undefined): string {
  const format = (formatType ?? '').trim();
  if (format.toLowerCase() === 'ebook') return 'eBook';
  return format ? format.charAt(0).toUpperCase() + format.slice(1) : '';
}

/** Colour family of a proofing status: quote grey, pending orange, denied red, anything else green. */
export type StatusTone = 'quote' | 'pending' | 'denied' | 'approved';

export function statusTone(status: string): StatusTone {
  const value = status.trim().toLowerCase();
  if (value === 'quote' || value === 'pending' || value === 'denied') return value;
  return 'approved';
}

/** The list card's badge: 'cancelled' for an archived book, else 'paid' for a paid one. */
export function bookBadge(misc: BookMisc): 'cancelled' | 'paid' | null {
  if (misc.archived) return 'cancelled';
  if (misc.isPaid) return 'paid';
  return null;
}

/**
 * Which of 'Cancel book' and 'Delete book' a book offers (account-area.md section 4):
 * nothing when paid, Delete only when archived, Cancel when neither.
 */
export function bookAction(misc: BookMisc): 'cancel' | 'delete' | null {
  if (misc.isPaid) return null;
  return misc.archived ? 'delete' : 'cancel';
}

/** 'View contract' is offered when the status exists and is not 'quote'. */
export function canViewContract(misc: BookMisc): boolean {
  return Boolean(misc.status && misc.status.trim() !== '' && misc.status.trim().toLowerCase() !== 'quote');
}

/** The record ids of the upload a book belongs to (its own id and its match in the other region). */
export function bookPair(book: Book, region: Region): BookPair {
  const misc = parseBookMisc(book.misc);
  const id = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);
  return region === 'local'
    ? { localId: book.id, internationalId: id(misc.internationalBookMatch) }
    : { localId: id(misc.localBookMatch), internationalId: book.id };
}

/**
 * The 'Continue Upload Process' link of new-book-wizard.md "Resume link": publisher-info
 * while the stage is getquote, upload-type while signedcontract, with continue=true, lbid
 * and/or ibid and region l, i or li. Null for any other stage, and for a cancelled book
 * (it can no longer be processed).
 */
export function continueLink(book: Book, region: Region): string | null {
  const misc = parseBookMisc(book.misc);
  if (misc.archived) return null;
  return wizardResumePath(misc.bookStage, bookPair(book, region));
}

/** The files of a book sorted for the details tab; the signed contract has its own viewer. */
export interface SortedFiles {
  /** Every file but the contract, each a download link. */
  downloads: BookFile[];
  thumbnail: BookFile | null;
  audio: BookFile[];
  /** The book's PDF for the book viewer (an EPUB, DOCX or InDesign file is only downloaded). */
  bookPdf: BookFile | null;
  /** A cover PDF and a book PDF were accepted: the print proof (GET /user/printproof) can be made. */
  hasProof: boolean;
}

export function sortFiles(files: readonly BookFile[] | undefined): SortedFiles {
  const own = (files ?? []).filter((file) => !file.contract);
  const bookPdf = own.find((file) => file.kind === 'book' && file.contentType === 'application/pdf') ?? null;
  const coverPdf = own.find((file) => file.kind === 'cover' && file.contentType === 'application/pdf') ?? null;
  return {
    downloads: own,
    thumbnail: own.find((file) => file.kind === 'thumbnail') ?? null,
    audio: own.filter((file) => file.kind === 'audio'),
    bookPdf,
    hasProof: bookPdf !== null && coverPdf !== null,
  };
}

/** A file-name-safe form of a title: 'Zulu Nights!' -> 'zulu-nights'. */
export function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'book'
  );
}
