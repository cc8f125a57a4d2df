import type { RenewalBook } from '@pod/shared-contracts';

/** The book a /resign-contract link names: `bookID` and, when given, the region `islocal` says. */
export interface Preselection {
  bookId: number;
  /** true for the international record, false for the local one, null when the link does not say. */
  international: boolean | null;
}

const TRUE = ['1', 'true'];
const FALSE = ['0', 'false'];

/**
 * Reads /resign-contract's query (`bookID`, `secret`, `islocal`; spec section 2). `bookID` is the
 * listed record's id (ResignBook.id) and `islocal` its region inverted (`1`/`true` local,
 * `0`/`false` international; anything else says nothing). `secret` is not read: the bearer token
 * identifies the user and the server checks the book is theirs, so a secret in the address would
 * add nothing (and would end up in browser history). Null when `bookID` is not a positive integer.
 */
export function readPreselection(query: URLSearchParams): Preselection | null {
  const raw = query.get('bookID') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const local = (query.get('islocal') ?? '').toLowerCase();
  const international = TRUE.includes(local) ? false : FALSE.includes(local) ? true : null;
  return { bookId: Number(raw), international };
}

/** Identifies a listed book in the select: local and international records are numbered apart. */
export function bookKey(book: Pick<RenewalBook, 'id' | 'is_international'>): string {
  return `${book.is_international}-${book.id}`;
}

/** The key of the listed book `preselection` names, or '' (nothing chosen) when it is not in the list. */
export function preselectedKey(books: readonly RenewalBook[], preselection: Preselection | null): string {
  if (!preselection) return '';
  const book = books.find(
    (candidate) =>
      candidate.id === preselection.bookId &&
      (preselection.international === null || (candidate.is_international === 1) === preselection.international),
  );
  return book ? bookKey(book) : '';
}
