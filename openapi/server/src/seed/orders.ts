import type { Insertable } from 'kysely';
import { summarizeSales } from '../domain/sales-summary.js';
import type { BookRow, NewOrderRow, SalesSummariesTable } from '../plugins/external/db-schema.js';
import { DAY_MS, slug } from './library.js';
import { CHANNELS, CUSTOMERS, DEMO_ORDER_DAYS, DEMO_ORDER_LINES, MONTH_WEIGHTS, STATUSES } from './orders-data.js';
import { DEMO_UPLOADS } from './uploads.js';

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function pickWeighted(next: () => number, weights: ReadonlyArray<[string, number]>): string {
  let roll = next();
  for (const [value, weight] of weights) {
    if ((roll -= weight) < 0) return value;
  }
  return weights[0]![0];
}

const MAX_MONTH_WEIGHT = Math.max(...MONTH_WEIGHTS);

/**
 * An order date in the last DEMO_ORDER_DAYS days, drawn in proportion to its month's weight
 * (rejection sampling) and to a gentle growth (the author's later months sell a little more).
 */
function orderDate(next: () => number, now: Date): Date {
  for (;;) {
    const age = Math.floor(next() * DEMO_ORDER_DAYS * DAY_MS);
    const date = new Date(now.getTime() - age - 3_600_000);
    const growth = 1 - (0.3 * age) / (DEMO_ORDER_DAYS * DAY_MS);
    if (next() * MAX_MONTH_WEIGHT < MONTH_WEIGHTS[date.getUTCMonth()]! * growth) return date;
  }
}

const uploadOf = (book: BookRow) => DEMO_UPLOADS.find((upload) => upload.title === book.book_title)!;

/**
 * DEMO_ORDER_LINES order lines over two years on the approved books, with a December peak
 * (MONTH_WEIGHTS), about 3% returns, channels by region (CHANNELS), some lines repeated (the feed
 * repeats lines of one order id; the client de-duplicates). `next` is the seeded random source,
 * so every start builds the same lines (relative to `now`).
 */
export function buildOrderRows(
  userId: number,
  now: Date,
  saved: readonly BookRow[],
  next: () => number,
): NewOrderRow[] {
  const sellers = saved.flatMap((book) => {
    const upload = uploadOf(book);
    return upload.status === 'approved' ? Array.from({ length: upload.orderWeight ?? 1 }, () => book) : [];
  });
  const orderRows: NewOrderRow[] = [];
  let orderNumber = 140_000_000;
  while (orderRows.length < DEMO_ORDER_LINES) {
    const book = pick(next, sellers);
    const date = orderDate(next, now);
    const channel = pickWeighted(next, CHANNELS[book.is_international ? 'international' : 'local']);
    const quantity = next() < 0.85 ? 1 : next() < 0.7 ? 2 : 3;
    const row: NewOrderRow = {
      order_id: String((orderNumber += 1 + Math.floor(next() * 400))),
      user_id: userId,
      book_id: book.id,
      product_title: book.book_title,
      customer: pick(next, CUSTOMERS),
      sale_status: pickWeighted(next, STATUSES),
      selling_price: Number(book.price_sale),
      quantity,
      order_date: date,
      // The product page is Takealot's; other channels' lines have none.
      takealot_url:
        channel === 'takealot'
          ? `https://www.takealot.com/${slug(book.book_title)}/PLID${90_000_000 + book.id * 1_000 + (book.is_international ? 1 : 0)}`
          : null,
      channel,
      created_at: new Date(date.getTime() + 20 * 60_000),
    };
    orderRows.push(row);
    if (next() < 0.06 && orderRows.length < DEMO_ORDER_LINES) orderRows.push({ ...row });
  }
  return orderRows;
}

/** Sales summaries of the approved books, consistent with their distinct order lines. */
export function buildSalesSummaries(
  saved: readonly BookRow[],
  orderRows: readonly NewOrderRow[],
): Insertable<SalesSummariesTable>[] {
  return saved
    .filter((book) => uploadOf(book).status === 'approved')
    .map((book) => ({ book_id: book.id, ...summarizeSales(book, orderRows) }));
}
