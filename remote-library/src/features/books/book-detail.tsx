import { useState } from 'react';
import { formatRand, formatUsd, type Book } from '@pod/shared-contracts';
import { BookDetailsTab } from './book-details-tab';
import { formatLabel, parseBookMisc, type Region } from './book-model';
import { BookOrders } from './book-orders';
import { BookSales, Tile } from './book-sales';
import { BookSalesChart } from './book-sales-chart';
import { Tabs, type TabItem } from './tabs';
import { hasSales, useBookDetail } from './use-book-detail';
import styles from './books.module.css';

type DetailTab = 'details' | 'sales' | 'orders';

function numberOrNull(...values: unknown[]): number | null {
  for (const value of values) {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  return null;
}

/**
 * The selected book: header (title and format), tiles (Royalty Fee, the selling price of
 * its region, Status) and the details / sales / orders tabs, sales and orders only when the
 * book has any. Its title is an h2 beside the list, an h1 when the detail is a view of its own.
 */
export function BookDetail({
  book,
  region,
  onDeleted,
  headingLevel = 2,
}: {
  book: Book;
  region: Region;
  onDeleted: () => void;
  headingLevel?: 1 | 2;
}) {
  const detail = useBookDetail(book.id, region);
  const [tab, setTab] = useState<DetailTab>('details');
  const misc = parseBookMisc(book.misc);
  const local = region === 'local';
  const money = (value: number | null | undefined) => (local ? formatRand(value) : formatUsd(value));
  const royalty = local
    ? numberOrNull(book.localRoyalty, misc.localroyalty)
    : numberOrNull(book.internationRoyalty, misc.internationroyalty);
  const price = local
    ? numberOrNull(book.price_sale, book.local_price)
    : numberOrNull(book.price_sale, book.international_price);

  const withSales = hasSales(detail.sales);
  const tabs: TabItem<DetailTab>[] = [
    { value: 'details', label: 'Details' },
    ...(withSales ? [{ value: 'sales' as const, label: 'Sales' }] : []),
    ...(detail.orders.length > 0 ? [{ value: 'orders' as const, label: 'Orders' }] : []),
  ];
  const current = tabs.some((item) => item.value === tab) ? tab : 'details';
  const titleId = `book-detail-${region}-${book.id}`;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section className={styles.detail} aria-labelledby={titleId}>
      <header className={styles.detailHeader}>
        <Heading id={titleId}>{book.book_title}</Heading>
        <span className={styles.format}>{formatLabel(book.format_type)}</span>
      </header>
      <div className={styles.tiles}>
        <Tile label="Royalty Fee" value={money(royalty)} />
        <Tile label={local ? 'Local Selling Price (R)' : 'International Selling Price (USD)'} value={money(price)} />
        <Tile label="Status" value={misc.status ?? 'Not set'} />
      </div>
      <Tabs label={`About ${book.book_title}`} items={tabs} selected={current} onSelect={setTab}>
        {current === 'details' ? (
          <BookDetailsTab
            book={book}
            info={detail.info}
            loading={detail.loading}
            region={region}
            onDeleted={onDeleted}
          />
        ) : null}
        {current === 'sales' && detail.sales ? (
          <>
            <BookSales sales={detail.sales} money={money} />
            <BookSalesChart id={book.id} region={region} />
          </>
        ) : null}
        {current === 'orders' ? <BookOrders orders={detail.orders} money={money} /> : null}
      </Tabs>
    </section>
  );
}
