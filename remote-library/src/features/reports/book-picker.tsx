import { useId } from 'react';
import styles from './reports.module.css';

/** How many books one chart compares (GET /reports/sales takes at most 10 bookIds). */
export const MAX_COMPARED_BOOKS = 10;

/** The message shown once the limit is reached. */
export const BOOK_LIMIT_MESSAGE = `You can compare up to ${MAX_COMPARED_BOOKS} books at a time. Clear one to choose another.`;

/** One book the picker offers. */
export interface BookOption {
  id: number;
  title: string;
}

/** Props of {@link BookPicker}. */
export interface BookPickerProps {
  books: readonly BookOption[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}

/**
 * The books to compare: a checkbox list in a fieldset named 'Books to compare'. With 10
 * ticked, the others are disabled and a status line says why (and how to choose another);
 * none ticked means all books together.
 */
export function BookPicker({ books, selected, onChange }: BookPickerProps) {
  const hintId = useId();
  const full = selected.length >= MAX_COMPARED_BOOKS;
  return (
    <fieldset className={styles.books} aria-describedby={hintId}>
      <legend>Books to compare</legend>
      <p id={hintId} className={styles.hint}>
        {selected.length === 0
          ? `All books together. Choose up to ${MAX_COMPARED_BOOKS} to compare them.`
          : `${selected.length} of ${MAX_COMPARED_BOOKS} chosen.`}
      </p>
      <ul className={styles.bookList}>
        {books.map((book) => {
          const checked = selected.includes(book.id);
          return (
            <li key={book.id}>
              <label>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => onChange(checked ? selected.filter((id) => id !== book.id) : [...selected, book.id])}
                />{' '}
                {book.title}
              </label>
            </li>
          );
        })}
      </ul>
      <p role="status" className={styles.limit}>
        {full ? BOOK_LIMIT_MESSAGE : ''}
      </p>
      {selected.length > 0 ? (
        <button type="button" className={styles.linkButton} onClick={() => onChange([])}>
          Clear chosen books
        </button>
      ) : null}
    </fieldset>
  );
}
