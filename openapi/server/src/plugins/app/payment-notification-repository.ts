import type { Kysely } from 'kysely';
import type {
  Database,
  PaymentNotificationRow,
  PaymentNotificationStatus,
  PaymentTransactionRow,
} from '../external/db-schema.js';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    paymentNotificationRepository: PaymentNotificationRepository;
  }
}

export interface NewPaymentNotification {
  rawBody: string;
  sourceAddress: string;
  paymentReference: string | null;
  receivedAt: Date;
}

/** What reconciliation has to look at (src/reconcile.ts). */
export interface ReconciliationReport {
  /** EFT attempts still pending, started before the cut-off, for which no notification was ever received. */
  pendingWithoutNotification: PaymentTransactionRow[];
  /** Notifications whose processing failed on every attempt. */
  failedNotifications: PaymentNotificationRow[];
}

/** payment_notifications (migration 006): every provider notification, stored before it is answered. */
export interface PaymentNotificationRepository {
  store(input: NewPaymentNotification): Promise<PaymentNotificationRow>;
  findById(id: number): Promise<PaymentNotificationRow | undefined>;
  /** The outcome of one processing attempt: final (processed, refused, failed) or to be retried (received). */
  recordAttempt(
    id: number,
    result: { status: PaymentNotificationStatus; outcome?: string; error?: string; at: Date },
  ): Promise<void>;
  reconciliation(pendingBefore: Date): Promise<ReconciliationReport>;
}

export function createPaymentNotificationRepository(db: Kysely<Database>): PaymentNotificationRepository {
  return {
    async store(input) {
      return db
        .insertInto('payment_notifications')
        .values({
          raw_body: input.rawBody,
          source_address: input.sourceAddress,
          payment_reference: input.paymentReference,
          received_at: input.receivedAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findById(id) {
      return db.selectFrom('payment_notifications').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async recordAttempt(id, { status, outcome, error, at }) {
      await db
        .updateTable('payment_notifications')
        .set((eb) => ({
          status,
          attempts: eb('attempts', '+', 1),
          ...(outcome !== undefined && { outcome }),
          ...(error !== undefined && { last_error: error }),
          ...(status !== 'received' && { processed_at: at }),
        }))
        .where('id', '=', id)
        .execute();
    },

    async reconciliation(pendingBefore) {
      const pendingWithoutNotification = await db
        .selectFrom('payment_transactions as p')
        .selectAll('p')
        .where('p.provider', '=', 'eft')
        .where('p.status', '=', 'pending')
        .where('p.created_at', '<', pendingBefore)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('payment_notifications as n')
                .select('n.id')
                .whereRef('n.payment_reference', '=', 'p.provider_reference'),
            ),
          ),
        )
        .orderBy('p.created_at')
        .execute();
      const failedNotifications = await db
        .selectFrom('payment_notifications')
        .selectAll()
        .where('status', '=', 'failed')
        .orderBy('received_at')
        .execute();
      return { pendingWithoutNotification, failedNotifications };
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('paymentNotificationRepository', createPaymentNotificationRepository(app.db));
  },
  { name: 'payment-notification-repository', dependencies: ['db'] },
);
