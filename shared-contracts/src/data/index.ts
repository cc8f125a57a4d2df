/**
 * Shared data: the types and the GET calls of the collections every remote reads (books,
 * orders, sales, resources, voiceArtists, prices). They are cached by the query layer
 * (src/query: one QueryClient, emptied whenever the current user changes), not here.
 */
export type {
  Book,
  BookInProgress,
  ChatMessage,
  Currency,
  MoneyAmount,
  Order,
  Prices,
  QuoteResource,
  ReportFigures,
  ReportsSummary,
  SalesReport,
  SalesSummary,
  StatementSummary,
  SharedBooks,
  SharedData,
  VoiceArtist,
} from './collections';
export { asList, readPayload } from './read-payload';
export type { TransactionRecord } from './api/list-transactions';
export type { RenewalBook } from './api/get-books-renewal';
export { NO_ORDER_FILTERS, type OrderListFilters, type OrdersPage } from './api/get-book-orders';
