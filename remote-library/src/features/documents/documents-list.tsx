import { useMemo, useState } from 'react';
import { Button, QueryState, useBooksQuery, type SharedBooks } from '@pod/shared-contracts';
import { FILE_LINKS_REFRESH_MS } from '../../lib/file-links';
import { documentsOf, filterDocuments, type DocumentFilter } from './document-items';
import styles from './documents.module.css';

const TILES: { filter: DocumentFilter; label: string; empty: string }[] = [
  { filter: 'all', label: 'All', empty: "You don't have any documents yet" },
  { filter: 'book', label: 'Books', empty: 'No book files yet' },
  { filter: 'contract', label: 'Contracts', empty: 'No contracts yet' },
];

const NO_BOOKS: SharedBooks = { localBooks: [], internationalBooks: [] };

/**
 * The user's documents (files and contracts of the shared books) behind three filter tiles, each
 * a download through its signed link. The books are re-read every 20 minutes while the page is
 * open, so a link is never older than its 30 minutes.
 */
export function DocumentsList() {
  const query = useBooksQuery({ refetchInterval: FILE_LINKS_REFRESH_MS });
  const books = query.data ?? NO_BOOKS;
  const [filter, setFilter] = useState<DocumentFilter>('all');
  const items = useMemo(() => documentsOf(books), [books]);
  const shown = filterDocuments(items, filter);
  const tile = TILES.find((candidate) => candidate.filter === filter) ?? TILES[0];

  return (
    <>
      <div role="group" aria-label="Filter documents" className={styles.tiles}>
        {TILES.map(({ filter: value, label }) => (
          <Button
            key={value}
            variant={value === filter ? 'primary' : 'secondary'}
            aria-pressed={value === filter}
            onClick={() => setFilter(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      <QueryState
        query={query}
        loadingLabel="Loading documents"
        isEmpty={() => shown.length === 0}
        empty={<p className={styles.empty}>{tile?.empty}</p>}
      >
        {() => (
          <ul className={styles.list} aria-label="Documents">
            {shown.map((item) => (
              <li key={item.key} className={styles.item}>
                <span className={styles.kind}>{item.kind === 'contract' ? 'Contract' : 'Book file'}</span>
                <span className={styles.name}>
                  <a href={item.href} download={item.filename}>
                    {item.name}
                  </a>
                </span>
                <span className={styles.book}>{item.book}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
