import type { FastifyInstance } from 'fastify';
import { parseDate, REPORT_TIME_ZONE } from '../domain/report-periods.js';
import { HttpProblem } from '../errors.js';
import type { OrderFilter, ShownOrder, SalesSummaryFigures } from '../plugins/app/order-repository.js';
import { bookNotFound } from './books.js';
import { isStoredId } from './link-tokens.js';
import type { ServiceHandlers } from './types.js';
import type { components } from '@pod/shared-contracts/api/schema';

/** statusCode of an order list without orders; the client treats it as "no orders" (spec section 8). */
export const NO_ORDERS_STATUS = 11;

type OrderView = components['schemas']['Order'];
type SalesFigures = components['schemas']['SalesSummary'];

/** An order of a book whose region is unknown (null) is shown in rand, like a local one. */
const currencyOf = (isInternational: boolean | null): SalesFigures['currency'] => (isInternational ? 'USD' : 'ZAR');

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;
/** The furthest a Date reaches either side of 1970 (ECMAScript's time value range). */
const MAX_DATE_MS = 8.64e15;
/** Days already written by isoTimestamp; cleared when full (a page spans a few hundred at most). */
const dayTexts = new Map<number, string>();
const MAX_DAY_TEXTS = 1_000;
const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * `new Date(ms).toISOString()`, character for character, for every date a Date can hold (a
 * RangeError past them, as toISOString). Two per order line: toISOString took ~1.5 us each (0.3
 * ms of a page of 100), this ~0.15 us. The day part is toISOString's own, kept per day (the lines
 * of a page share few days); the time of day has the same fixed form in every year.
 */
export function isoTimestamp(ms: number): string {
  // Fractions, NaN and times past a Date's range: toISOString itself (which throws past the range).
  if (!Number.isInteger(ms) || Math.abs(ms) > MAX_DATE_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let dayText = dayTexts.get(day);
  if (dayText === undefined) {
    const text = new Date(day * DAY_MS).toISOString();
    dayText = text.slice(0, text.indexOf('T') + 1);
    if (dayTexts.size >= MAX_DAY_TEXTS) dayTexts.clear();
    dayTexts.set(day, dayText);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  rest -= minutes * MINUTE_MS;
  const seconds = Math.floor(rest / SECOND_MS);
  const millis = rest - seconds * SECOND_MS;
  return `${dayText}${twoDigits[hours]}:${twoDigits[minutes]}:${twoDigits[seconds]}.${threeDigits[millis]}Z`;
}

/** portal.yaml Order. */
export function toOrderView(order: ShownOrder): OrderView {
  return {
    order_id: order.order_id,
    book_id: order.book_id,
    product_title: order.product_title,
    customer: order.customer,
    sale_status: order.sale_status,
    selling_price: Number(order.selling_price),
    currency: currencyOf(order.is_international),
    quantity: order.quantity,
    order_date: isoTimestamp(order.order_date_ms),
    createdAt: isoTimestamp(order.created_at_ms),
    takealot_url: order.takealot_url,
  };
}

const ordersResult = (orders: ShownOrder[]) => ({
  statusCode: orders.length > 0 ? 0 : NO_ORDERS_STATUS,
  results: orders.map(toOrderView),
});

/** The 400 messages of GET /user/getbookorders' filters. */
export const ORDER_FILTER_MESSAGES = {
  invalidFrom: "'from' must be a real date (YYYY-MM-DD)",
  invalidTo: "'to' must be a real date (YYYY-MM-DD)",
  unknownZone: "'tz' must be an IANA time zone such as Africa/Johannesburg",
} as const;

const invalid = (message: string) => new HttpProblem(400, message, 'VALIDATION');

/**
 * Zones found valid so far: making a DateTimeFormat to check one took ~0.2 ms, on every page of
 * /orders. Bounded, since names are matched case-insensitively (any number of spellings is
 * valid); past the bound a zone is checked as before. Unknown names are never kept.
 */
const knownTimeZones = new Set<string>();
const MAX_KNOWN_TIME_ZONES = 1_000;

/** Whether `zone` is a time zone the runtime knows (the database shares the IANA names). */
function isTimeZone(zone: string): boolean {
  if (knownTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownTimeZones.size < MAX_KNOWN_TIME_ZONES) knownTimeZones.add(zone);
  return true;
}

/** The filters of the query string, checked beyond what the schema can say (real days, a known zone). */
export function orderFilterOf(query: { q?: string; from?: string; to?: string; tz?: string }): OrderFilter {
  const timeZone = query.tz ?? REPORT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw invalid(ORDER_FILTER_MESSAGES.unknownZone);
  if (query.from !== undefined && parseDate(query.from) === undefined) throw invalid(ORDER_FILTER_MESSAGES.invalidFrom);
  if (query.to !== undefined && parseDate(query.to) === undefined) throw invalid(ORDER_FILTER_MESSAGES.invalidTo);
  const search = query.q?.trim();
  return {
    timeZone,
    ...(search && { search }),
    ...(query.from !== undefined && { from: query.from }),
    ...(query.to !== undefined && { to: query.to }),
  };
}

const ZERO_SALES: SalesSummaryFigures = {
  profit: '0',
  quantity: 0,
  returned: 0,
  total_royalties: '0',
  total_revenue: '0',
  total_cost: '0',
};

function toSalesFigures(sales: SalesSummaryFigures): SalesFigures {
  return {
    profit: Number(sales.profit),
    quantity: sales.quantity,
    returned: sales.returned,
    total_royalties: Number(sales.total_royalties),
    total_cost: Number(sales.total_cost),
    total_revenue: Number(sales.total_revenue),
  };
}

/**
 * Handlers of the orders operations: the marketplace's order lines and the sales summaries of
 * the token's user's books (read-only; the feed fills them).
 */
export function createOrdersService(app: FastifyInstance) {
  const { bookRepository, orderRepository } = app;

  return {
    /** De-duplicated by order id (the newest line of a repeated order), newest first, filtered, paged. */
    async getBookOrders(request) {
      const { skip = 0, take = 100 } = request.query;
      const filter = orderFilterOf(request.query);
      const page = await orderRepository.listDistinctByUser(request.userId, { skip, take }, filter);
      return { ...ordersResult(page.orders), total: page.total };
    },

    /** Every line of one book, repeated order ids included (the client de-duplicates). */
    async getOrdersPerBook(request) {
      const { id } = request.params;
      if (!isStoredId(id) || !(await bookRepository.findOwned(request.userId, id))) throw bookNotFound();
      return ordersResult(await orderRepository.listByBook(request.userId, id));
    },

    async getSalePerBook(request) {
      const { id } = request.params;
      const book = isStoredId(id) ? await bookRepository.findOwned(request.userId, id) : undefined;
      if (!book) throw bookNotFound();
      const sales = (await orderRepository.salesOfBook(id)) ?? ZERO_SALES;
      return {
        statusCode: 0,
        result: {
          book_id: book.id,
          book_title: book.book_title,
          currency: currencyOf(book.is_international),
          ...toSalesFigures(sales),
        },
      };
    },

    async getAllSale(request) {
      const rows = await orderRepository.salesByUser(request.userId);
      return {
        statusCode: 0,
        results: rows.map((row) => ({
          book_id: row.book_id,
          book_title: row.book_title,
          currency: currencyOf(row.is_international),
          ...toSalesFigures(row),
        })),
      };
    },
  } satisfies ServiceHandlers;
}
