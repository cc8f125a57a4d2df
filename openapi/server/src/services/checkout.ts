import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { SUPPORT_EMAIL } from '../constants.js';
import { HttpProblem } from '../errors.js';
import type { CouponRow } from '../plugins/external/db-schema.js';
import { CouponAlreadyUsedError } from '../plugins/app/coupon-repository.js';
import type { ServiceHandlers } from './types.js';

export const COUPON_BLANK_MESSAGE = 'Coupon code can not be blank';
/** The dashboard's one failure text (spec account area, section 5). */
export const COUPON_FAILED_MESSAGE = `Something went wrong when adding your coupon, please check your spelling. Otherwise contact support ${SUPPORT_EMAIL}`;
/** The checkout's C15 text (spec account area, section 8). */
export const COUPON_USED_MESSAGE = 'Invalid coupon code applied / You have already used this coupon code';
export const COUPON_INVALID_MESSAGE = 'Invalid coupon code applied';
export const NOT_ACTIVATED_MESSAGE = 'Your account has not been activated yet';
export const COUPON_SUCCESS = 'Successful';

type CouponBody = { Body: { coupon_code: string } };

/**
 * Handlers of the checkout operations implemented so far: the two coupon calls. The cart,
 * payments and transactions come with the checkout issue.
 */
export function createCheckoutService(app: FastifyInstance, config: AppConfig) {
  const { couponRepository, userRepository, unitOfWork } = app;

  function codeOf(body: { coupon_code: string }): string {
    const code = body.coupon_code.trim();
    if (code === '') throw new HttpProblem(400, COUPON_BLANK_MESSAGE, 'VALIDATION');
    return code;
  }

  const isUsable = (coupon: CouponRow | undefined): coupon is CouponRow =>
    coupon !== undefined && coupon.active && (coupon.expires_at === null || coupon.expires_at > config.now());

  return {
    /**
     * Dashboard voucher: credits a value coupon to the balance, once per user. The redemption row
     * (unique per coupon, user and context) and the credit are one transaction, so parallel
     * requests credit once: the losers hit the unique constraint and roll back.
     */
    async addCoupon(request: FastifyRequest<CouponBody>) {
      const code = codeOf(request.body);
      const userId = request.userId;
      const user = await userRepository.findById(userId);
      if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
      if (user.user_status === 0) throw new HttpProblem(403, NOT_ACTIVATED_MESSAGE, 'U10');

      const coupon = await couponRepository.findByCode(code);
      if (!isUsable(coupon) || coupon.type !== 'value') throw new HttpProblem(404, COUPON_FAILED_MESSAGE);
      if (await couponRepository.isUsedBy(coupon.id, userId)) throw new HttpProblem(409, COUPON_FAILED_MESSAGE, 'C15');

      const amount = Number(coupon.amount);
      try {
        await unitOfWork.run(async ({ coupons, users }) => {
          await coupons.redeem({ couponId: coupon.id, userId, context: 'balance', amount, at: config.now() });
          await users.creditBalance(userId, amount);
        });
      } catch (err) {
        if (err instanceof CouponAlreadyUsedError) throw new HttpProblem(409, COUPON_FAILED_MESSAGE, 'C15');
        throw err;
      }
      return { statusCode: 0, description: COUPON_SUCCESS };
    },

    /** Looks a cart coupon up without using it (checkoutpayment uses it). */
    async verifyCartCoupon(request: FastifyRequest<CouponBody>) {
      const code = codeOf(request.body);
      const coupon = await couponRepository.findByCode(code);
      if (!isUsable(coupon)) throw new HttpProblem(404, COUPON_INVALID_MESSAGE);
      // Used in any context: a voucher credited to the balance cannot also discount a cart.
      if (await couponRepository.isUsedBy(coupon.id, request.userId)) throw new HttpProblem(409, COUPON_USED_MESSAGE, 'C15');
      return { statusCode: 0, couponId: coupon.id, type: coupon.type, amount: Number(coupon.amount) };
    },
  } satisfies ServiceHandlers;
}
