import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, NewOrderRow, OrderRow, SalesSummariesTable } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    orderRepository: OrderRepository;
  }
}

export interface SalesSummaryFigures {
  profit: string;
  quantity: number;
  returned: number;
  total_royalties: string;
  total_revenue: string;
  total_cost: string;
}

/** An order line with the region of its book (null when the book is gone), for the price's currency. */
export type OrderWithRegion = OrderRow & { is_international: boolean | null };

export type SalesListRow = SalesSummaryFigures & { book_id: number; book_title: string; is_international: boolean };

/** Orders and sales summaries of the user's books (the marketplace feed, read-only to the user). */
export interface OrderRepository {
  /** One row per order id (the newest line of a repeated order), newest first, paged. */
  listDistinctByUser(userId: number, page: { skip: number; take: number }): Promise<OrderWithRegion[]>;
  /** Every order line of one book, newest first (repeated order ids included, as the feed has them). */
  listByBook(userId: number, bookId: number): Promise<OrderWithRegion[]>;
  salesOfBook(bookId: number): Promise<SalesSummaryFigures | undefined>;
  /** Summaries of the user's books that have sales, newest book first. */
  salesByUser(userId: number): Promise<SalesListRow[]>;
  insertOrders(rows: NewOrderRow[]): Promise<void>;
  insertSalesSummaries(rows: Insertable<SalesSummariesTable>[]): Promise<void>;
  countByUser(userId: number): Promise<number>;
  /** Every order line of a book, whoever's (the admin console recomputes the book's summary from them). */
  linesOfBook(bookId: number): Promise<OrderRow[]>;
  /** Creates or replaces the book's sales summary. */
  saveSalesSummary(bookId: number, figures: Omit<Insertable<SalesSummariesTable>, 'book_id'>): Promise<void>;
}

const INSERT_BATCH = 500;

export function createOrderRepository(db: Kysely<Database>): OrderRepository {
  return {
    async listDistinctByUser(userId, { skip, take }) {
      // A line is shown when no line of the same order id is newer (date, then id): the same
      // rows as DISTINCT ON (order_id), but walked newest first through orders_user_date_idx
      // with an index probe each (orders_user_order_idx), so a page stops after skip + take
      // rows instead of sorting all of the user's lines (the dashboard's five newest orders).
      return db
        .selectFrom('orders as o')
        .leftJoin('books as b', 'b.id', 'o.book_id')
        .selectAll('o')
        .select('b.is_international')
        .where('o.user_id', '=', userId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('orders as n')
                .select(sql.lit(1).as('newer'))
                .whereRef('n.user_id', '=', 'o.user_id')
                .whereRef('n.order_id', '=', 'o.order_id')
                .where(sql<boolean>`(n.order_date, n.id) > (o.order_date, o.id)`),
            ),
          ),
        )
        .orderBy('o.order_date', 'desc')
        .orderBy('o.id', 'desc')
        .offset(skip)
        .limit(take)
        .execute();
    },

    async listByBook(userId, bookId) {
      return db
        .selectFrom('orders as o')
        .leftJoin('books as b', 'b.id', 'o.book_id')
        .selectAll('o')
        .select('b.is_international')
        .where('o.user_id', '=', userId)
        .where('o.book_id', '=', bookId)
        .orderBy('o.order_date', 'desc')
        .orderBy('o.id', 'desc')
        .execute();
    },

    async salesOfBook(bookId) {
      return db
        .selectFrom('sales_summaries')
        .select(['profit', 'quantity', 'returned', 'total_royalties', 'total_revenue', 'total_cost'])
        .where('book_id', '=', bookId)
        .executeTakeFirst();
    },

    async salesByUser(userId) {
      return db
        .selectFrom('sales_summaries as s')
        .innerJoin('books as b', 'b.id', 's.book_id')
        .select([
          's.book_id',
          'b.book_title',
          'b.is_international',
          's.profit',
          's.quantity',
          's.returned',
          's.total_royalties',
          's.total_revenue',
          's.total_cost',
        ])
        .where('b.user_id', '=', userId)
        .where('s.quantity', '>', 0)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .execute();
    },

    async insertOrders(rows) {
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        await db
          .insertInto('orders')
          .values(rows.slice(i, i + INSERT_BATCH))
          .execute();
      }
    },

    async insertSalesSummaries(rows) {
      if (rows.length > 0) await db.insertInto('sales_summaries').values(rows).execute();
    },

    async countByUser(userId) {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async linesOfBook(bookId) {
      return db.selectFrom('orders').selectAll().where('book_id', '=', bookId).orderBy('id').execute();
    },

    async saveSalesSummary(bookId, figures) {
      await db
        .insertInto('sales_summaries')
        .values({ book_id: bookId, ...figures })
        .onConflict((oc) => oc.column('book_id').doUpdateSet(figures))
        .execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('orderRepository', createOrderRepository(app.db));
  },
  { name: 'order-repository', dependencies: ['db'] },
);
