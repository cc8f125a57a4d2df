import { useQuery } from '@tanstack/react-query';
import { queryKeys, type Book, type Order, type SalesSummary } from '@pod/shared-contracts';
import { getOrdersPerBook } from './api/get-orders-per-book';
import { getSalePerBook } from './api/get-sale-per-book';
import { FILE_LINKS_REFRESH_MS } from '../../lib/file-links';
import { viewUsersBookInfo } from './api/view-users-book-info';
import { regionFlag, type Region } from './book-model';

/** What the detail panel fetches for the selected book. */
export interface BookDetail {
  loading: boolean;
  /** The record with its files; null when it could not be read. */
  info: Book | null;
  /** Its sales figures; null when they could not be read. */
  sales: SalesSummary | null;
  orders: Order[];
}

const EMPTY: BookDetail = { loading: true, info: null, sales: null, orders: [] };

async function loadBookDetail(id: number, region: Region): Promise<BookDetail> {
  const [info, sales, orders] = await Promise.all([
    viewUsersBookInfo(id, regionFlag(region)).catch(() => null),
    getSalePerBook(id).catch(() => null),
    getOrdersPerBook(id).catch((): Order[] => []),
  ]);
  return { loading: false, info, sales, orders };
}

/**
 * The selected book's files (viewusersbookinfo), sales (getsaleperbook) and orders
 * (getordersperbook), fetched in parallel as one query under the `books` key (a change to the
 * books refreshes it). A failed call leaves its part empty: the panel then shows what it has
 * (the specification's loaders swallow errors). Each book has its own key, so an answer for a
 * book no longer selected never shows. Re-read every 20 minutes while shown, so the files'
 * signed links (30 minutes) never expire under the author's hand.
 */
export function useBookDetail(id: number, region: Region): BookDetail {
  const query = useQuery({
    queryKey: queryKeys.bookDetail(region, id),
    queryFn: () => loadBookDetail(id, region),
    refetchInterval: FILE_LINKS_REFRESH_MS,
  });
  return query.data ?? EMPTY;
}

/** The book has sales worth a tab: any figure that is not zero. */
export function hasSales(sales: SalesSummary | null): sales is SalesSummary {
  if (!sales) return false;
  return [
    sales.quantity,
    sales.returned,
    sales.profit,
    sales.total_royalties,
    sales.total_cost,
    sales.total_revenue,
  ].some((value) => typeof value === 'number' && value !== 0);
}
