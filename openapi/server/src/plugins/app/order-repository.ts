import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
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

/**
 * An order line as the order lists show it (portal.yaml Order), with the region of its book (null
 * when the book is gone) for the price's currency. The two dates come as milliseconds since 1970
 * (see epochMs).
 */
export type ShownOrder = Pick<
  OrderRow,
  'order_id' | 'book_id' | 'product_title' | 'customer' | 'sale_status' | 'selling_price' | 'quantity' | 'takealot_url'
> & { order_date_ms: number; created_at_ms: number; is_international: boolean | null };

/** The filters of /orders (portal.yaml getBookOrders): days are `YYYY-MM-DD` in `timeZone`. */
export interface OrderFilter {
  search?: string;
  from?: string;
  to?: string;
  timeZone: string;
}

/** A page of orders and how many match across every page. */
export interface OrderPage {
  orders: ShownOrder[];
  total: number;
}

export type SalesListRow = SalesSummaryFigures & { book_id: number; book_title: string; is_international: boolean };

/** Orders and sales summaries of the user's books (the marketplace feed, read-only to the user). */
export interface OrderRepository {
  /** One row per order id (the newest line of a repeated order), newest first, filtered, paged. */
  listDistinctByUser(userId: number, page: { skip: number; take: number }, filter?: OrderFilter): Promise<OrderPage>;
  /** The `take` newest orders (one row per order id, as above) without a total: the dashboard's list. */
  newestByUser(userId: number, take: number): Promise<ShownOrder[]>;
  /** Every order line of one book, newest first (repeated order ids included, as the feed has them). */
  listByBook(userId: number, bookId: number): Promise<ShownOrder[]>;
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

/**
 * A line is shown when no line of the same order id is newer (date, then id): the rows of
 * DISTINCT ON (order_id) newest first, found with one probe of orders_user_order_idx per line.
 */
function newestLineOfItsOrder(eb: ExpressionBuilder<Database & { o: OrderRow }, 'o'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('orders as n')
        .select(sql.lit(1).as('newer'))
        .whereRef('n.user_id', '=', 'o.user_id')
        .whereRef('n.order_id', '=', 'o.order_id')
        .where(sql<boolean>`(n.order_date, n.id) > (o.order_date, o.id)`),
    ),
  );
}

/**
 * Milliseconds since 1970 of a timestamp, cut to the millisecond as the driver's Date was. The
 * driver parsed each timestamp's text into a Date, ~2.5 us each, two per line: 0.5 ms of Node's
 * time for a page of 100, against ~0.1 ms more for PostgreSQL to send numbers. float8, not
 * bigint: a number from both drivers (pg gives bigint as a string), exact up to 2^53 ms, past
 * any date a Date can hold.
 */
function epochMs(column: 'o.order_date' | 'o.created_at') {
  return sql<number>`floor(extract(epoch from ${sql.ref(column)}) * 1000)::float8`;
}

/** The columns of a ShownOrder, from lines `o` joined to their books `b`. */
const shownColumns = [
  'o.order_id',
  'o.book_id',
  'o.product_title',
  'o.customer',
  'o.sale_status',
  'o.selling_price',
  'o.quantity',
  'o.takealot_url',
  epochMs('o.order_date').as('order_date_ms'),
  epochMs('o.created_at').as('created_at_ms'),
  'b.is_international',
] as const;

/** A user's order lines as the lists show them (only those columns: the rest would be sent, parsed and dropped). */
function shownLines(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('books as b', 'b.id', 'o.book_id')
    .select(shownColumns)
    .where('o.user_id', '=', userId);
}

export function createOrderRepository(db: Kysely<Database>): OrderRepository {
  return {
    async newestByUser(userId, take) {
      // Walked newest first through orders_user_date_idx with an index probe each
      // (orders_user_order_idx), so it stops after `take` rows instead of reading all of the
      // user's lines (the dashboard's five newest orders; no total is needed there).
      return shownLines(db, userId)
        .where(newestLineOfItsOrder)
        .orderBy('o.order_date', 'desc')
        .orderBy('o.id', 'desc')
        .limit(take)
        .execute();
    },

    async listDistinctByUser(userId, { skip, take }, filter = { timeZone: 'Africa/Johannesburg' }) {
      const distinct = db
        .selectFrom('orders as o')
        .selectAll('o')
        .where('o.user_id', '=', userId)
        .where(newestLineOfItsOrder)
        .as('o');
      const zone = filter.timeZone;
      const localDay = sql<string>`(o.order_date at time zone ${zone})::date`;
      const filtered = Boolean(filter.from || filter.to || filter.search);
      let query = db
        .selectFrom(distinct)
        .leftJoin('books as b', 'b.id', 'o.book_id')
        .select(shownColumns)
        // The total rides along on every row. Filtered, one scan answers both the page and the
        // count (every line must be read to filter it anyway). Unfiltered, a count over every
        // line would make the page read them all too (20 ms for 10,000 orders on PostgreSQL,
        // against 0.3 ms for a page that walks the newest lines and stops), and even counting
        // the order ids alone took ~5 ms of the database's CPU per page: the count is kept
        // beside the lines (migration 022; one order id = one row of the list).
        .select(
          filtered
            ? sql<string>`count(*) over ()`.as('total')
            : sql<string>`coalesce((SELECT u.orders FROM user_order_counts u WHERE u.user_id = ${userId}), 0)`.as(
                'total',
              ),
        );
      if (filter.from) query = query.where(localDay, '>=', sql<string>`${filter.from}::date`);
      if (filter.to) query = query.where(localDay, '<=', sql<string>`${filter.to}::date`);
      if (filter.search) {
        const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // The texts the screen shows and searched before paging moved here (portal.yaml).
        const price = sql<string>`replace(to_char(o.selling_price, 'FM999,999,999,990.00'), ',', ' ')`;
        query = query.where((eb) =>
          eb.or(
            [
              sql<string>`o.product_title`,
              sql<string>`coalesce(o.customer, '')`,
              sql<string>`o.sale_status`,
              sql<string>`to_char(o.order_date at time zone ${zone}, 'DD-MM-YYYY HH24:MI')`,
              sql<string>`(case when b.is_international then 'USD ' else 'R ' end) || ${price}`,
              sql<string>`trim_scale(o.selling_price)::text`,
              sql<string>`o.selling_price::text`,
              sql<string>`o.quantity::text`,
            ].map((text) => eb(text, 'ilike', pattern)),
          ),
        );
      }
      const rows = await query
        .orderBy('o.order_date', 'desc')
        .orderBy('o.id', 'desc')
        .offset(skip)
        .limit(take)
        .execute();
      const total = rows.length > 0 ? Number(rows[0]!.total) : skip > 0 ? await countPast() : 0;
      return { orders: rows.map(({ total: _total, ...order }) => order), total };

      // Past the last page no row carries the count; a second, unpaged read gives it.
      async function countPast(): Promise<number> {
        const page = await createOrderRepository(db).listDistinctByUser(userId, { skip: 0, take: 1 }, filter);
        return page.total;
      }
    },

    async listByBook(userId, bookId) {
      return shownLines(db, userId)
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
