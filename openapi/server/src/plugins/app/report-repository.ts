import { sql, type Expression, type Kysely } from 'kysely';
import type { Database, LedgerEntryRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';
import { formatDay, nextPeriod, periodStart, sastDay, sastMidnight } from '../../domain/report-periods.js';

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
  /** Several groupings in one pass (GROUPING SETS): the rows of each set, in the order asked. */
  aggregateSets(
    filter: ReportFilter,
    sets: ReadonlyArray<readonly ReportDimension[]>,
    granularity?: ReportGranularity,
  ): Promise<ReportRow[][]>;
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

/**
 * The ledger entry columns of the transactions export, in the file's order: what the repository
 * selects and what the CSV's header names, so the two cannot drift apart.
 */
export const LEDGER_EXPORT_COLUMNS = [
  'created_at',
  'type',
  'reference',
  'amount_before_fees',
  'fee',
  'amount_after_fees',
  'balance_after',
  'status',
] as const;

export type ExportLedgerLine = Pick<LedgerEntryRow, (typeof LEDGER_EXPORT_COLUMNS)[number]>;

/** LIKE's wildcards in user text are literal. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The report aggregations, in SQL: the user's order lines in the range, each (book, order id)
 * once (the feed repeats lines; the first line counts, as domain/sales-summary.ts does: the
 * `counted` column), with the royalty per copy stored on the line, joined to their book for the
 * region, grouped by the asked dimensions. Periods are
 * date_trunc of the order date in Africa/Johannesburg (an ISO week for 'week').
 */
export function createReportRepository(db: Kysely<Database>): ReportRepository {
  const zone = sql.lit(REPORT_ZONE);
  const sold = sql.lit(SOLD);
  const returned = sql.lit(RETURNED);

  /**
   * The counted lines of [from, until) in the shape of the rollups: one row each, with its SAST
   * local time as `day`. Literals for the statuses, so the planner matches the partial index
   * orders_report_lines_idx whatever plan it keeps.
   */
  function lineSource(filter: ReportFilter, from: Date, until: Date) {
    const royalty = sql`round(coalesce(o.royalty_per_unit, 0) * 100)::bigint * o.quantity`;
    return sql`select (o.order_date at time zone ${zone}) as day, o.book_id, o.channel,
        o.royalty_currency = 'USD' as is_international,
        case when o.sale_status = ${sold} then o.quantity else 0 end as units,
        case when o.sale_status = ${returned} then o.quantity else 0 end as returns,
        case when o.sale_status = ${sold} then round(o.selling_price * 100)::bigint * o.quantity else 0 end as revenue_cents,
        case when o.sale_status = ${sold} then ${royalty} else -${royalty} end as royalties_cents,
        case when o.sale_status = ${sold} then ${royalty} else 0 end as gross_royalties_cents
      from orders o
      where o.counted and o.sale_status in (${sold}, ${returned}) and o.book_id is not null
        and o.user_id = ${filter.userId} and o.order_date >= ${from} and o.order_date < ${until}
        ${filter.bookIds ? sql`and o.book_id in (${sql.join([...filter.bookIds])})` : sql``}
        ${filter.channel !== undefined ? sql`and o.channel = ${filter.channel}` : sql``}`;
  }

  /** Rows of a rollup table (migration 017) for the whole days or months [first, end). */
  function rollupSource(
    table: 'report_day_totals' | 'report_book_months',
    filter: ReportFilter,
    first: number,
    end: number,
  ) {
    const [key, book] =
      table === 'report_day_totals' ? [sql`r.day`, sql`null::integer`] : [sql`r.month`, sql`r.book_id`];
    return sql`select ${key}::timestamp as day, ${book} as book_id, r.channel, r.is_international, r.units, r.returns,
        r.revenue_cents, r.royalties_cents, r.gross_royalties_cents
      from ${sql.table(table)} r
      where r.user_id = ${filter.userId} and ${key} >= ${formatDay(first)}::date and ${key} < ${formatDay(end)}::date
        ${filter.channel !== undefined ? sql`and r.channel = ${filter.channel}` : sql``}`;
  }

  /**
   * What a set of groupings reads: a rollup for the whole days (or months) of the range and the
   * lines themselves for the partial ones at its ends, or only the lines (compared books: a few
   * books' lines, through orders_report_book_idx; periods by book).
   */
  function sourceOf(filter: ReportFilter, kind: 'lines' | 'days' | 'months') {
    if (kind === 'lines') return lineSource(filter, filter.from, filter.until);
    const firstDay = sastDay(filter.from) + (sastMidnight(sastDay(filter.from)) < filter.from ? 1 : 0);
    const endDay = sastDay(filter.until);
    let first = firstDay;
    let end = endDay;
    if (kind === 'months') {
      const month = periodStart(firstDay, 'month');
      first = month === firstDay ? month : nextPeriod(month, 'month');
      end = periodStart(endDay, 'month');
    }
    if (first >= end) return lineSource(filter, filter.from, filter.until);
    const table = kind === 'days' ? 'report_day_totals' : 'report_book_months';
    return sql`${rollupSource(table, filter, first, end)}
      union all ${lineSource(filter, filter.from, sastMidnight(first))}
      union all ${lineSource(filter, sastMidnight(end), filter.until)}`;
  }

  async function aggregateFrom(
    filter: ReportFilter,
    kind: 'lines' | 'days' | 'months',
    sets: ReadonlyArray<readonly ReportDimension[]>,
    granularity: ReportGranularity,
  ): Promise<ReportRow[]> {
    const used = (dimension: ReportDimension) => sets.some((set) => set.includes(dimension));
    // A literal, not a parameter: date_trunc's unit must be known when the grouping is planned.
    // Grouped by the truncated timestamp; only each group's key is formatted.
    const periodKey = sql`date_trunc(${sql.lit(granularity)}, s.day)`;
    const keysOf = (set: readonly ReportDimension[]) => {
      const keys: Expression<unknown>[] = [];
      if (set.includes('period')) keys.push(periodKey);
      if (set.includes('book')) keys.push(sql`b.id`, sql`b.book_title`);
      if (set.includes('channel')) keys.push(sql`s.channel`);
      keys.push(sql`s.is_international`); // always: figures never mix currencies
      return sql`(${sql.join(keys)})`;
    };
    const total = (column: string) => sql`coalesce(sum(${sql.ref(`s.${column}`)}), 0)`;
    const { rows } = await sql<ReportRow>`
      select ${used('period') ? sql`to_char(${periodKey}, 'YYYY-MM-DD')` : sql`null`} as period,
        ${used('book') ? sql`b.id` : sql`null::integer`} as book_id,
        ${used('book') ? sql`b.book_title` : sql`null::text`} as book_title,
        ${used('channel') ? sql`s.channel` : sql`null::text`} as channel,
        s.is_international,
        ${total('units')} as units, ${total('returns')} as returns, ${total('revenue_cents')} as revenue_cents,
        ${total('royalties_cents')} as royalties_cents, ${total('gross_royalties_cents')} as gross_royalties_cents
      from (${sourceOf(filter, kind)}) s
      ${used('book') ? sql`join books b on b.id = s.book_id and b.user_id = ${filter.userId}` : sql``}
      ${filter.isInternational !== undefined ? sql`where s.is_international = ${filter.isInternational}` : sql``}
      group by grouping sets (${sql.join(sets.map(keysOf))})
      order by 1, 2, 4, 5`.execute(db);
    return rows;
  }

  async function aggregateSets(
    filter: ReportFilter,
    sets: ReadonlyArray<readonly ReportDimension[]>,
    granularity: ReportGranularity = 'month',
  ): Promise<ReportRow[][]> {
    // Periods and channels of all books come from the daily rollup, books' totals from the
    // monthly one: a year is a few thousand rows instead of every line. Compared books, and
    // periods by book, read the lines (a few books' worth).
    const kindOf = (set: readonly ReportDimension[]) =>
      filter.bookIds || (set.includes('book') && set.includes('period'))
        ? 'lines'
        : set.includes('book')
          ? 'months'
          : 'days';
    const kinds = [...new Set(sets.map(kindOf))];
    const rowsOf = new Map(
      await Promise.all(
        kinds.map(
          async (kind) =>
            [
              kind,
              await aggregateFrom(
                filter,
                kind,
                sets.filter((set) => kindOf(set) === kind),
                granularity,
              ),
            ] as const,
        ),
      ),
    );
    // Every key is non-null in the data (NOT NULL columns, the inner join), so a row's set is
    // the set of its non-null keys.
    const keysSet = (row: ReportRow) =>
      [row.period !== null && 'period', row.book_id !== null && 'book', row.channel !== null && 'channel']
        .filter(Boolean)
        .join();
    return sets.map((set) => {
      const wanted = (['period', 'book', 'channel'] as const).filter((d) => set.includes(d)).join();
      return rowsOf.get(kindOf(set))!.filter((row) => keysSet(row) === wanted);
    });
  }

  return {
    async aggregate(filter, by, granularity = 'month') {
      const [rows] = await aggregateSets(filter, [by], granularity);
      return rows!;
    },

    aggregateSets,

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
        .select(LEDGER_EXPORT_COLUMNS)
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
