import { buttonClassName, PageNotFound, useDocumentTitle, Link } from '@pod/shared-contracts';
import { BookDetailView } from '../features/books/book-detail-view';
import { BooksLibrary } from '../features/books/books-library';
import { useBookSelection, type BookSelection } from '../features/books/use-book-selection';
import styles from '../features/books/books.module.css';
import { ONE_COLUMN_QUERY, useMediaQuery } from '../lib/use-media-query';

/**
 * `/books` and `/books/{region}/{id}`: Your Books, with the ways to add books (wizard and bulk
 * CSV upload). On wide screens a selected book opens beside the list; on narrow ones, where
 * it would open below the whole list and out of sight, it is a view of its own.
 */
export function BooksScreen() {
  const selection = useBookSelection();
  const oneColumn = useMediaQuery(ONE_COLUMN_QUERY);
  if (selection.invalid) return <PageNotFound />;
  if (oneColumn && selection.bookId !== null) {
    return <BookDetailView region={selection.region} bookId={selection.bookId} />;
  }
  return <BooksOverview selection={selection} />;
}

/** The list (and, on wide screens, the selected book beside it). */
function BooksOverview({ selection }: { selection: BookSelection }) {
  useDocumentTitle('Your Books');
  return (
    <>
      <h1>Your Books</h1>
      <div className={styles.toolbar}>
        <Link to="/new-book" className={buttonClassName('primary')}>
          Upload Book
        </Link>
        <Link to="/bulk-upload" className={buttonClassName('secondary')}>
          Bulk CSV Upload
        </Link>
      </div>
      <BooksLibrary selection={selection} />
    </>
  );
}
