import { formatCents, parseCents, roundMoney } from '@pod/shared-contracts/money';
import { summarizeSales, type SalesFigures } from '../domain/sales-summary.js';
import type { TransactionalRepositories } from '../plugins/app/unit-of-work.js';
import type { BookRow } from '../plugins/external/db-schema.js';
import { AdminError, audited, idArgument, type AdminContext } from './context.js';

/** The statuses a book moves through (spec section 3: quote grey, pending orange, denied red, others green). */
export const BOOK_STATUSES = ['quote', 'pending', 'denied', 'approved'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** The marketplace's sale statuses the summaries count ('shipped to customer' sold, 'returned' returned). */
export const SOLD_STATUS = 'shipped to customer';

export interface BookSummary {
  id: number;
  userId: number;
  title: string;
  region: 'local' | 'international';
  status: string;
  stage: string;
  paid: boolean;
  archived: boolean;
}

const bookSummary = (book: BookRow): BookSummary => ({
  id: book.id,
  userId: book.user_id,
  title: book.book_title,
  region: book.is_international ? 'international' : 'local',
  status: String(book.misc.status ?? ''),
  stage: String(book.misc.bookStage ?? ''),
  paid: book.misc.isPaid === true,
  archived: book.misc.archived === true,
});

async function findBook(repos: TransactionalRepositories, bookId: string | undefined): Promise<BookRow> {
  const id = idArgument(bookId, 'The book id');
  const book = await repos.books.findById(id);
  if (!book) throw new AdminError(`No book ${id}`);
  return book;
}

/** Money typed by an admin: rand with up to 2 decimals, within `min`..99 999 999.99. */
export function randArgument(value: string | undefined, what: string, min = 0.01): number {
  const cents = value === undefined ? null : parseCents(value);
  if (cents === null || cents < Math.round(min * 100) || cents > 9_999_999_999) {
    throw new AdminError(
      `${what} must be an amount in rand of at least ${min.toFixed(2)}, got ${JSON.stringify(value ?? '')}`,
    );
  }
  return cents / 100;
}

/** A whole number within `min`..`max`. */
export function countArgument(value: string | undefined, what: string, min: number, max: number): number {
  const count = Number(value);
  if (value === undefined || !/^\d+$/.test(value.trim()) || count < min || count > max) {
    throw new AdminError(`${what} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value ?? '')}`);
  }
  return count;
}

export interface OrderInput {
  orderId: string;
  customer?: string | undefined;
  price: string | undefined;
  quantity?: string | undefined;
  status?: string | undefined;
  date?: string | undefined;
}

export interface SalesInput {
  sold: string | undefined;
  returned?: string | undefined;
  revenue: string | undefined;
  royalties?: string | undefined;
  cost?: string | undefined;
  profit?: string | undefined;
}

/** Books: show, move through the statuses, mark paid; orders and sales of a book. */
export function createLibraryCommands(context: AdminContext) {
  return {
    async showBook(bookId: string | undefined): Promise<BookSummary> {
      return audited(context, async (repos) => {
        const book = await findBook(repos, bookId);
        return {
          result: bookSummary(book),
          note: { action: 'book.show', userId: book.user_id, target: `book ${book.id}` },
        };
      });
    },

    /** Sets misc.status (quote, pending, denied, approved) on the record. */
    async setBookStatus(bookId: string | undefined, status: string | undefined): Promise<BookSummary> {
      if (!BOOK_STATUSES.includes(status as BookStatus)) {
        throw new AdminError(
          `The status must be one of ${BOOK_STATUSES.join(', ')}, got ${JSON.stringify(status ?? '')}`,
        );
      }
      return audited(context, async (repos) => {
        const book = await findBook(repos, bookId);
        const before = String(book.misc.status ?? '');
        await repos.books.mergeMisc(book.id, { status, statusChangedAt: context.now().toISOString() });
        const after = (await repos.books.findById(book.id))!;
        return {
          result: bookSummary(after),
          note: {
            action: 'book.status',
            userId: book.user_id,
            target: `book ${book.id}`,
            details: { from: before, to: status },
          },
        };
      });
    },

    /** Marks the upload paid (both region records), as a checkout does: a status still quote becomes pending. */
    async markBookPaid(bookId: string | undefined): Promise<BookSummary[]> {
      return audited(context, async (repos) => {
        const book = await findBook(repos, bookId);
        if (book.misc.archived === true) throw new AdminError(`Book ${book.id} is cancelled (archived)`);
        const partner = await repos.books.findPartner(book);
        const ids = [book.id, ...(partner ? [partner.id] : [])];
        await repos.books.markPaid(book.user_id, ids, context.now());
        const records = await Promise.all(ids.map(async (id) => bookSummary((await repos.books.findById(id))!)));
        return {
          result: records,
          note: { action: 'book.paid', userId: book.user_id, target: `book ${book.id}`, details: { ids } },
        };
      });
    },

    /** Records one marketplace order line of the book and recomputes its sales summary from every line. */
    async addOrder(bookId: string | undefined, input: OrderInput): Promise<{ orderId: string; summary: SalesFigures }> {
      const orderId = input.orderId?.trim() ?? '';
      if (!/^[\w-]{1,64}$/.test(orderId))
        throw new AdminError('--order-id is required: letters, digits, - and _, at most 64');
      const price = randArgument(input.price, '--price', 0);
      const quantity = countArgument(input.quantity ?? '1', '--quantity', 1, 10_000);
      const status = (input.status ?? SOLD_STATUS).trim();
      if (status === '' || status.length > 100) throw new AdminError('--status must be 1 to 100 characters');
      const date = input.date ? new Date(input.date) : context.now();
      if (Number.isNaN(date.getTime()))
        throw new AdminError(`--date must be a date (ISO 8601), got ${JSON.stringify(input.date)}`);
      const customer = input.customer?.trim().slice(0, 200) || null;
      return audited(context, async (repos) => {
        const book = await findBook(repos, bookId);
        await repos.orders.insertOrders([
          {
            order_id: orderId,
            user_id: book.user_id,
            book_id: book.id,
            product_title: book.book_title,
            customer,
            sale_status: status,
            selling_price: formatCents(Math.round(price * 100)),
            quantity,
            order_date: date,
            takealot_url: null,
          },
        ]);
        const summary = summarizeSales(book, await repos.orders.linesOfBook(book.id));
        await repos.orders.saveSalesSummary(book.id, summary);
        return {
          result: { orderId, summary },
          note: {
            action: 'order.add',
            userId: book.user_id,
            target: `book ${book.id}`,
            details: { orderId, price, quantity, status, date: date.toISOString() },
          },
        };
      });
    },

    /**
     * Replaces the book's sales summary with figures from a marketplace report. Royalties default
     * to the book's royalty per copy sold, cost to revenue minus royalties, profit to royalties
     * for the copies kept (as the summaries derived from order lines).
     */
    async setSales(bookId: string | undefined, input: SalesInput): Promise<SalesFigures> {
      const sold = countArgument(input.sold, '--sold', 0, 10_000_000);
      const returned = countArgument(input.returned ?? '0', '--returned', 0, 10_000_000);
      const revenue = randArgument(input.revenue, '--revenue', 0);
      return audited(context, async (repos) => {
        const book = await findBook(repos, bookId);
        const perCopy = Number(book.is_international ? book.international_royalty : book.local_royalty) || 0;
        const royalties = input.royalties
          ? randArgument(input.royalties, '--royalties', 0)
          : roundMoney(perCopy * sold);
        const figures: SalesFigures = {
          quantity: sold,
          returned,
          total_revenue: revenue,
          total_royalties: royalties,
          total_cost: input.cost ? randArgument(input.cost, '--cost', 0) : roundMoney(revenue - royalties),
          profit: input.profit
            ? randArgument(input.profit, '--profit', 0)
            : roundMoney(perCopy * Math.max(0, sold - returned)),
        };
        await repos.orders.saveSalesSummary(book.id, figures);
        return {
          result: figures,
          note: { action: 'sales.set', userId: book.user_id, target: `book ${book.id}`, details: { ...figures } },
        };
      });
    },
  };
}
