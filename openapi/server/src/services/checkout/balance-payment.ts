import { randomUUID } from 'node:crypto';
import { fromCents } from '@pod/shared-contracts/money';
import { planBalancePayment } from '../../domain/checkout.js';
import { HttpProblem } from '../../errors.js';
import { DuplicatePaymentError } from '../../plugins/app/payment-repository.js';
import type { ServiceHandlers } from '../types.js';
import { cartOf, selectItems } from './cart.js';
import { money, type CheckoutContext } from './context.js';
import { INSUFFICIENT_MESSAGE, PAID_MESSAGE, REFERENCE_USED_MESSAGE } from './messages.js';

/** checkoutPayment: cart items paid from the balance. */
export function createBalancePaymentHandlers({ app, config, coupons, settlement, activeUser }: CheckoutContext) {
  const { paymentRepository, userRepository, unitOfWork } = app;
  return {
    /** Pays the named cart items from the balance (0), or reports the shortfall (7). */
    async checkoutPayment(request) {
      const userId = request.userId;
      const body = request.body;
      const reference = body.reference.trim();
      if (reference === '') throw new HttpProblem(400, 'A payment reference is required', 'VALIDATION');
      await activeUser(userId);

      // The same reference is processed once: a retry answers the first outcome.
      const earlier = await paymentRepository.findByReference(userId, reference);
      if (earlier) {
        if (earlier.provider !== 'balance') throw new HttpProblem(409, REFERENCE_USED_MESSAGE);
        const user = await userRepository.findById(userId);
        return {
          statusCode: 0,
          description: PAID_MESSAGE,
          amountToPay: 0,
          cartTotal: money(earlier.amount),
          couponDeduction: 0,
          balance: money(user?.balance ?? 0),
        };
      }

      const at = config.now();
      try {
        return await unitOfWork.run(async (repos) => {
          const balance = await repos.users.lockBalance(userId);
          if (balance === undefined) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
          const items = selectItems(await repos.cart.lockByUser(userId), body.book_ids, body.international_book_ids);
          const coupon = await coupons.cartCoupon(body.coupon_id, userId, repos);
          const plan = planBalancePayment(items, coupon, balance);
          const { totals } = plan;
          const summary = { cartTotal: totals.cartTotal, couponDeduction: totals.couponDeduction };
          if (!plan.payable) {
            return {
              statusCode: 7,
              description: INSUFFICIENT_MESSAGE,
              amountToPay: totals.amountToPay,
              ...summary,
              balance: totals.balance,
            };
          }
          const { cartTotalCents, couponDeductionCents } = plan.split;
          const payment = await repos.payments.create({
            userId,
            reference,
            providerReference: `BAL-${randomUUID()}`,
            provider: 'balance',
            status: 'complete',
            amountCents: cartTotalCents,
            providerAmountCents: cartTotalCents,
            providerCurrency: 'ZAR',
            returnTokenHash: null,
            cart: cartOf(items, coupon?.couponId ?? null),
            cartPaid: true,
            completedAt: at,
          });
          const balanceAfter = await settlement.payItems(repos, {
            userId,
            reference,
            items,
            coupon,
            cartTotalCents,
            couponDeductionCents,
            paymentTransactionId: payment.id,
            at,
          });
          return {
            statusCode: 0,
            description: PAID_MESSAGE,
            amountToPay: 0,
            ...summary,
            balance: fromCents(balanceAfter),
          };
        });
      } catch (err) {
        if (err instanceof DuplicatePaymentError) throw new HttpProblem(409, REFERENCE_USED_MESSAGE);
        throw err;
      }
    },
  } satisfies ServiceHandlers;
}
