import type { FastifyBaseLogger } from 'fastify';
import type { PaymentNotificationRepository } from '../plugins/app/payment-notification-repository.js';
import type { PaymentRepository } from '../plugins/app/payment-repository.js';
import type { PaymentNotificationStatus } from '../plugins/external/db-schema.js';
import type { PayFastGateway } from '../payments/types.js';
import { decideItn } from '../domain/checkout.js';
import type { JobHandler } from './queue.js';

export const PAYFAST_ITN_JOB = 'payfast-itn';

/** Enough to ride out a provider or database outage of several hours (backoff capped at 1 hour). */
export const PAYFAST_ITN_MAX_ATTEMPTS = 12;

export interface PayfastItnPayload extends Record<string, unknown> {
  notificationId: number;
}

export interface PayfastItnDependencies {
  eft: PayFastGateway;
  payments: PaymentRepository;
  notifications: PaymentNotificationRepository;
  /** Credits a provider payment once (dedupe by payment and provider payment id). */
  credit(paymentId: number, providerPaymentId: string, at: Date): Promise<{ credited: boolean }>;
  /** Ends an attempt still pending without money. */
  endIfPending(paymentId: number, status: 'cancelled' | 'failed'): Promise<unknown>;
  now: () => Date;
  log: FastifyBaseLogger;
}

interface Outcome {
  status: Extract<PaymentNotificationStatus, 'processed' | 'refused'>;
  outcome: string;
}

/**
 * Processes one stored PayFast ITN: the checks of portal.yaml in order (signature, source,
 * merchant id, the transaction, amount, status, PayFast's server-to-server validation), then the
 * credit. A refusal is an outcome, not an error (nothing to retry); an error (database, provider
 * unreachable) fails the attempt and the job is retried with backoff. Safe to run again: the
 * credit is deduplicated by payment and pf_payment_id.
 */
export function createPayfastItnJob(deps: PayfastItnDependencies): JobHandler<PayfastItnPayload> {
  const { eft, log } = deps;

  async function check(pairs: Array<[string, string]>, sourceAddress: string): Promise<Outcome> {
    const field = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? '';
    const refused = (outcome: string, details: Record<string, unknown> = {}): Outcome => {
      log.warn(details, outcome);
      return { status: 'refused', outcome };
    };
    if (!eft.verifySignature(pairs)) return refused('ITN refused: signature mismatch', { itn: field('m_payment_id') });
    if (!(await eft.isAllowedSource(sourceAddress)))
      return refused('ITN refused: source not allowed', { ip: sourceAddress });
    if (field('merchant_id') !== eft.settings.merchantId) return refused('ITN refused: merchant id');
    const payment = await deps.payments.findByProviderReference(field('m_payment_id'));
    if (!payment || payment.provider !== 'eft')
      return refused('ITN refused: unknown payment', { itn: field('m_payment_id') });
    const decision = decideItn(field, payment);
    if (decision.kind === 'refuse') return refused(decision.outcome, { itn: payment.provider_reference });
    if (decision.kind === 'ignore') {
      log.info({ status: decision.status }, 'ITN ignored: status');
      return { status: 'processed', outcome: 'ITN ignored: status' };
    }
    if (!(await eft.validate(pairs)))
      return refused('ITN refused: provider validation failed', { itn: payment.provider_reference });
    if (decision.kind === 'credit') {
      const { credited } = await deps.credit(payment.id, decision.pfPaymentId, deps.now());
      const outcome = credited ? 'ITN credited' : 'ITN already processed';
      log.info({ itn: payment.provider_reference, credited }, outcome);
      return { status: 'processed', outcome };
    }
    await deps.endIfPending(payment.id, decision.status);
    return { status: 'processed', outcome: `ITN ${decision.status}` };
  }

  return {
    maxAttempts: PAYFAST_ITN_MAX_ATTEMPTS,
    async run({ notificationId }) {
      const notification = await deps.notifications.findById(notificationId);
      // Already decided by an earlier run that died before marking its job done.
      if (!notification || notification.status !== 'received') return;
      const pairs = [...new URLSearchParams(notification.raw_body)];
      const result = await check(pairs, notification.source_address);
      await deps.notifications.recordAttempt(notificationId, { ...result, at: deps.now() });
    },
    async onFailure({ notificationId }, _job, error, final) {
      await deps.notifications.recordAttempt(notificationId, {
        status: final ? 'failed' : 'received',
        error,
        at: deps.now(),
      });
    },
  };
}
