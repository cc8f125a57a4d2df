import type { FastifyInstance } from 'fastify';
import type { OrderWithRegion, SalesSummaryFigures } from '../plugins/app/order-repository.js';
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
    /** De-duplicated by order id (the newest line of a repeated order), newest first, paged. */
    async getBookOrders(request) {
      const { skip = 0, take = 100 } = request.query;
      return ordersResult(await orderRepository.listDistinctByUser(request.userId, { skip, take }));
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
