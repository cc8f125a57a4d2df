import { roundMoney } from '@pod/shared-contracts/money';
import type { BookRow } from '../plugins/external/db-schema.js';

/** What a sales summary needs of an order line (a stored row or one about to be inserted). */
export interface SalesLine {
  book_id?: number | null | undefined;
  order_id: string;
  sale_status: string;
  selling_price?: string | number | undefined;
  quantity?: number | undefined;
}

/** A book's sales summary (sales_summaries) figures. */
export interface SalesFigures {
  quantity: number;
  returned: number;
  total_revenue: number;
  total_royalties: number;
  total_cost: number;
  profit: number;
}

/**
 * The sales summary of a book from its order lines, each order id counted once (the marketplace
 * feed repeats lines): 'shipped to customer' lines are sold (revenue = price x quantity),
 * 'returned' lines returned; royalties are the book's region royalty per copy sold. The demo seed
 * and the admin console's `order add` both summarise this way, so the figures always agree with
 * the lines.
 */
export function summarizeSales(
  book: Pick<BookRow, 'id' | 'is_international' | 'local_royalty' | 'international_royalty'>,
  lines: readonly SalesLine[],
): SalesFigures {
  const seen = new Set<string>();
  let sold = 0;
  let returned = 0;
  let revenue = 0;
  for (const order of lines) {
    if (order.book_id !== book.id || seen.has(order.order_id)) continue;
    seen.add(order.order_id);
    const quantity = order.quantity ?? 1;
    if (order.sale_status === 'shipped to customer') {
      sold += quantity;
      revenue += Number(order.selling_price) * quantity;
    } else if (order.sale_status === 'returned') {
      returned += quantity;
    }
  }
  const royalty = Number(book.is_international ? book.international_royalty : book.local_royalty) || 0;
  const totalRoyalties = roundMoney(royalty * sold);
  return {
    quantity: sold,
    returned,
    total_revenue: roundMoney(revenue),
    total_royalties: totalRoyalties,
    total_cost: roundMoney(revenue - totalRoyalties),
    profit: roundMoney(royalty * (sold - returned)),
  };
}
