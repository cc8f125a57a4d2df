import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    reportRepository: ReportRepository;
  }
}

/** Which order lines a report counts: one user's, in [from, until), optionally narrowed. */
export interface ReportFilter {
  userId: number;
  from: Date;
  /** Exclusive. */
  until: Date;
  bookIds?: readonly number[] | undefined;
  channel?: string | undefined;
  isInternational?: boolean | undefined;
}

/** 'quarter' is the statements' period (not offered by GET /reports/sales). */
export type ReportGranularity = 'day' | 'week' | 'month' | 'quarter';

/** What a report groups by; `period` needs a granularity. */
export type ReportDimension = 'period' | 'book' | 'channel' | 'region';

/** One group of the aggregation; the keys not grouped by are null. Sums are text (bigint). */
export interface ReportRow {
  /** First day of the period, `YYYY-MM-DD` in SAST. */
  period: string | null;
  book_id: number | null;
  book_title: string | null;
  channel: string | null;
  /** The books' region; always set (currency follows it, and figures never mix currencies). */
  is_international: boolean;
  units: string;
  returns: string;
  revenue_cents: string;
  /** Royalty per copy x (units - returns), in cents. */
  royalties_cents: string;
  /** Royalty per copy x units: what the statement's fees are computed from. */
  gross_royalties_cents: string;
}

export interface OwnedBook {
  id: number;
  book_title: string;
  is_international: boolean;
}

export const SOLD = 'shipped to customer';
export const RETURNED = 'returned';
export const REPORT_ZONE = 'Africa/Johannesburg';

export interface ReportRepository {
  aggregate(
    filter: ReportFilter,
    by: readonly ReportDimension[],
    granularity?: ReportGranularity,
  ): Promise<ReportRow[]>;
  /** The user's records among `ids` (another user's ids are simply absent). */
  ownedBooks(userId: number, ids: readonly number[]): Promise<OwnedBook[]>;
  /** The order date of the user's first order line with a book, if any. */
  firstOrderDate(userId: number): Promise<Date | undefined>;
  /**
   * Order lines for the orders export: one per order id (the newest line, as the Your Orders
   * screen shows them), newest first, `search` in title, customer or status, at most `limit`.
   */
  orderLines(filter: ReportFilter, search: string | undefined, limit: number): Promise<ExportOrderLine[]>;
  /** Ledger entries for the transactions export, newest first, at most `limit`. */
  ledgerLines(filter: Pick<ReportFilter, 'userId' | 'from' | 'until'>, limit: number): Promise<ExportLedgerLine[]>;
}

export interface ExportOrderLine {
  order_id: string;
  order_date: Date;
  book_id: number | null;
  product_title: string;
  is_international: boolean | null;
  channel: string;
  customer: string | null;
  sale_status: string;
  quantity: number;
  selling_price: string;
}

export interface ExportLedgerLine {
  created_at: Date;
  type: string;
  reference: string | null;
  amount_before_fees: string;
  fee: string;
  amount_after_fees: string;
  balance_after: string;
  status: string;
}

/** LIKE's wildcards in user text are literal. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The report aggregations, in SQL: the user's order lines in the range, each (book, order id)
 * once (the feed repeats lines; the first line counts, as domain/sales-summary.ts does), joined to
 * their book for the region and the royalty per copy, grouped by the asked dimensions. Periods are
 * date_trunc of the order date in Africa/Johannesburg (an ISO week for 'week').
 */
export function createReportRepository(db: Kysely<Database>): ReportRepository {
  function distinctLines(filter: ReportFilter) {
    let lines = db
      .selectFrom('orders as o')
      .select([
        'o.book_id',
        'o.order_id',
        'o.sale_status',
        'o.quantity',
        'o.selling_price',
        'o.channel',
        'o.order_date',
      ])
      .distinctOn(['o.book_id', 'o.order_id'])
      .where('o.user_id', '=', filter.userId)
      .where('o.order_date', '>=', filter.from)
      .where('o.order_date', '<', filter.until)
      .where('o.book_id', 'is not', null)
      .orderBy('o.book_id')
      .orderBy('o.order_id')
      .orderBy('o.id');
    if (filter.bookIds) lines = lines.where('o.book_id', 'in', [...filter.bookIds]);
    if (filter.channel !== undefined) lines = lines.where('o.channel', '=', filter.channel);
    return lines.as('l');
  }

  return {
    async aggregate(filter, by, granularity = 'month') {
      const copies = (status: string) =>
        sql<string>`coalesce(sum(l.quantity) filter (where l.sale_status = ${status}), 0)`;
      const royaltyCents = sql`round(coalesce(case when b.is_international then b.international_royalty else b.local_royalty end, 0) * 100)::bigint`;
      // A literal, not a parameter: date_trunc's unit must be known when the grouping is planned.
      const period = sql<
        string | null
      >`to_char(date_trunc(${sql.lit(granularity)}, l.order_date at time zone ${sql.lit(REPORT_ZONE)}), 'YYYY-MM-DD')`;
      const grouped = (dimension: ReportDimension) => by.includes(dimension);

      let query = db
        .selectFrom(distinctLines(filter))
        .innerJoin('books as b', 'b.id', 'l.book_id')
        .where('b.user_id', '=', filter.userId)
        .where('l.sale_status', 'in', [SOLD, RETURNED])
        .select([
          (grouped('period') ? period : sql<string | null>`null`).as('period'),
          (grouped('book') ? sql<number | null>`b.id` : sql<number | null>`null`).as('book_id'),
          (grouped('book') ? sql<string | null>`b.book_title` : sql<string | null>`null`).as('book_title'),
          (grouped('channel') ? sql<string | null>`l.channel` : sql<string | null>`null`).as('channel'),
          sql<boolean>`b.is_international`.as('is_international'),
          copies(SOLD).as('units'),
          copies(RETURNED).as('returns'),
          sql<string>`coalesce(sum(round(l.selling_price * 100)::bigint * l.quantity) filter (where l.sale_status = ${SOLD}), 0)`.as(
            'revenue_cents',
          ),
          sql<string>`coalesce(sum(${royaltyCents} * l.quantity * case when l.sale_status = ${SOLD} then 1 else -1 end), 0)`.as(
            'royalties_cents',
          ),
          sql<string>`coalesce(sum(${royaltyCents} * l.quantity) filter (where l.sale_status = ${SOLD}), 0)`.as(
            'gross_royalties_cents',
          ),
        ]);
      if (filter.isInternational !== undefined) query = query.where('b.is_international', '=', filter.isInternational);
      const keys: Expression<unknown>[] = [sql`b.is_international`];
      if (grouped('period')) keys.unshift(period);
      if (grouped('book')) keys.push(sql`b.id`, sql`b.book_title`);
      if (grouped('channel')) keys.push(sql`l.channel`);
      return query
        .groupBy(keys)
        .orderBy(sql`1`)
        .orderBy(sql`2`)
        .orderBy(sql`4`)
        .orderBy(sql`5`)
        .execute() as Promise<ReportRow[]>;
    },

    async ownedBooks(userId, ids) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('books')
        .select(['id', 'book_title', 'is_international'])
        .where('user_id', '=', userId)
        .where('id', 'in', [...ids])
        .execute();
    },

    async firstOrderDate(userId) {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.min<Date>('order_date').as('first'))
        .where('user_id', '=', userId)
        .where('book_id', 'is not', null)
        .executeTakeFirst();
      return row?.first ?? undefined;
    },

    async orderLines(filter, search, limit) {
      const newest = db
        .selectFrom('orders')
        .selectAll()
        .distinctOn('order_id')
        .where('user_id', '=', filter.userId)
        .where('order_date', '>=', filter.from)
        .where('order_date', '<', filter.until)
        .orderBy('order_id')
        .orderBy('order_date', 'desc')
        .orderBy('id', 'desc')
        .as('o');
      let query = db
        .selectFrom(newest)
        .leftJoin('books as b', 'b.id', 'o.book_id')
        .select([
          'o.order_id',
          'o.order_date',
          'o.book_id',
          'o.product_title',
          'b.is_international',
          'o.channel',
          'o.customer',
          'o.sale_status',
          'o.quantity',
          'o.selling_price',
        ]);
      if (filter.bookIds) query = query.where('o.book_id', 'in', [...filter.bookIds]);
      if (filter.channel !== undefined) query = query.where('o.channel', '=', filter.channel);
      if (filter.isInternational !== undefined) query = query.where('b.is_international', '=', filter.isInternational);
      if (search) {
        const pattern = likePattern(search);
        query = query.where((eb) =>
          eb.or([
            eb('o.product_title', 'ilike', pattern),
            eb('o.customer', 'ilike', pattern),
            eb('o.sale_status', 'ilike', pattern),
          ]),
        );
      }
      return query.orderBy('o.order_date', 'desc').orderBy('o.order_id', 'desc').limit(limit).execute();
    },

    async ledgerLines(filter, limit) {
      return db
        .selectFrom('ledger_entries')
        .select([
          'created_at',
          'type',
          'reference',
          'amount_before_fees',
          'fee',
          'amount_after_fees',
          'balance_after',
          'status',
        ])
        .where('user_id', '=', filter.userId)
        .where('created_at', '>=', filter.from)
        .where('created_at', '<', filter.until)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('reportRepository', createReportRepository(app.db));
  },
  { name: 'report-repository', dependencies: ['db'] },
);
