import type { SharedBooks } from '@pod/shared-contracts';
import type { BookOption } from './book-picker';

/** The picker's books: local then international, by title, each once. */
export function bookOptions(books: SharedBooks | undefined): BookOption[] {
  if (!books) return [];
  const seen = new Set<number>();
  return [...books.localBooks, ...books.internationalBooks]
    .filter((book) => (seen.has(book.id) ? false : (seen.add(book.id), true)))
    .map((book) => ({ id: book.id, title: book.book_title }))
    .sort((a, b) => a.title.localeCompare(b.title));
}
