import { useCallback, useEffect, useRef } from 'react';
import { hashKey, keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { queryKeys, type ApiError } from '@pod/shared-contracts';
import { getCart, isCouponRefusal, type CartResult } from '../../lib/api/get-cart';

/** The cart as the page knows it: the last answer (kept while reloading), loading and failed flags. */
export interface CartState {
  cart: CartResult | null;
  loading: boolean;
  failed: boolean;
  /** Loads the cart again (after a failure). */
  reload: () => void;
  /**
   * Replaces the cart with an answer already at hand (DELETE answers the updated cart); the
   * cart's other views (another coupon, the top bar's) are refetched.
   */
  replace: (cart: CartResult) => void;
  /** The query itself, for QueryState (loading, error with Retry). */
  query: UseQueryResult<CartResult>;
}

/**
 * The `cart` query: GET /user/cart with `coupon_id` when a coupon is applied, again whenever it
 * changes (the previous answer stays on screen meanwhile). A coupon the server refuses is
 * handed to `onCouponRejected`, whose owner drops it; the cart then loads without it. Other
 * failures set `failed` (the page shows them with Retry, not as a global alert).
 */
export function useCart(couponId: number | null, onCouponRejected: (error: ApiError) => void): CartState {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.cart(couponId),
    queryFn: () => getCart(couponId),
    placeholderData: keepPreviousData,
  });
  const rejected = useRef(onCouponRejected);
  rejected.current = onCouponRejected;
  const refusal = isCouponRefusal(couponId, query.error) ? query.error : null;

  useEffect(() => {
    if (refusal) rejected.current(refusal);
  }, [refusal]);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback(
    (next: CartResult) => {
      const key = queryKeys.cart(couponId);
      client.setQueryData(key, next);
      void client.invalidateQueries({
        queryKey: queryKeys.cart().slice(0, 1),
        predicate: (other) => other.queryHash !== hashKey(key),
      });
    },
    [client, couponId],
  );
  return {
    cart: query.data ?? null,
    loading: query.isFetching,
    failed: query.isError && !refusal,
    reload,
    replace,
    query,
  };
}
