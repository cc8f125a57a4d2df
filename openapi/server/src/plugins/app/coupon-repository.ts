import type { Kysely } from 'kysely';
import type { CouponRow, Database } from '../external/db-schema.js';
import fp from 'fastify-plugin';
import { formatCents, toCents } from '@pod/shared-contracts/money';
import { isUniqueViolation } from './user-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    couponRepository: CouponRepository;
  }
}

export type CouponContext = 'balance' | 'cart';

export interface NewCoupon {
  code: string;
  type: 'value' | 'percentage';
  amount: number;
  active?: boolean;
  expiresAt?: Date | null;
}

/** Raised when the user already redeemed the coupon (in any context), whoever won the race. */
export class CouponAlreadyUsedError extends Error {
  constructor() {
    super('Coupon already used by this user');
    this.name = 'CouponAlreadyUsedError';
  }
}

export interface CouponRepository {
  /** By code, trimmed and case-insensitively; active or not, expired or not (the service decides). */
  findByCode(code: string): Promise<CouponRow | undefined>;
  findById(id: number): Promise<CouponRow | undefined>;
  /** Whether the user has used the coupon in any context. */
  isUsedBy(couponId: number, userId: number): Promise<boolean>;
  /**
   * Records a use; throws CouponAlreadyUsedError when this user already used it in any context
   * (unique (coupon_id, user_id), migration 005). `context` only says where it was used.
   */
  redeem(input: { couponId: number; userId: number; context: CouponContext; amount: number; at: Date }): Promise<void>;
  /** Creates the coupons whose codes do not exist yet (seeding); returns how many were created. */
  ensure(coupons: NewCoupon[]): Promise<number>;
  /** Creates one coupon (code upper-cased); throws CouponCodeTakenError when the code exists. */
  create(coupon: NewCoupon): Promise<CouponRow>;
}

/** Raised when a coupon with the code exists already (case-insensitively). */
export class CouponCodeTakenError extends Error {
  constructor(code: string) {
    super(`A coupon with the code ${code.toUpperCase()} exists already`);
    this.name = 'CouponCodeTakenError';
  }
}

export function createCouponRepository(db: Kysely<Database>): CouponRepository {
  return {
    async findByCode(code) {
      return db
        .selectFrom('coupons')
        .selectAll()
        .where((eb) => eb(eb.fn('upper', ['code']), '=', code.trim().toUpperCase()))
        .executeTakeFirst();
    },

    async findById(id) {
      return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async isUsedBy(couponId, userId) {
      const row = await db
        .selectFrom('coupon_redemptions')
        .select('id')
        .where('coupon_id', '=', couponId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async redeem({ couponId, userId, context, amount, at }) {
      try {
        await db
          .insertInto('coupon_redemptions')
          .values({
            coupon_id: couponId,
            user_id: userId,
            context,
            amount: formatCents(toCents(amount)),
            created_at: at,
          })
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw new CouponAlreadyUsedError();
        throw err;
      }
    },

    async ensure(coupons) {
      let created = 0;
      for (const coupon of coupons) {
        if (await this.findByCode(coupon.code)) continue;
        await db
          .insertInto('coupons')
          .values({
            code: coupon.code.toUpperCase(),
            type: coupon.type,
            amount: formatCents(toCents(coupon.amount)),
            active: coupon.active ?? true,
            expires_at: coupon.expiresAt ?? null,
          })
          .execute();
        created += 1;
      }
      return created;
    },

    async create(coupon) {
      try {
        return await db
          .insertInto('coupons')
          .values({
            code: coupon.code.trim().toUpperCase(),
            type: coupon.type,
            amount: formatCents(toCents(coupon.amount)),
            active: coupon.active ?? true,
            expires_at: coupon.expiresAt ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        if (isUniqueViolation(err)) throw new CouponCodeTakenError(coupon.code);
        throw err;
      }
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('couponRepository', createCouponRepository(app.db));
  },
  { name: 'coupon-repository', dependencies: ['db'] },
);
