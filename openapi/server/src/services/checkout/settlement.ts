import type { FastifyInstance } from 'fastify';
import { fromCents, toCents } from '@pod/shared-contracts/money';
import type { AppConfig } from '../../config.js';
import { itemsNamed, planBalancePayment, type BalancePaymentSplit, type CartCoupon } from '../../domain/checkout.js';
import { HttpProblem } from '../../errors.js';
import type { CartItemWithBooks } from '../../plugins/app/cart-repository.js';
import { CouponAlreadyUsedError } from '../../plugins/app/coupon-repository.js';
import { DuplicatePaymentError } from '../../plugins/app/payment-repository.js';
import type { TransactionalRepositories } from '../../plugins/app/unit-of-work.js';
import type { PaymentTransactionRow } from '../../plugins/external/db-schema.js';
import { cartOf } from './cart.js';
import type { CouponRules } from './coupons.js';
import { COUPON_USED_MESSAGE, TRANSACTION_NOT_FOUND_MESSAGE } from './messages.js';

/** A balance payment of cart items, as payItems records it. */
export interface ItemsPayment extends Omit<BalancePaymentSplit, 'balanceAfterCents'> {
  userId: number;
  reference: string;
  items: CartItemWithBooks[];
  coupon: CartCoupon | null;
  paymentTransactionId: number | null;
  at: Date;
}

/**
 * Where money moves: balance payments of cart items, provider credits, ends of attempts. Every
 * function runs inside a unit-of-work transaction that has locked the user's row (and the
 * payment), so parallel requests are serialised per user.
 */
export function createSettlement(app: FastifyInstance, config: AppConfig, coupons: CouponRules) {
  const { unitOfWork, paymentRepository } = app;

  /**
   * Pays `items` from the balance inside an open transaction whose user row is locked: uses the
   * coupon (one redemption per coupon and user, any context: a parallel use rolls this back as
   * C15), debits the balance (the CHECK keeps it >= 0), records the ledger entry, marks the books
   * paid and empties the items. Answers the balance after, in cents.
   */
  async function payItems(repos: TransactionalRepositories, input: ItemsPayment): Promise<number> {
    if (input.coupon) {
      try {
        await repos.coupons.redeem({
          couponId: input.coupon.couponId,
          userId: input.userId,
          context: 'cart',
          amount: fromCents(input.couponDeductionCents),
          at: input.at,
        });
      } catch (err) {
        if (err instanceof CouponAlreadyUsedError) throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
        throw err;
      }
    }
    const balanceAfter = await repos.users.adjustBalance(input.userId, -input.cartTotalCents);
    await repos.payments.record({
      userId: input.userId,
      type: 'payment',
      reference: input.reference,
      amountCents: -input.cartTotalCents,
      balanceAfterCents: balanceAfter,
      paymentTransactionId: input.paymentTransactionId,
      at: input.at,
    });
    const cart = cartOf(input.items, null);
    await repos.books.markPaid(input.userId, [...cart.book_ids, ...cart.international_book_ids], input.at);
    await repos.cart.removeItems(
      input.userId,
      input.items.map((item) => item.id),
    );
    return balanceAfter;
  }

  /**
   * After a provider payment is complete: pays the cart items it was created for from the
   * (now topped-up) balance, when they are still in the cart and the balance covers them. The
   * payment row must be locked by the caller. Idempotent (cart_paid).
   */
  async function settleIn(
    repos: TransactionalRepositories,
    payment: PaymentTransactionRow,
    at: Date,
  ): Promise<PaymentTransactionRow> {
    if (payment.status !== 'complete' || payment.cart_paid) return payment;
    const balance = await repos.users.lockBalance(payment.user_id);
    if (balance === undefined) return payment;
    const items = await repos.cart.lockByUser(payment.user_id);
    const wanted = payment.cart;
    const selected = itemsNamed(items, wanted.book_ids, wanted.international_book_ids);
    if (selected.length === 0) return payment;
    // A coupon that cannot be used any more (used meanwhile, expired) is dropped, not an error:
    // the money has arrived and stays on the balance if the cart is then not covered.
    let coupon: CartCoupon | null = null;
    if (wanted.coupon_id !== null) {
      const row = await repos.coupons.findById(wanted.coupon_id);
      if (coupons.isUsable(row) && !(await repos.coupons.isUsedBy(row.id, payment.user_id)))
        coupon = coupons.toCoupon(row);
    }
    const plan = planBalancePayment(selected, coupon, balance);
    if (!plan.payable) return payment;
    await payItems(repos, {
      userId: payment.user_id,
      reference: payment.reference,
      items: selected,
      coupon,
      cartTotalCents: plan.split.cartTotalCents,
      couponDeductionCents: plan.split.couponDeductionCents,
      paymentTransactionId: payment.id,
      at,
    });
    return repos.payments.update(payment.id, { cartPaid: true });
  }

  /**
   * Credits a provider payment once and settles its cart, in one transaction. A payment already
   * complete, or a provider payment id seen before, credits nothing (replays, double returns).
   * Money actually received is credited even if the user cancelled the attempt meanwhile.
   */
  async function creditProviderPayment(paymentId: number, providerPaymentId: string, at: Date) {
    try {
      return await unitOfWork.run(async (repos) => {
        const payment = await repos.payments.lock(paymentId);
        if (!payment) throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
        if (payment.status === 'complete') return { payment, credited: false };
        await repos.users.lockBalance(payment.user_id);
        const completed = await repos.payments.update(payment.id, {
          status: 'complete',
          providerPaymentId,
          completedAt: at,
        });
        const amountCents = toCents(completed.amount);
        const balanceAfter = await repos.users.adjustBalance(payment.user_id, amountCents);
        // The attempt's ledger row (pending since it started) becomes the credit.
        if ((await repos.payments.settleEntry(payment.id, 'complete', balanceAfter)) === 0) {
          await repos.payments.record({
            userId: payment.user_id,
            type: 'top-up',
            reference: payment.reference,
            amountCents,
            balanceAfterCents: balanceAfter,
            paymentTransactionId: payment.id,
            at,
          });
        }
        return { payment: await settleIn(repos, completed, at), credited: true };
      });
    } catch (err) {
      if (err instanceof DuplicatePaymentError) {
        const payment = await paymentRepository.lock(paymentId);
        return { payment: payment!, credited: false };
      }
      throw err;
    }
  }

  /**
   * Ends an attempt that is still pending without money (the transaction and its ledger row);
   * any other state is left as it is. Answers the transaction as it now stands.
   */
  function endIfPending(paymentId: number, status: 'cancelled' | 'failed'): Promise<PaymentTransactionRow> {
    return unitOfWork.run(async (repos) => {
      const locked = await repos.payments.lock(paymentId);
      if (!locked) throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
      if (locked.status !== 'pending') return locked;
      await repos.payments.settleEntry(paymentId, status);
      return repos.payments.update(paymentId, { status });
    });
  }

  /** Settles a complete payment whose cart is not paid yet (e.g. the user removed a coupon meanwhile). */
  async function settle(payment: PaymentTransactionRow): Promise<PaymentTransactionRow> {
    if (payment.status !== 'complete' || payment.cart_paid) return payment;
    return unitOfWork.run(async (repos) => {
      const locked = await repos.payments.lock(payment.id);
      return settleIn(repos, locked!, config.now());
    });
  }

  return { payItems, creditProviderPayment, endIfPending, settle };
}

export type Settlement = ReturnType<typeof createSettlement>;
