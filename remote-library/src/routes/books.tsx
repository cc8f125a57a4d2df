import { Link } from 'react-router-dom';
import { buttonClassName, useDocumentTitle } from '@pod/shared-contracts';
import { BooksLibrary } from '../features/books/books-library';
import styles from '../features/books/books.module.css';

/** `/books`: Your Books, with the ways to add books (wizard and bulk CSV upload). */
export function BooksScreen() {
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
      <BooksLibrary />
    </>
  );
}
