import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { NewBookRow, NewOrderRow } from '../../src/plugins/external/db-schema.js';
import { createClock, registerActiveUser } from './test-app.js';

/** The reports' clock: 27 November 2026, 12:00 SAST (Q4 open, Q3 waiting for its 31 December payout). */
export const REPORT_NOW = new Date('2026-11-27T10:00:00Z');
export const reportClock = () => createClock(REPORT_NOW);

export function reportBook(userId: number, title: string, international: boolean, misc: object): NewBookRow {
  return {
    user_id: userId,
    pair_id: randomUUID(),
    is_international: international,
    book_title: title,
    format_type: 'print',
    no_of_pages: 120,
    isbn: null,
    book_code: null,
    genre_id: 1,
    price_sale: international ? 15 : 200,
    local_price: international ? null : 200,
    international_price: international ? 15 : null,
    local_royalty: international ? null : 30,
    international_royalty: international ? 2.5 : null,
    misc: JSON.stringify(misc),
    contract: null,
    thumbnail: null,
    files: '[]',
    created_at: new Date('2026-01-10T08:00:00Z'),
  };
}

export interface ReportFixture {
  userId: number;
  token: string;
  /** Local, R200 a copy, R30.00 royalty per copy. */
  local: number;
  /** International, USD 15 a copy, USD 2.50 royalty per copy. */
  international: number;
  /** An unpaid quote (wizard stage getquote): the only book in progress. */
  quote: number;
  /** Another user's book (with a March order that must never count). */
  foreign: number;
}

/**
 * A user with hand-made order lines whose report figures are computed by hand in the tests:
 * - order 1001: local, 2 copies, 2026-02-28T22:30Z = 1 March 00:30 SAST (February in UTC, March here),
 *   repeated once by the feed (counted once);
 * - order 1002: local, 1 copy, 2026-02-28T21:30Z = 28 February 23:30 SAST (February);
 * - order 1003: local, 1 copy returned, 15 March;
 * - order 1004: local, 5 copies cancelled, 16 March (counts nowhere);
 * - order 1005: international, 3 copies through amazon, 10 March;
 * - order 1006: local, 1 copy, 2 November 2026 (this month at REPORT_NOW);
 * - order 1007: local, 1 copy with a customer name that needs CSV quoting, 20 November 2026.
 */
export async function seedReportFixture(app: FastifyInstance): Promise<ReportFixture> {
  const user = await registerActiveUser(app);
  const other = await registerActiveUser(app);
  const [local, international, quote] = await app.bookRepository.insertMany([
    reportBook(user.id, 'Kalahari Letters', false, { status: 'approved', bookStage: 'published', isPaid: true }),
    reportBook(user.id, 'Kalahari Letters', true, { status: 'approved', bookStage: 'published', isPaid: true }),
    reportBook(user.id, 'Unfinished Draft', false, { status: 'quote', bookStage: 'getquote', isPaid: false }),
  ]);
  const [foreign] = await app.bookRepository.insertMany([
    reportBook(other.id, 'Not Yours', false, { status: 'approved', bookStage: 'published' }),
  ]);
  const line = (
    orderId: string,
    bookId: number,
    date: string,
    quantity: number,
    status = 'shipped to customer',
    extra: Partial<NewOrderRow> = {},
  ): NewOrderRow => ({
    order_id: orderId,
    user_id: bookId === foreign!.id ? other.id : user.id,
    book_id: bookId,
    product_title: 'Kalahari Letters',
    customer: 'Lerato Dube',
    sale_status: status,
    selling_price: bookId === international!.id ? 15 : 200,
    quantity,
    order_date: new Date(date),
    takealot_url: null,
    channel: 'takealot',
    ...extra,
  });
  await app.orderRepository.insertOrders([
    line('1001', local!.id, '2026-02-28T22:30:00Z', 2),
    line('1001', local!.id, '2026-02-28T22:30:00Z', 2),
    line('1002', local!.id, '2026-02-28T21:30:00Z', 1),
    line('1003', local!.id, '2026-03-15T10:00:00Z', 1, 'returned'),
    line('1004', local!.id, '2026-03-16T10:00:00Z', 5, 'cancelled by customer'),
    line('1005', international!.id, '2026-03-10T10:00:00Z', 3, 'shipped to customer', { channel: 'amazon' }),
    line('1006', local!.id, '2026-11-02T10:00:00Z', 1),
    line('1007', local!.id, '2026-11-20T10:00:00Z', 1, 'shipped to customer', {
      customer: 'Smith, "Jo"\r\nPty',
      product_title: '=cmd|calc',
    }),
    line('9001', foreign!.id, '2026-03-12T10:00:00Z', 4),
  ]);
  return {
    userId: user.id,
    token: user.accessToken,
    local: local!.id,
    international: international!.id,
    quote: quote!.id,
    foreign: foreign!.id,
  };
}
