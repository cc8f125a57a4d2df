import { HttpProblem } from '../../errors.js';
import { createPayfastItnJob, PAYFAST_ITN_JOB } from '../../jobs/payfast-itn.js';
import { formText } from '../raw-body.js';
import type { ServiceHandlers } from '../types.js';
import type { CheckoutContext } from './context.js';
import { ITN_NOT_STORED_MESSAGE } from './messages.js';

/** payfastNotify, and the job that processes what it stores. */
export function createPayfastNotifyHandlers({ app, config, settlement }: CheckoutContext) {
  const { unitOfWork } = app;

  app.jobs.define(
    PAYFAST_ITN_JOB,
    createPayfastItnJob({
      eft: app.payments.gateways.eft,
      payments: app.paymentRepository,
      notifications: app.paymentNotificationRepository,
      credit: settlement.creditProviderPayment,
      endIfPending: settlement.endIfPending,
      now: config.now,
      log: app.log.child({ component: 'itn' }),
    }),
  );

  return {
    /**
     * PayFast ITN: stores the notification as received and its processing job in one
     * transaction, then answers 200 (PayFast stops retrying on 200, so nothing is answered before
     * the row is durable; 503 when it cannot be stored, and PayFast sends it again). The job
     * (src/jobs/payfast-itn.ts) checks and credits, retried with backoff until it is decided.
     * Nothing in the answer tells a caller whether its notification was accepted.
     */
    async payfastNotify(request, reply) {
      const rawBody = request.rawBody ?? formText(request.body);
      const receivedAt = config.now();
      try {
        await unitOfWork.run(async (repos) => {
          const notification = await repos.paymentNotifications.store({
            rawBody,
            sourceAddress: request.ip,
            paymentReference: new URLSearchParams(rawBody).get('m_payment_id')?.slice(0, 200) ?? null,
            receivedAt,
          });
          await repos.jobs.enqueue({
            type: PAYFAST_ITN_JOB,
            payload: { notificationId: notification.id },
            maxAttempts: app.jobs.maxAttemptsOf(PAYFAST_ITN_JOB),
            runAt: receivedAt,
          });
        });
      } catch (err) {
        request.log.error({ err }, 'ITN could not be stored');
        throw new HttpProblem(503, ITN_NOT_STORED_MESSAGE, 'ITN_NOT_STORED');
      }
      app.jobs.wake();
      reply.code(200).type('text/plain');
      return '';
    },
  } satisfies ServiceHandlers;
}
