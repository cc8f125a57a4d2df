import type { ServiceHandlers } from '../types.js';
import { money, type CheckoutContext } from './context.js';
import { PENDING_ATTEMPT_LIFETIME_MS } from './messages.js';

/** listTransactions: the balance ledger. */
export function createLedgerHandlers({ app, config }: CheckoutContext) {
  const { paymentRepository, unitOfWork } = app;
  return {
    async listTransactions(request) {
      const staleBefore = new Date(config.now().getTime() - PENDING_ATTEMPT_LIFETIME_MS);
      await unitOfWork.run((repos) => repos.payments.cancelStalePending(request.userId, staleBefore));
      const rows = await paymentRepository.listLedger(
        request.userId,
        request.query.skip ?? 0,
        request.query.take ?? 100,
      );
      return {
        statusCode: 0,
        results: rows.map((row) => ({
          id: row.id,
          date: row.created_at.toISOString(),
          type: row.type,
          amount_before_fees: money(row.amount_before_fees),
          fee: money(row.fee),
          amount_after_fees: money(row.amount_after_fees),
          status: row.status,
          balance: money(row.balance_after),
          reference: row.reference,
        })),
      };
    },
  } satisfies ServiceHandlers;
}
