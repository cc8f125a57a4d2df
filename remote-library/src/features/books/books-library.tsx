import {
  bookDetailPath,
  buttonClassName,
  Card,
  QueryState,
  useBooksQuery,
  type Book,
  type SharedBooks,
  Link,
  useNavigate,
} from '@pod/shared-contracts';
import { BookDetail } from './book-detail';
import { BookList } from './book-list';
import type { Region } from './book-model';
import { BOOK_MESSAGES, BOOK_ROUTE_MESSAGES } from './messages';
import { Tabs, type TabItem } from './tabs';
import { booksListPath, type BookSelection } from './use-book-selection';
import styles from './books.module.css';

const REGIONS: readonly TabItem<Region>[] = [
  { value: 'local', label: 'Local' },
  { value: 'international', label: 'International' },
];

/**
 * Your Books: the shared books under Local and International tabs, and the detail panel of
 * the book the address names (`/books/{region}/{id}`). Books the shared loader read less than
 * QUERY_STALE_MS ago are shown as they are (re-reading them on every arrival asked for them
 * twice on a cold start); whatever changes books (the wizard, bulk upload, payments)
 * invalidates them, so a book just made is there.
 */
export function BooksLibrary({ selection }: { selection: BookSelection }) {
  const query = useBooksQuery();
  return (
    <QueryState
      query={query}
      loadingLabel="Loading your books"
      isEmpty={(books) => books.localBooks.length === 0 && books.internationalBooks.length === 0}
      empty={
        <Card as="div" className={styles.empty}>
          <p>{BOOK_MESSAGES.empty}</p>
          <Link to="/new-book" className={buttonClassName('primary')}>
            Get Started
          </Link>
        </Card>
      }
    >
      {(books) => <Library books={books} selection={selection} />}
    </QueryState>
  );
}

/** The books of `region` in the shared collections. */
export function booksOf(books: SharedBooks, region: Region): Book[] {
  return region === 'local' ? books.localBooks : books.internationalBooks;
}

/** The books under the region tabs, with the selected book's panel. */
function Library({ books, selection }: { books: SharedBooks; selection: BookSelection }) {
  const navigate = useNavigate();
  const { region, bookId } = selection;
  const list = booksOf(books, region);
  const selected = list.find((book) => book.id === bookId) ?? null;

  const regionName = region === 'local' ? 'Local' : 'International';
  return (
    <div className={styles.library}>
      <Tabs
        label="Book regions"
        items={REGIONS}
        selected={region}
        // Switching tabs is a view of the same page: it replaces the address, not adds to history.
        onSelect={(next) => void navigate(booksListPath(next), { replace: true })}
        className={styles.listColumn}
      >
        {list.length > 0 ? (
          <BookList
            label={`${regionName} books`}
            books={list}
            selectedId={selected?.id ?? null}
            onSelect={(book) => void navigate(bookDetailPath(region, book.id))}
          />
        ) : (
          <p className={styles.muted}>You have no {regionName.toLowerCase()} books yet.</p>
        )}
      </Tabs>
      {selected ? (
        <BookDetail
          key={`${region}:${selected.id}`}
          book={selected}
          region={region}
          onDeleted={() => void navigate(booksListPath(region), { replace: true })}
        />
      ) : (
        <p className={styles.hint}>
          {bookId === null ? 'Select a book to see its details.' : BOOK_ROUTE_MESSAGES.notInLibrary}
        </p>
      )}
    </div>
  );
}
