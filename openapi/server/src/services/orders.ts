import type { FastifyInstance } from 'fastify';
import { parseDate, REPORT_TIME_ZONE } from '../domain/report-periods.js';
import { HttpProblem } from '../errors.js';
import type { OrderFilter, OrderWithRegion, SalesSummaryFigures } from '../plugins/app/order-repository.js';
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

/** portal.yaml Order. */
export function toOrderView(order: OrderWithRegion): OrderView {
  return {
    order_id: order.order_id,
    book_id: order.book_id,
    product_title: order.product_title,
    customer: order.customer,
    sale_status: order.sale_status,
    selling_price: Number(order.selling_price),
    currency: currencyOf(order.is_international),
    quantity: order.quantity,
    order_date: order.order_date.toISOString(),
    createdAt: order.created_at.toISOString(),
    takealot_url: order.takealot_url,
  };
}

const ordersResult = (orders: OrderWithRegion[]) => ({
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

/** Whether `zone` is a time zone the runtime knows (the database shares the IANA names). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
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
