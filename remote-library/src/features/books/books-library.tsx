import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName, Card, QueryState, useBooksQuery, type Book, type SharedBooks } from '@pod/shared-contracts';
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
  const query = useBooksQuery({ refetchOnMount: 'always' });
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
      {(books) => <Library books={books} />}
    </QueryState>
  );
}

/** The books under the region tabs, with the selected book's panel. */
function Library({ books }: { books: SharedBooks }) {
  const [region, setRegion] = useState<Region>('local');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list: Book[] = region === 'local' ? books.localBooks : books.internationalBooks;
  const selected = list.find((book) => book.id === selectedId) ?? null;

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
