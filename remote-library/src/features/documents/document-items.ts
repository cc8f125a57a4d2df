import type { Book, SharedBooks } from '@pod/shared-contracts';

/** Which tile shows a document. */
export type DocumentKind = 'book' | 'contract';

/** The filter tiles: All, Books, Contracts. */
export type DocumentFilter = 'all' | DocumentKind;

/** One document of the user: a book's file or a signed contract. */
export interface DocumentItem {
  key: string;
  kind: DocumentKind;
  /** The file's display name. */
  name: string;
  /** The book it belongs to and its region, e.g. 'The Karoo Diaries (Local)'. */
  book: string;
  /** The file's signed download link (valid 30 minutes; the list is re-read well before). */
  href: string;
  /** The name the download is saved under. */
  filename: string;
}

function itemsOf(book: Book, region: 'Local' | 'International'): DocumentItem[] {
  return (book.files ?? []).map((file, index) => ({
    key: `${region}-${book.id}-${index}`,
    kind: file.contract ? 'contract' : 'book',
    name: file.title.trim() || file.filename,
    book: `${book.book_title} (${region})`,
    href: file.url,
    filename: file.filename,
  }));
}

/** Every file of the user's books, local first: contracts (files marked `contract`) and book files. */
export function documentsOf(books: SharedBooks): DocumentItem[] {
  return [
    ...books.localBooks.flatMap((book) => itemsOf(book, 'Local')),
    ...books.internationalBooks.flatMap((book) => itemsOf(book, 'International')),
  ];
}

/** The documents a tile shows. */
export function filterDocuments(items: readonly DocumentItem[], filter: DocumentFilter): DocumentItem[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.kind === filter);
}
