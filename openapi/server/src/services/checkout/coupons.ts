import type { FastifyInstance } from 'fastify';
import { fromCents, toCents } from '@pod/shared-contracts/money';
import type { AppConfig } from '../../config.js';
import type { CartCoupon } from '../../domain/checkout.js';
import { HttpProblem } from '../../errors.js';
import { CouponAlreadyUsedError, type CouponRepository } from '../../plugins/app/coupon-repository.js';
import type { CouponRow } from '../../plugins/external/db-schema.js';
import type { ServiceHandlers } from '../types.js';
import type { CheckoutContext } from './context.js';
import {
  COUPON_BLANK_MESSAGE,
  COUPON_FAILED_MESSAGE,
  COUPON_INVALID_MESSAGE,
  COUPON_SUCCESS,
  COUPON_USED_MESSAGE,
} from './messages.js';

/** The coupon rules every checkout step shares. */
export function createCouponRules(app: FastifyInstance, config: AppConfig) {
  const isUsable = (coupon: CouponRow | undefined): coupon is CouponRow =>
    coupon !== undefined && coupon.active && (coupon.expires_at === null || coupon.expires_at > config.now());

  const toCoupon = (coupon: CouponRow): CartCoupon => ({
    couponId: coupon.id,
    type: coupon.type,
    amount: Number(coupon.amount),
  });

  /** A cart coupon by id: 404 unknown/inactive/expired, 409 C15 when this user used it already. */
  async function cartCoupon(
    couponId: number | null | undefined,
    userId: number,
    repos: { coupons: Pick<CouponRepository, 'findById' | 'isUsedBy'> } = { coupons: app.couponRepository },
  ) {
    if (couponId === null || couponId === undefined) return null;
    const coupon = await repos.coupons.findById(couponId);
    if (!isUsable(coupon)) throw new HttpProblem(404, COUPON_INVALID_MESSAGE);
    if (await repos.coupons.isUsedBy(coupon.id, userId)) throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
    return toCoupon(coupon);
  }

  return { isUsable, toCoupon, cartCoupon };
}

export type CouponRules = ReturnType<typeof createCouponRules>;

function codeOf(body: { coupon_code: string }): string {
  const code = body.coupon_code.trim();
  if (code === '') throw new HttpProblem(400, COUPON_BLANK_MESSAGE, 'VALIDATION');
  return code;
}

/** addCoupon (the dashboard voucher), verifyCartCoupon. */
export function createCouponHandlers({ app, config, coupons, activeUser }: CheckoutContext) {
  const { couponRepository, unitOfWork } = app;
  return {
    /**
     * Dashboard voucher: credits a value coupon to the balance, once per user. Every check runs
     * inside the transaction after the user's row is locked (the lock serialises this with a
     * checkoutpayment using the same coupon), and the redemption row (unique per coupon and user,
     * whatever the context) is the last word: parallel requests credit once.
     */
    async addCoupon(request) {
      const code = codeOf(request.body);
      const userId = request.userId;
      await activeUser(userId);

      const at = config.now();
      try {
        await unitOfWork.run(async (repos) => {
          await repos.users.lockBalance(userId);
          const coupon = await repos.coupons.findByCode(code);
          if (!coupons.isUsable(coupon) || coupon.type !== 'value') throw new HttpProblem(404, COUPON_FAILED_MESSAGE);
          if (await repos.coupons.isUsedBy(coupon.id, userId)) throw new CouponAlreadyUsedError();
          const amountCents = toCents(coupon.amount);
          await repos.coupons.redeem({
            couponId: coupon.id,
            userId,
            context: 'balance',
            amount: fromCents(amountCents),
            at,
          });
          const balanceAfter = await repos.users.adjustBalance(userId, amountCents);
          await repos.payments.record({
            userId,
            type: 'coupon',
            reference: coupon.code,
            amountCents,
            balanceAfterCents: balanceAfter,
            at,
          });
        });
      } catch (err) {
        if (err instanceof CouponAlreadyUsedError) throw new HttpProblem(409, COUPON_FAILED_MESSAGE, 'C15');
        throw err;
      }
      return { statusCode: 0, description: COUPON_SUCCESS };
    },

    /** Looks a cart coupon up without using it (checkoutpayment uses it). */
    async verifyCartCoupon(request) {
      const code = codeOf(request.body);
      const coupon = await couponRepository.findByCode(code);
      if (!coupons.isUsable(coupon)) throw new HttpProblem(404, COUPON_INVALID_MESSAGE);
      // Used in any context: a voucher credited to the balance cannot also discount a cart.
      if (await couponRepository.isUsedBy(coupon.id, request.userId))
        throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
      return { statusCode: 0, ...coupons.toCoupon(coupon) };
    },
  } satisfies ServiceHandlers;
}
