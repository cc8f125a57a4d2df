import type { FastifyInstance } from 'fastify';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, pushSubscriptionProblem } from '../domain/push-subscription.js';
import { HttpProblem } from '../errors.js';
import type { WebPush } from '../push/index.js';
import type { ServiceHandlers } from './types.js';

export const PUSH_DISABLED_MESSAGE = 'Push notifications are not available.';
export const PUSH_SUBSCRIPTION_SAVED = 'Push subscription saved';
export const PUSH_SUBSCRIPTION_REMOVED = 'Push subscription removed';

/** Push switched off (production without VAPID keys): the front end then does not subscribe. */
const pushDisabled = () => new HttpProblem(404, PUSH_DISABLED_MESSAGE, 'PUSH_DISABLED');

/**
 * Web push (portal.yaml tag push; the descriptions there are the contract): the VAPID public key
 * and the current user's subscriptions. Sending is src/push/ (the admin console's `push test`).
 */
export function createPushService(app: FastifyInstance) {
  const repository = app.pushSubscriptionRepository;
  const enabled = (): WebPush => {
    if (!app.webPush) throw pushDisabled();
    return app.webPush;
  };

  return {
    async getPushPublicKey() {
      return { publicKey: await enabled().publicKey() };
    },

    async savePushSubscription(request, reply) {
      const push = enabled();
      const { endpoint, expirationTime, keys } = request.body;
      const problem = pushSubscriptionProblem({ endpoint, keys }, push.allowLocalEndpoints);
      if (problem) throw new HttpProblem(400, problem, 'VALIDATION');
      await repository.save(
        {
          userId: request.userId,
          endpoint,
          p256dh: keys.p256dh.replace(/=+$/, ''),
          auth: keys.auth.replace(/=+$/, ''),
          expirationTime: typeof expirationTime === 'number' ? new Date(expirationTime) : null,
          at: app.config.now(),
        },
        MAX_PUSH_SUBSCRIPTIONS_PER_USER,
      );
      reply.code(201);
      return { statusCode: 0, description: PUSH_SUBSCRIPTION_SAVED };
    },

    /** Works whether or not push is on: forgetting is always allowed. */
    async deletePushSubscription(request) {
      await repository.deleteForUser(request.userId, request.body.endpoint);
      return { statusCode: 0, description: PUSH_SUBSCRIPTION_REMOVED };
    },
  } satisfies ServiceHandlers;
}
