import { QueryState, useBooksQuery, useDocumentTitle, Link, useNavigate } from '@pod/shared-contracts';
import { BookDetail } from './book-detail';
import { booksOf } from './books-library';
import type { Region } from './book-model';
import { BOOK_ROUTE_MESSAGES } from './messages';
import { booksListPath } from './use-book-selection';
import styles from './books.module.css';

/**
 * One book as a view of its own (narrow screens, where the list and the detail cannot sit
 * side by side): 'Back to books' (to the list of its region) and the detail, its title the
 * page's h1. A book that is not in the library (deleted, another user's id) says so.
 */
export function BookDetailView({ region, bookId }: { region: Region; bookId: number }) {
  const navigate = useNavigate();
  const query = useBooksQuery();
  const back = booksListPath(region);
  const book = query.data ? booksOf(query.data, region).find((item) => item.id === bookId) : undefined;
  useDocumentTitle(book?.book_title ?? 'Your Books');
  return (
    <>
      <p className={styles.back}>
        <Link to={back}>{BOOK_ROUTE_MESSAGES.backToBooks}</Link>
      </p>
      <QueryState query={query} loadingLabel="Loading your books">
        {(books) => {
          const book = booksOf(books, region).find((item) => item.id === bookId);
          if (!book) return <h1>{BOOK_ROUTE_MESSAGES.notInLibrary}</h1>;
          return (
            <BookDetail
              key={`${region}:${book.id}`}
              book={book}
              region={region}
              headingLevel={1}
              onDeleted={() => void navigate(back, { replace: true })}
            />
          );
        }}
      </QueryState>
    </>
  );
}
