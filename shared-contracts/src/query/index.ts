/**
 * Server state: the one QueryClient (TanStack Query, a federation singleton), its provider,
 * the query keys, the invalidation rules and the typed hooks of the shared collections.
 * jotai keeps the session and UI state only.
 */
export { clearQueriesOnUserChange, createQueryClient, queryClient, QUERY_STALE_MS } from './query-client';
export { QueryProvider, type QueryProviderProps } from './query-provider';
export { queryKeys, type QueryResource } from './query-keys';
export { INVALIDATION_RULES, invalidateAfter, type ServerChange } from './invalidation';
export {
  useBooksQuery,
  useInvalidate,
  useOrdersQuery,
  ordersQueryOptions,
  prefetchSharedData,
  usePricesQuery,
  useResourcesQuery,
  useSalesQuery,
  useTransactionsQuery,
  useUserQuery,
  useVoiceArtistsQuery,
} from './shared-queries';
export { QueryState, type QueryStateProps } from './query-state';
export { useChatQuery } from './chat-query';
export { usePageVisible } from './page-visibility';
export { useBooksRenewalQuery } from './renewal-query';
