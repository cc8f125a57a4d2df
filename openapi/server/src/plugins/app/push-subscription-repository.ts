import type { Kysely } from 'kysely';
import type { Database, PushSubscriptionRow } from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    pushSubscriptionRepository: PushSubscriptionRepository;
  }
}

export interface NewPushSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: Date | null;
  at: Date;
}

/** Web push subscriptions (migration 015; services/push.ts). */
export interface PushSubscriptionRepository {
  /**
   * Stores the subscription under its endpoint: new, or the endpoint's row updated (keys, and the
   * user: an endpoint another user saved moves to this one); then keeps the user's newest `keep`.
   */
  save(subscription: NewPushSubscription, keep: number): Promise<void>;
  /** The user's subscriptions, newest first. */
  listByUser(userId: number): Promise<PushSubscriptionRow[]>;
  /** Forgets the user's subscription of this endpoint (another user's stays); answers whether there was one. */
  deleteForUser(userId: number, endpoint: string): Promise<boolean>;
  /** Forgets one subscription the push service called gone (404/410), unless it was saved again since. */
  deleteGone(id: number, updatedAt: Date): Promise<void>;
}

export function createPushSubscriptionRepository(db: Kysely<Database>): PushSubscriptionRepository {
  return {
    async save({ userId, endpoint, p256dh, auth, expirationTime, at }, keep) {
      await db
        .insertInto('push_subscriptions')
        .values({
          user_id: userId,
          endpoint,
          p256dh,
          auth,
          expiration_time: expirationTime,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            expiration_time: eb.ref('excluded.expiration_time'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('push_subscriptions')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
    },

    async listByUser(userId) {
      return db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async deleteForUser(userId, endpoint) {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteGone(id, updatedAt) {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).where('updated_at', '=', updatedAt).execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('pushSubscriptionRepository', createPushSubscriptionRepository(app.db));
  },
  { name: 'push-subscription-repository', dependencies: ['db'] },
);
