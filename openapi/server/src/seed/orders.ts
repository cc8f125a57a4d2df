import type { Insertable } from 'kysely';
import { summarizeSales } from '../domain/sales-summary.js';
import type { BookRow, NewOrderRow, SalesSummariesTable } from '../plugins/external/db-schema.js';
import { DAY_MS, slug } from './library.js';
import { CUSTOMERS, DEMO_ORDER_LINES, STATUSES } from './orders-data.js';
import { DEMO_UPLOADS } from './uploads.js';

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function pickStatus(next: () => number): string {
  let roll = next();
  for (const [status, weight] of STATUSES) {
    if ((roll -= weight) < 0) return status;
  }
  return STATUSES[0]![0];
}

const uploadOf = (book: BookRow) => DEMO_UPLOADS.find((upload) => upload.title === book.book_title)!;

/**
 * About 600 order lines over 18 months on the approved books, some repeated (the feed repeats
 * lines of one order id; the client de-duplicates). `next` is the seeded random source, so every
 * start builds the same lines.
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
  const span = 548 * DAY_MS;
  let orderNumber = 140_000_000;
  while (orderRows.length < DEMO_ORDER_LINES) {
    const book = pick(next, sellers);
    const orderDate = new Date(now.getTime() - Math.floor(next() * span) - 3_600_000);
    const quantity = next() < 0.85 ? 1 : next() < 0.7 ? 2 : 3;
    const row: NewOrderRow = {
      order_id: String((orderNumber += 1 + Math.floor(next() * 400))),
      user_id: userId,
      book_id: book.id,
      product_title: book.book_title,
      customer: pick(next, CUSTOMERS),
      sale_status: pickStatus(next),
      selling_price: Number(book.price_sale),
      quantity,
      order_date: orderDate,
      takealot_url: `https://www.takealot.com/${slug(book.book_title)}/PLID${90_000_000 + book.id * 1_000 + (book.is_international ? 1 : 0)}`,
      created_at: new Date(orderDate.getTime() + 20 * 60_000),
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
