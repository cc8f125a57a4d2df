import { useCallback, useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { queryKeys, raiseAlert } from '@pod/shared-contracts';
import { getCart, isCouponRefusal, type CartResult } from '../../lib/api/get-cart';
import { setAppliedCoupon } from '../../lib/checkout-state';
import { couponRefusal } from '../../lib/messages';

export interface AmountDue {
  /** The server's cart (with the coupon), whose `amountToPay` is the amount due; null until loaded. */
  cart: CartResult | null;
  failed: boolean;
  reload: () => void;
  /** The query itself, for QueryState (loading, error with Retry). */
  query: UseQueryResult<CartResult>;
}

/**
 * The `cart` query with the applied coupon (shared with the cart page's cache): the server's
 * `amountToPay` is what the provider will charge. A coupon refused meanwhile (404, 409 `C15`)
 * is dropped with a warning, and the cart reloads without it.
 */
export function useAmountDue(couponId: number | null): AmountDue {
  const query = useQuery({ queryKey: queryKeys.cart(couponId), queryFn: () => getCart(couponId) });
  const refusal = isCouponRefusal(couponId, query.error) ? query.error : null;

  useEffect(() => {
    if (!refusal) return;
    raiseAlert({ variant: 'warning', message: couponRefusal(refusal) });
    setAppliedCoupon(null);
  }, [refusal]);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { cart: query.data ?? null, failed: query.isError && !refusal, reload, query };
}
