import { useEffect, useState } from 'react';
import { BOOK_FORMATS, useBooksQuery, type Book } from '@pod/shared-contracts';
import { readDraft, writeDraft } from './draft-storage';

/** The resumed book's record: the local one when there is one, else the international one. */
function findResumedBook(local: readonly Book[], international: readonly Book[]): Book | undefined {
  const localId = readDraft<unknown>('localBookId', null);
  const internationalId = readDraft<unknown>('internationalBookId', null);
  return local.find((book) => book.id === localId) ?? international.find((book) => book.id === internationalId);
}

/**
 * A book opened by a resume link in a browser whose draft is another book's (or none) has only
 * its ids in the draft: the later stages need its format (metadata asks a print book for its
 * author, the contract step routes an audiobook). This reads the book from the user's books
 * (GET /user/getuserbooks, the shared cache the library already filled) and writes the draft's
 * bookFormat, title, numPages and isbnNumber when the draft has no format yet.
 */
export function useResumedBookDetails(resumed: boolean): void {
  // Read once: the effect below writes the format, which must not turn the query off again.
  const [needed] = useState(() => resumed && readDraft<unknown>('bookFormat', null) === null);
  const books = useBooksQuery({ refetchOnMount: false, enabled: needed });
  useEffect(() => {
    if (!needed || !books.data) return;
    const book = findResumedBook(books.data.localBooks, books.data.internationalBooks);
    if (!book) return;
    const format = BOOK_FORMATS.find((value) => value === book.format_type);
    if (format) writeDraft('bookFormat', format);
    if (typeof book.book_title === 'string') writeDraft('title', book.book_title);
    if (typeof book.no_of_pages === 'number') writeDraft('numPages', String(book.no_of_pages));
    if (typeof book.isbn === 'string' && book.isbn) writeDraft('isbnNumber', book.isbn);
  }, [needed, books.data]);
}
