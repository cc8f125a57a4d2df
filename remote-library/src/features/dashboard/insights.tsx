import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  buttonClassName,
  Card,
  DataTable,
  formatCents,
  formatDateTime,
  formatDay,
  formatRand,
  formatUsd,
  QueryState,
  queryKeys,
  wizardResumePath,
  type BookInProgress,
  type DataTableColumn,
  type MoneyAmount,
  type Order,
  type ReportsSummary,
  Link,
} from '@pod/shared-contracts';
import { getReportsSummary } from './api/get-reports-summary';
import styles from './dashboard.module.css';

/** What each wizard stage (misc.bookStage) means to the author. */
const STAGE_LABELS: Record<string, string> = {
  getquote: 'Quote saved: publisher details next',
  signedcontract: 'Contract signed: upload your files next',
  uploaded: 'Files uploaded: awaiting payment or review',
};

/** The stage as the author reads it; an unknown stage shows its name. */
export function stageLabel(stage: string): string {
  return STAGE_LABELS[stage] ?? stage;
}

/**
 * Amounts per currency, one line each: rand and dollars are never added. The list is named by
 * its heading, so a screen reader (and a journey) can tell this month's figures from last month's.
 */
function Amounts({ amounts, none, labelledBy }: { amounts: readonly MoneyAmount[]; none: string; labelledBy: string }) {
  if (amounts.length === 0) return <p className={styles.muted}>{none}</p>;
  return (
    <ul className={styles.amounts} aria-labelledby={labelledBy}>
      {amounts.map((amount) => (
        <li key={amount.currency} className={styles.amount}>
          {formatCents(amount.amount_cents, amount.currency)}
        </li>
      ))}
    </ul>
  );
}

function Royalties({ summary }: { summary: ReportsSummary }) {
  const thisMonthId = useId();
  const lastMonthId = useId();
  return (
    <Card title="Royalties" size="spacious">
      <h3 id={thisMonthId} className={styles.subheading}>
        This month
      </h3>
      <Amounts amounts={summary.royalties_this_month} none="No royalties yet this month." labelledBy={thisMonthId} />
      <h3 id={lastMonthId} className={styles.subheading}>
        Last month
      </h3>
      <Amounts amounts={summary.royalties_last_month} none="No royalties last month." labelledBy={lastMonthId} />
      <p>
        Units sold this month: <strong>{summary.units_this_month}</strong>
      </p>
      <Link to="/reports">See your reports</Link>
    </Card>
  );
}

function NextPayout({ summary }: { summary: ReportsSummary }) {
  const payout = summary.next_payout;
  return (
    <Card title="Next payout" size="spacious">
      <p>
        On <strong>{formatDay(payout.date)}</strong>
        {payout.periods.length > 0 ? `, for ${payout.periods.join(', ')}` : ''}.
      </p>
      {payout.amounts.length === 0 ? (
        <p className={styles.muted}>Nothing to pay yet: royalties are paid in March, June, September and December.</p>
      ) : (
        <ul className={styles.amounts}>
          {payout.amounts.map((amount) => (
            <li key={amount.currency}>
              <span className={styles.amount}>{formatCents(amount.amount_cents, amount.currency)}</span>{' '}
              {amount.will_be_paid
                ? 'will be paid.'
                : `is below the minimum of ${formatCents(amount.threshold_cents, amount.currency)} and will be carried forward.`}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function resumePath(book: BookInProgress): string | null {
  return wizardResumePath(
    book.stage,
    book.region === 'international'
      ? { localId: null, internationalId: book.book_id }
      : { localId: book.book_id, internationalId: book.international_book_id ?? null },
  );
}

function BooksInProgress({ summary }: { summary: ReportsSummary }) {
  const books = summary.books_in_progress;
  return (
    <Card title="Books in progress" size="spacious">
      {books.length === 0 ? (
        <>
          <p>No books in progress. Start your first book: the wizard takes you from the quote to the upload.</p>
          <Link to="/new-book" className={buttonClassName('primary')}>
            Start a book
          </Link>
        </>
      ) : (
        <ul className={styles.progressList}>
          {books.map((book) => {
            const to = resumePath(book);
            return (
              <li key={`${book.region}-${book.book_id}`}>
                <strong>{book.book_title}</strong>
                <span className={styles.muted}> {stageLabel(book.stage)}</span>{' '}
                {to ? (
                  <Link to={to} aria-label={`Continue ${book.book_title}`}>
                    Continue
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const ORDER_COLUMNS: DataTableColumn<Order>[] = [
  { key: 'title', label: 'Book', cell: (order) => order.product_title },
  { key: 'date', label: 'Date', cell: (order) => (order.order_date ? formatDateTime(order.order_date) : '') },
  { key: 'status', label: 'Status', cell: (order) => order.sale_status ?? '' },
  { key: 'quantity', label: 'Quantity', numeric: true, cell: (order) => order.quantity ?? 0 },
  {
    key: 'price',
    label: 'Price',
    numeric: true,
    cell: (order) => (order.currency === 'USD' ? formatUsd(order.selling_price) : formatRand(order.selling_price)),
  },
];

function RecentOrders({ summary }: { summary: ReportsSummary }) {
  return (
    <DataTable
      className={styles.wide}
      caption="Recent orders"
      columns={ORDER_COLUMNS}
      rows={summary.recent_orders}
      rowKey={(order) => String(order.order_id)}
      empty="No orders yet. Orders of your published books show here."
    />
  );
}

/**
 * The dashboard's figures at a glance (GET /reports/summary): royalties this and last month
 * per currency with the units sold, the next payout and what it contains, the books in
 * progress with a Continue link to their wizard stage, and the five most recent orders.
 */
export function Insights() {
  const query = useQuery({ queryKey: queryKeys.reports('summary'), queryFn: getReportsSummary });
  return (
    <div className={styles.wide}>
      <QueryState query={query} loadingLabel="Loading your figures">
        {(summary) => (
          <div className={styles.grid}>
            <Royalties summary={summary} />
            <NextPayout summary={summary} />
            <BooksInProgress summary={summary} />
            <RecentOrders summary={summary} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
