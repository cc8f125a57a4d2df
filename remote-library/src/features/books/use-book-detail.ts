import { useEffect, useState } from 'react';
import type { Book, Order, SalesSummary } from '@pod/shared-contracts';
import { getOrdersPerBook } from './api/get-orders-per-book';
import { getSalePerBook } from './api/get-sale-per-book';
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

/**
 * Fetches the selected book's files (viewusersbookinfo), sales (getsaleperbook) and orders
 * (getordersperbook) in parallel. A failed call leaves its part empty: the panel then shows
 * what it has (the specification's loaders swallow errors). Answers for a book that is no
 * longer selected are dropped.
 */
export function useBookDetail(id: number, region: Region): BookDetail {
  const key = `${region}:${id}`;
  const [detail, setDetail] = useState<{ key: string; value: BookDetail }>({ key, value: EMPTY });

  useEffect(() => {
    let active = true;
    void Promise.all([
      viewUsersBookInfo(id, regionFlag(region)).catch(() => null),
      getSalePerBook(id).catch(() => null),
      getOrdersPerBook(id).catch(() => []),
    ]).then(([info, sales, orders]) => {
      if (active) setDetail({ key, value: { loading: false, info, sales, orders } });
    });
    return () => {
      active = false;
    };
  }, [id, region, key]);

  return detail.key === key ? detail.value : EMPTY;
}

/** The book has sales worth a tab: any figure that is not zero. */
export function hasSales(sales: SalesSummary | null): sales is SalesSummary {
  if (!sales) return false;
  return [sales.quantity, sales.returned, sales.profit, sales.total_royalties, sales.total_cost, sales.total_revenue].some(
    (value) => typeof value === 'number' && value !== 0,
  );
}
