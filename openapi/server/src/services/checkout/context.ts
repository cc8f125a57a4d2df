import type { FastifyInstance } from 'fastify';
import { fromCents, toCents } from '@pod/shared-contracts/money';
import type { AppConfig } from '../../config.js';
import { HttpProblem } from '../../errors.js';
import type { UserRow } from '../../plugins/external/db-schema.js';
import type { CouponRules } from './coupons.js';
import { NOT_ACTIVATED_MESSAGE } from './messages.js';
import type { Settlement } from './settlement.js';

/** What every checkout module works with: the app's repositories, the config, the shared rules. */
export interface CheckoutContext {
  app: FastifyInstance;
  config: AppConfig;
  coupons: CouponRules;
  settlement: Settlement;
  /** The user, who must exist (404) and be activated (403 U10). */
  activeUser(userId: number): Promise<UserRow>;
}

/** A NUMERIC column (or a number) as the JSON number of an amount, 2 places. */
export const money = (value: string | number) => fromCents(toCents(value));

export function activeUserOf(app: FastifyInstance) {
  return async (userId: number): Promise<UserRow> => {
    const user = await app.userRepository.findById(userId);
    if (!user) throw new HttpProblem(404, 'User not found', 'USER_NOT_FOUND');
    if (user.user_status === 0) throw new HttpProblem(403, NOT_ACTIVATED_MESSAGE, 'U10');
    return user;
  };
}
