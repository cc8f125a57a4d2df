import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadCurrentUser } from '../session/actions';
import type { User } from '../session/user';
import { getAllSale } from '../data/api/get-all-sale';
import { getAllVoiceoverArtists } from '../data/api/get-all-voiceover-artists';
import { getBookOrders, NO_ORDER_FILTERS, type OrderListFilters } from '../data/api/get-book-orders';
import { getPricingList } from '../data/api/get-pricing-list';
import { getQuoteInfo } from '../data/api/get-quote-info';
import { getUserBooks } from '../data/api/get-user-books';
import { listTransactions, type TransactionRecord } from '../data/api/list-transactions';
import { ApiError } from '../api/errors';
import type { Prices, QuoteResource, SalesSummary, SharedBooks, VoiceArtist } from '../data/collections';
import { invalidateAfter, type ServerChange } from './invalidation';
import { queryKeys } from './query-keys';

/**
 * The user's books (GET /user/getuserbooks): loading, error with retry, or the two lists.
 * `refetchOnMount: 'always'` re-reads them on arrival even when the cache is fresh;
 * `refetchInterval` re-reads them that often while shown (the files' signed links live 30 minutes).
 */
export function useBooksQuery({
  refetchOnMount = true,
  enabled = true,
  refetchInterval,
}: {
  refetchOnMount?: boolean | 'always';
  enabled?: boolean;
  refetchInterval?: number;
} = {}): UseQueryResult<SharedBooks> {
  return useQuery({
    queryKey: queryKeys.books(),
    queryFn: getUserBooks,
    refetchOnMount,
    enabled,
    ...(refetchInterval !== undefined && { refetchInterval }),
  });
}

/**
 * The pages of GET /user/getbookorders for `filters`, 100 orders a page (the call's largest,
 * and the shared loader's), the next page starting after the orders loaded so far until
 * `total` are. The search is trimmed and lowercased (the server ignores case), so 'Zulu' and
 * 'zulu ' share one cache entry. Without filters it is the shared loader's query.
 */
export function ordersQueryOptions(filters: OrderListFilters = NO_ORDER_FILTERS) {
  const normal: OrderListFilters = { q: filters.q.trim().toLowerCase(), from: filters.from, to: filters.to };
  const filtered = normal.q !== '' || normal.from !== '' || normal.to !== '';
  return infiniteQueryOptions({
    queryKey: queryKeys.orders(normal),
    // A superseded search is aborted. The unfiltered list never reads the signal: TanStack
    // aborts a fetch whose signal was read when its last observer leaves, and StrictMode's
    // unmount of /orders would abort the shared loader's request only to send it again.
    queryFn: (context) =>
      getBookOrders({ skip: context.pageParam, filters: normal, ...(filtered && { signal: context.signal }) }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.orders.length, 0);
      return last.orders.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

/**
 * The orders of the user's books matching `filters`, paged by the server (`fetchNextPage`
 * loads the next 100). While a new search loads, the previous one's orders stay on screen.
 */
export function useOrdersQuery(filters: OrderListFilters = NO_ORDER_FILTERS) {
  return useInfiniteQuery({ ...ordersQueryOptions(filters), placeholderData: keepPreviousData });
}

/** The sales of all the user's books (GET /user/getallsale), one summary per book. */
export function useSalesQuery(): UseQueryResult<SalesSummary[]> {
  return useQuery({ queryKey: queryKeys.sales(), queryFn: getAllSale });
}

/** The newest 100 transactions; a 501 (not implemented yet) is no transactions, not an error. */
async function readTransactions(): Promise<TransactionRecord[]> {
  try {
    return await listTransactions();
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return [];
    throw error;
  }
}

/**
 * The user's newest 100 transactions (GET /user/transactions?skip=0&take=100), newest first;
 * refreshed after a payment or a coupon. A 501 reads as no transactions. `refetchOnMount:
 * 'always'` reads them afresh even when the cache is fresh (a payment just made).
 */
export function useTransactionsQuery({
  enabled = true,
  refetchOnMount = true,
}: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {}): UseQueryResult<TransactionRecord[]> {
  return useQuery({ queryKey: queryKeys.transactions(), queryFn: readTransactions, enabled, refetchOnMount });
}

/** The quote options: paper types, book types, genres (GET /user/quoteinfo). */
export function useResourcesQuery(): UseQueryResult<QuoteResource[]> {
  return useQuery({ queryKey: queryKeys.resources(), queryFn: getQuoteInfo });
}

/** The voice-over artists (GET /voiceover/getallvoiceoverartists). */
export function useVoiceArtistsQuery(): UseQueryResult<VoiceArtist[]> {
  return useQuery({ queryKey: queryKeys.voiceArtists(), queryFn: getAllVoiceoverArtists });
}

/** The price configuration (GET /user/pricinglist; one element in practice). */
export function usePricesQuery(): UseQueryResult<Prices[]> {
  return useQuery({ queryKey: queryKeys.prices(), queryFn: getPricingList });
}

/**
 * The current user (GET /user/viewuserinfo through `loadCurrentUser`, which writes the
 * session: the user itself stays in jotai). Mounted once by the host so that invalidating
 * `user` refreshes the balance and cart the top bar reads. Fetched once per sign-in.
 */
export function useUserQuery({ enabled }: { enabled: boolean }): UseQueryResult<User> {
  return useQuery({ queryKey: queryKeys.user(), queryFn: loadCurrentUser, enabled, staleTime: Infinity });
}

/**
 * `invalidate(change)`: tells every view that `change` happened on the server (see
 * INVALIDATION_RULES), e.g. `invalidate('booksAdded')` after a bulk upload. Never rejects.
 */
export function useInvalidate(): (change: ServerChange) => Promise<void> {
  const client = useQueryClient();
  return useCallback((change: ServerChange) => invalidateAfter(client, change).catch(() => undefined), [client]);
}

/**
 * The specification's "Shared loaders" (account-area.md section 7, run when user_status is
 * 1): warms the cache with resources, sales, orders, voiceArtists, books and prices, so the
 * screens that show them open at once. Never rejects; a failed one is fetched again by its screen.
 */
export async function prefetchSharedData(client: QueryClient): Promise<void> {
  await Promise.all([
    client.prefetchQuery({ queryKey: queryKeys.resources(), queryFn: getQuoteInfo }),
    client.prefetchQuery({ queryKey: queryKeys.sales(), queryFn: getAllSale }),
    client.prefetchInfiniteQuery(ordersQueryOptions()),
    client.prefetchQuery({ queryKey: queryKeys.voiceArtists(), queryFn: getAllVoiceoverArtists }),
    client.prefetchQuery({ queryKey: queryKeys.books(), queryFn: getUserBooks }),
    client.prefetchQuery({ queryKey: queryKeys.prices(), queryFn: getPricingList }),
  ]);
}
