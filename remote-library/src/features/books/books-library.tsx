import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AlertBar,
  Button,
  buttonClassName,
  GENERIC_ERROR_MESSAGE,
  loadSharedCollection,
  Spinner,
  useCurrentUser,
  useSharedBooks,
  useSharedDataStatus,
  type Book,
} from '@pod/shared-contracts';
import { BookDetail } from './book-detail';
import { BookList } from './book-list';
import type { Region } from './book-model';
import { BOOK_MESSAGES } from './messages';
import { Tabs, type TabItem } from './tabs';
import styles from './books.module.css';

const REGIONS: readonly TabItem<Region>[] = [
  { value: 'local', label: 'Local' },
  { value: 'international', label: 'International' },
];

/**
 * Your Books: the shared books (re-read on arrival, so a book just made in the wizard is
 * there) under Local and International tabs, and the detail panel of the selected book.
 */
export function BooksLibrary() {
  const user = useCurrentUser();
  const books = useSharedBooks();
  const status = useSharedDataStatus('books');
  const [region, setRegion] = useState<Region>('local');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId !== null) void loadSharedCollection('books');
  }, [userId]);

  const list: Book[] = region === 'local' ? books.localBooks : books.internationalBooks;
  const selected = list.find((book) => book.id === selectedId) ?? null;
  const none = books.localBooks.length === 0 && books.internationalBooks.length === 0;

  if (none && (status.loading || (userId !== null && !status.loaded))) return <Spinner label="Loading your books" />;
  if (none && status.failed) {
    return (
      <div className={styles.failure}>
        <AlertBar variant="danger" message={GENERIC_ERROR_MESSAGE} />
        <Button variant="secondary" onClick={() => void loadSharedCollection('books')}>
          Try again
        </Button>
      </div>
    );
  }
  if (none) {
    return (
      <div className={styles.empty}>
        <p>{BOOK_MESSAGES.empty}</p>
        <Link to="/new-book" className={buttonClassName('primary')}>
          Get Started
        </Link>
      </div>
    );
  }

  const regionName = region === 'local' ? 'Local' : 'International';
  return (
    <div className={styles.library}>
      <Tabs
        label="Book regions"
        items={REGIONS}
        selected={region}
        onSelect={(next) => {
          setRegion(next);
          setSelectedId(null);
        }}
        className={styles.listColumn}
      >
        {list.length > 0 ? (
          <BookList
            label={`${regionName} books`}
            books={list}
            selectedId={selectedId}
            onSelect={(book) => setSelectedId(book.id)}
          />
        ) : (
          <p className={styles.muted}>You have no {regionName.toLowerCase()} books yet.</p>
        )}
      </Tabs>
      {selected ? (
        <BookDetail key={`${region}:${selected.id}`} book={selected} region={region} onDeleted={() => setSelectedId(null)} />
      ) : (
        <p className={styles.hint}>Select a book to see its details.</p>
      )}
    </div>
  );
}
