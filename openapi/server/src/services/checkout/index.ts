import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { ServiceHandlers } from '../types.js';
import { createBalancePaymentHandlers } from './balance-payment.js';
import { createCartHandlers } from './cart.js';
import { activeUserOf, type CheckoutContext } from './context.js';
import { createCouponHandlers, createCouponRules } from './coupons.js';
import { createLedgerHandlers } from './ledger.js';
import { createPayfastNotifyHandlers } from './payfast-notify.js';
import { createProviderPaymentHandlers } from './provider-payments.js';
import { createProviderReturnHandlers } from './provider-returns.js';
import { createSettlement } from './settlement.js';

export * from './messages.js';
export { loadCartItems, type PricedCartItem } from './cart.js';

/**
 * Cart, coupons, balance payments, provider payments and the ledger. Every amount is computed
 * from the database (cart items, coupons, balance) by the pure rules of domain/checkout.ts over
 * the shared cart pricing; what the browser sends as a total, amount or user id is ignored.
 * Money moves only inside unit-of-work transactions that first lock the user's row (and the
 * cart items, and the payment), so parallel requests are serialised per user (settlement.ts).
 */
export function createCheckoutService(app: FastifyInstance, config: AppConfig) {
  const coupons = createCouponRules(app, config);
  const context: CheckoutContext = {
    app,
    config,
    coupons,
    settlement: createSettlement(app, config, coupons),
    activeUser: activeUserOf(app),
  };
  return {
    ...createCartHandlers(context),
    ...createCouponHandlers(context),
    ...createBalancePaymentHandlers(context),
    ...createProviderPaymentHandlers(context),
    ...createProviderReturnHandlers(context),
    ...createPayfastNotifyHandlers(context),
    ...createLedgerHandlers(context),
  } satisfies ServiceHandlers;
}
