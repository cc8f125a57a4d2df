import type { SharedBooks } from '@pod/shared-contracts';
import type { BookOption } from './book-picker';

/**
 * The picker's books: local then international, by title, each once. A book published in both
 * regions has a record in each under one title; those are told apart by their region, or two
 * checkboxes would share one name and the author could not know which is which.
 */
export function bookOptions(books: SharedBooks | undefined): BookOption[] {
  if (!books) return [];
  const seen = new Set<number>();
  const records = [
    ...books.localBooks.map((book) => ({ book, region: 'Local' })),
    ...books.internationalBooks.map((book) => ({ book, region: 'International' })),
  ].filter(({ book }) => (seen.has(book.id) ? false : (seen.add(book.id), true)));
  const repeated = repeatedTitles(records.map(({ book }) => book.book_title));
  return records
    .map(({ book, region }) => ({
      id: book.id,
      title: repeated.has(book.book_title) ? `${book.book_title} (${region})` : book.book_title,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The titles that occur more than once in `titles`. */
export function repeatedTitles(titles: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const title of titles) (seen.has(title) ? repeated : seen).add(title);
  return repeated;
}
