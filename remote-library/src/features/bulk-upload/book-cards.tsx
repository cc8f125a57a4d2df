import { memo } from 'react';
import { Card, DetailsList, formatRand, formatUsd, VisuallyHidden, Link } from '@pod/shared-contracts';
import type { InvalidRow } from './csv-rows';
import type { CalculatedBook } from './use-bulk-upload';
import styles from './bulk-upload.module.css';

const NOT_APPLICABLE = 'Not applicable';

function formatLabel(format: unknown): string {
  const text = format === null || format === undefined ? '' : String(format);
  return text.toLowerCase() === 'ebook' ? 'eBook' : text || 'Unknown';
}

function amount(value: unknown, format: (value: number) => string): string {
  return typeof value === 'number' && Number.isFinite(value) ? format(value) : NOT_APPLICABLE;
}

/**
 * A priced book: status, prices and royalties (R local, USD international), ISBN, format, pages.
 * Memoised, like InvalidBookCard: a list of thousands re-renders only the cards a batch adds.
 */
export const ValidBookCard = memo(function ValidBookCard({ book }: { book: CalculatedBook }) {
  const { result, row } = book;
  const title = result.book_title ?? book.title;
  const isbn = result.isbn ?? (row.isbn === null || row.isbn === '' ? null : String(row.isbn));
  const pages = result.no_of_pages ?? row.no_of_pages;
  // The server's answer wins; the row's own values fill in only for the markets it is sold in.
  const details = [
    { label: 'Status', value: result.status ?? 'quote' },
    {
      label: 'Local price',
      value: amount(result.local_price ?? (row.is_local === true ? row.local_price : null), formatRand),
    },
    { label: 'Local royalty', value: amount(result.localRoyalty, formatRand) },
    {
      label: 'International price',
      value: amount(
        result.international_price ?? (row.is_international === true ? row.international_price : null),
        formatUsd,
      ),
    },
    { label: 'International royalty', value: amount(result.internationRoyalty, formatUsd) },
    { label: 'ISBN', value: isbn || 'to be provided' },
    { label: 'Format', value: formatLabel(result.format_type ?? row.format_type) },
    { label: 'Page count', value: pages === null || pages === undefined || pages === '' ? 'Unknown' : String(pages) },
  ];
  return (
    <Card as="article" title={title} headingLevel={3}>
      <DetailsList items={details} />
      <Link className={styles.complete} to="/books">
        Complete Process<VisuallyHidden>{` for ${title}`}</VisuallyHidden>
      </Link>
    </Card>
  );
});

/** A refused row: its title (when it has one), its line in the file and every reason. */
export const InvalidBookCard = memo(function InvalidBookCard({ row }: { row: InvalidRow }) {
  return (
    <Card as="article" title={row.title || `Row on line ${row.line}`} headingLevel={3}>
      <p className={styles.line}>Line {row.line} of your CSV</p>
      <ul className={styles.reasons}>
        {row.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </Card>
  );
});
