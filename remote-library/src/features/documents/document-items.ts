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
  /** A link to the content when the answer carried it (fileBuffer); none otherwise. */
  href: string | null;
  filename: string;
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  epub: 'application/epub+zip',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

function dataUrl(filename: string, base64: string): string {
  if (base64.startsWith('data:')) return base64;
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return `data:${MIME[extension] ?? 'application/octet-stream'};base64,${base64}`;
}

function itemsOf(book: Book, region: 'Local' | 'International'): DocumentItem[] {
  return (book.files ?? []).map((file, index) => ({
    key: `${region}-${book.id}-${index}`,
    kind: file.contract ? 'contract' : 'book',
    name: file.title?.trim() || file.filename,
    book: `${book.book_title} (${region})`,
    href: file.fileBuffer ? dataUrl(file.filename, file.fileBuffer) : null,
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
