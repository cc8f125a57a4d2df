import type { FastifyInstance } from 'fastify';
import { itemAmounts, parseCartServices } from '@pod/shared-contracts/checkout';
import { toCents } from '@pod/shared-contracts/money';
import { selectNamed, totalsOf, type CartCoupon } from '../../domain/checkout.js';
import { HttpProblem } from '../../errors.js';
import type { CartItemWithBooks } from '../../plugins/app/cart-repository.js';
import type { PaymentCartData } from '../../plugins/external/db-schema.js';
import type { ServiceHandlers } from '../types.js';
import type { CheckoutContext } from './context.js';
import { EMPTY_SELECTION_MESSAGE, NOT_IN_CART_MESSAGE } from './messages.js';

/** One priced cart item (portal.yaml CartItem). */
function toCartItem(item: CartItemWithBooks) {
  const services = parseCartServices(item.misc);
  const amounts = itemAmounts(services);
  const title = item.local_book_name ?? item.international_book_name ?? null;
  return {
    id: item.id,
    book_id: item.book_id,
    international_book_id: item.international_book_id,
    local_book_name: item.local_book_name,
    international_book_name: item.international_book_name,
    book_title: title,
    created_at: item.created_at.toISOString(),
    misc: JSON.stringify(services),
    price: amounts.price,
    vat: amounts.vat,
    discount: amounts.discount,
    final_price: amounts.finalPrice,
  };
}

export type PricedCartItem = ReturnType<typeof toCartItem>;

/** The user's cart items as the API shows them (also the current user's `cart`). */
export async function loadCartItems(app: FastifyInstance, userId: number): Promise<PricedCartItem[]> {
  return (await app.cartRepository.listWithBooks(userId)).map(toCartItem);
}

/** The cart items a request names (by either record id); 400 when none, 404 when an id is not in the cart. */
export function selectItems(
  items: CartItemWithBooks[],
  bookIds: number[],
  internationalIds: number[],
): CartItemWithBooks[] {
  const selection = selectNamed(items, bookIds, internationalIds);
  if (selection.kind === 'empty') throw new HttpProblem(400, EMPTY_SELECTION_MESSAGE, 'VALIDATION');
  if (selection.kind === 'missing') throw new HttpProblem(404, NOT_IN_CART_MESSAGE);
  return selection.items;
}

/** What a payment was made for: its books and coupon, settled later against the cart. */
export const cartOf = (items: CartItemWithBooks[], couponId: number | null): PaymentCartData => ({
  book_ids: items.flatMap((item) => (item.book_id === null ? [] : [item.book_id])),
  international_book_ids: items.flatMap((item) =>
    item.international_book_id === null ? [] : [item.international_book_id],
  ),
  coupon_id: couponId,
});

/** portal.yaml CartResult. */
const cartResult = (items: CartItemWithBooks[], coupon: CartCoupon | null, balance: string | number) => ({
  statusCode: 0,
  results: items.map(toCartItem),
  coupon,
  ...totalsOf(items, coupon, toCents(balance)),
});

/** getCart, removeCartItem. */
export function createCartHandlers({ app, coupons }: CheckoutContext) {
  const { cartRepository, userRepository } = app;
  return {
    async getCart(request) {
      const userId = request.userId;
      const user = await userRepository.findById(userId);
      if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
      const coupon = await coupons.cartCoupon(request.query.coupon_id, userId);
      const items = await cartRepository.listWithBooks(userId);
      return cartResult(items, coupon, user.balance);
    },

    async removeCartItem(request) {
      const { localBookId, internationalBookId } = request.params;
      const userId = request.userId;
      const items = await cartRepository.listByUser(userId);
      const item = items.find(
        (candidate) =>
          (candidate.book_id ?? 0) === localBookId && (candidate.international_book_id ?? 0) === internationalBookId,
      );
      if (!item) throw new HttpProblem(404, 'This item is not in your cart');
      await cartRepository.removeItems(userId, [item.id]);
      const user = await userRepository.findById(userId);
      return cartResult(await cartRepository.listWithBooks(userId), null, user?.balance ?? 0);
    },
  } satisfies ServiceHandlers;
}
