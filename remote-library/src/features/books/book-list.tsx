import { cx, LIMITS, type Book } from '@pod/shared-contracts';
import { bookBadge, formatLabel, parseBookMisc, statusTone } from './book-model';
import styles from './books.module.css';

interface BookListProps {
  label: string;
  books: readonly Book[];
  selectedId: number | null;
  onSelect: (book: Book) => void;
}

/** The status pill: its text always shows, the colour only repeats it. */
export function StatusText({ status }: { status: string }) {
  return <span className={cx(styles.status, styles[`status-${statusTone(status)}`])}>Status: {status}</span>;
}

/**
 * The books of one region as selectable cards: title, format label, a 'cancelled' or 'paid'
 * badge and the proofing status. Above 8 books the list scrolls (max height 35rem).
 */
export function BookList({ label, books, selectedId, onSelect }: BookListProps) {
  const scrolls = books.length > LIMITS.booksListScrollAbove;
  return (
    <ul
      aria-label={label}
      className={cx(styles.list, scrolls && styles.scrolling)}
      // A scrolling region must be reachable by keyboard to be scrolled.
      tabIndex={scrolls ? 0 : undefined}
    >
      {books.map((book) => {
        const misc = parseBookMisc(book.misc);
        const badge = bookBadge(misc);
        const selected = book.id === selectedId;
        return (
          <li key={book.id}>
            <button
              type="button"
              aria-pressed={selected}
              className={cx(styles.bookCard, selected && styles.bookCardSelected)}
              onClick={() => onSelect(book)}
            >
              <span className={styles.bookTitle}>{book.book_title}</span>
              <span className={styles.bookMeta}>
                <span className={styles.format}>{formatLabel(book.format_type)}</span>
                {badge ? <span className={cx(styles.badge, styles[`badge-${badge}`])}>{badge}</span> : null}
                {misc.status ? <StatusText status={misc.status} /> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
