import { useQuery } from '@tanstack/react-query';
import { queryKeys, useCurrentUser } from '@pod/shared-contracts';
import { getCart } from '../../lib/api/get-cart';
import { asCartItems, type CartItem } from '../../lib/cart-items';

/**
 * The signed-in user's cart items: the `cart` query's (GET /user/cart, without a coupon), so a
 * change made by any remote shows without a reload; the stored user's cart stands in until
 * the first answer, or when it fails.
 */
export function useCartItems(): CartItem[] {
  const user = useCurrentUser();
  const cart = useQuery({ queryKey: queryKeys.cart(), queryFn: () => getCart(null), enabled: user !== null });
  return asCartItems(cart.data?.results ?? user?.cart);
}
