/**
 * Shared data: the collections every remote reads (books, orders, sales, resources,
 * voiceArtists, prices), loaded once by the host when user_status is 1, kept in jotai atoms
 * of `sessionStore` and emptied whenever the current user changes (logout included).
 */
export {
  SHARED_COLLECTIONS,
  emptySharedData,
  sharedBooksAtom,
  sharedDataAtoms,
  sharedDataStatusAtom,
  sharedOrdersAtom,
  sharedPricesAtom,
  sharedResourcesAtom,
  sharedSalesAtom,
  sharedVoiceArtistsAtom,
  type Book,
  type Order,
  type Prices,
  type QuoteResource,
  type SalesSummary,
  type SharedBooks,
  type SharedCollectionName,
  type SharedData,
  type SharedLoadState,
  type VoiceArtist,
} from './collections';
export { loadSharedCollection, loadSharedData, resetSharedData } from './load-shared-data';
export {
  useSharedBooks,
  useSharedDataStatus,
  useSharedOrders,
  useSharedPrices,
  useSharedResources,
  useSharedSales,
  useSharedVoiceArtists,
} from './hooks';
export { asList, readPayload } from './read-payload';
