import { useMatch, useSearchParams } from '@pod/shared-contracts';
import type { Region } from './book-model';

/** What the address says about /books: the region tab, and the book open in it, if any. */
export interface BookSelection {
  region: Region;
  /** The book of `/books/{region}/{id}`; null on /books. */
  bookId: number | null;
  /** `/books/{region}/{id}` with an unknown region or an id that is not a positive whole number. */
  invalid: boolean;
}

function parseRegion(value: string | null | undefined): Region | null {
  return value === 'local' || value === 'international' ? value : null;
}

/**
 * The selection lives in the address, so a book's detail can be linked, reloaded and left
 * with Back: `/books/{region}/{id}` opens a book, `/books?region=international` the
 * International tab with none open.
 */
export function useBookSelection(): BookSelection {
  const match = useMatch('/books/:region/:id');
  const [params] = useSearchParams();
  if (!match) return { region: parseRegion(params.get('region')) ?? 'local', bookId: null, invalid: false };
  const region = parseRegion(match.params.region);
  const id = Number(match.params.id);
  if (!region || !Number.isSafeInteger(id) || id <= 0 || !/^\d+$/.test(match.params.id ?? '')) {
    return { region: region ?? 'local', bookId: null, invalid: true };
  }
  return { region, bookId: id, invalid: false };
}

/** The list of one region: `/books` (Local) or `/books?region=international`. */
export function booksListPath(region: Region): string {
  return region === 'international' ? '/books?region=international' : '/books';
}
