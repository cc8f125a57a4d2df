export {
  cartTotals,
  couponDeduction,
  fromCents,
  itemAmounts,
  parseCartServices,
  serviceAmounts,
  toCents,
} from './cart-pricing';
export type { CartServiceLike, CartTotals, CouponLike, LineAmounts } from './cart-pricing';
