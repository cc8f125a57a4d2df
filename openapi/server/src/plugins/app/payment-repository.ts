import type { Kysely } from 'kysely';
import type {
  Database,
  LedgerEntryRow,
  LedgerEntryType,
  PaymentCartData,
  PaymentProvider,
  PaymentStatus,
  PaymentTransactionRow,
} from '../external/db-schema.js';
import fp from 'fastify-plugin';
import { isUniqueViolation } from './user-repository.js';
import { formatCents } from '@pod/shared-contracts/money';

declare module 'fastify' {
  interface FastifyInstance {
    paymentRepository: PaymentRepository;
  }
}

/** The reference (per user) or the provider's payment id was already recorded. */
export class DuplicatePaymentError extends Error {
  constructor(readonly constraint: 'reference' | 'provider-payment') {
    super(constraint === 'reference' ? 'Transaction reference already used' : 'Provider payment already processed');
    this.name = 'DuplicatePaymentError';
  }
}

export interface NewPaymentTransaction {
  userId: number;
  reference: string;
  providerReference: string;
  provider: PaymentProvider;
  status: PaymentStatus;
  amountCents: number;
  providerAmountCents: number;
  providerCurrency: 'ZAR' | 'USD';
  returnTokenHash: string | null;
  cart: PaymentCartData;
  cartPaid?: boolean;
  completedAt?: Date | null;
}

export interface PaymentTransactionPatch {
  status?: PaymentStatus;
  providerOrderId?: string;
  providerPaymentId?: string;
  cartPaid?: boolean;
  completedAt?: Date;
}

export interface NewLedgerEntry {
  userId: number;
  type: LedgerEntryType;
  reference: string | null;
  /** Signed: credits positive, payments negative. */
  amountCents: number;
  feeCents?: number;
  balanceAfterCents: number;
  status?: string;
  paymentTransactionId?: number | null;
  at: Date;
}

/** Provider payments (payment_transactions) and the balance ledger (ledger_entries). */
export interface PaymentRepository {
  /** Throws DuplicatePaymentError('reference') when the user already used the reference. */
  create(input: NewPaymentTransaction): Promise<PaymentTransactionRow>;
  findByReference(userId: number, reference: string): Promise<PaymentTransactionRow | undefined>;
  findByProviderReference(providerReference: string): Promise<PaymentTransactionRow | undefined>;
  /** Locks the row until the transaction ends. */
  lock(id: number): Promise<PaymentTransactionRow | undefined>;
  /** Throws DuplicatePaymentError('provider-payment') when the provider payment id was used before. */
  update(id: number, patch: PaymentTransactionPatch): Promise<PaymentTransactionRow>;
  record(entry: NewLedgerEntry): Promise<LedgerEntryRow>;
  /**
   * Settles the ledger row of a provider top-up (recorded 'pending' when the attempt started):
   * its new status and, when complete, the balance after the credit. Answers the number of rows
   * changed (0 when the attempt has no ledger row).
   */
  settleEntry(paymentTransactionId: number, status: string, balanceAfterCents?: number): Promise<number>;
  listLedger(userId: number, skip: number, take: number): Promise<LedgerEntryRow[]>;
  /**
   * Marks the user's provider attempts still pending and started before `before` cancelled,
   * with their ledger rows. Answers how many. (Money that still arrives is credited anyway.)
   */
  cancelStalePending(userId: number, before: Date): Promise<number>;
}

function duplicateFrom(err: unknown): DuplicatePaymentError | null {
  if (!isUniqueViolation(err)) return null;
  const constraint = (err as { constraint?: string }).constraint ?? String((err as { message?: string }).message ?? '');
  return new DuplicatePaymentError(constraint.includes('provider_payment') ? 'provider-payment' : 'reference');
}

export function createPaymentRepository(db: Kysely<Database>): PaymentRepository {
  return {
    async create(input) {
      try {
        return await db
          .insertInto('payment_transactions')
          .values({
            user_id: input.userId,
            reference: input.reference,
            provider_reference: input.providerReference,
            provider: input.provider,
            status: input.status,
            amount: formatCents(input.amountCents),
            provider_amount: formatCents(input.providerAmountCents),
            provider_currency: input.providerCurrency,
            return_token_hash: input.returnTokenHash,
            cart: JSON.stringify(input.cart),
            cart_paid: input.cartPaid ?? false,
            completed_at: input.completedAt ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        throw duplicateFrom(err) ?? err;
      }
    },

    async findByReference(userId, reference) {
      return db
        .selectFrom('payment_transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('reference', '=', reference)
        .executeTakeFirst();
    },

    async findByProviderReference(providerReference) {
      return db
        .selectFrom('payment_transactions')
        .selectAll()
        .where('provider_reference', '=', providerReference)
        .executeTakeFirst();
    },

    async lock(id) {
      return db.selectFrom('payment_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async update(id, patch) {
      try {
        return await db
          .updateTable('payment_transactions')
          .set({
            ...(patch.status !== undefined && { status: patch.status }),
            ...(patch.providerOrderId !== undefined && { provider_order_id: patch.providerOrderId }),
            ...(patch.providerPaymentId !== undefined && { provider_payment_id: patch.providerPaymentId }),
            ...(patch.cartPaid !== undefined && { cart_paid: patch.cartPaid }),
            ...(patch.completedAt !== undefined && { completed_at: patch.completedAt }),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        throw duplicateFrom(err) ?? err;
      }
    },

    async record(entry) {
      const fee = entry.feeCents ?? 0;
      return db
        .insertInto('ledger_entries')
        .values({
          user_id: entry.userId,
          type: entry.type,
          reference: entry.reference,
          amount_before_fees: formatCents(entry.amountCents),
          fee: formatCents(fee),
          amount_after_fees: formatCents(entry.amountCents - fee),
          status: entry.status ?? 'complete',
          balance_after: formatCents(entry.balanceAfterCents),
          payment_transaction_id: entry.paymentTransactionId ?? null,
          created_at: entry.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async settleEntry(paymentTransactionId, status, balanceAfterCents) {
      const result = await db
        .updateTable('ledger_entries')
        .set({ status, ...(balanceAfterCents !== undefined && { balance_after: formatCents(balanceAfterCents) }) })
        .where('payment_transaction_id', '=', paymentTransactionId)
        .where('type', '=', 'top-up')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async cancelStalePending(userId, before) {
      const stale = await db
        .updateTable('payment_transactions')
        .set({ status: 'cancelled' })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .returning('id')
        .execute();
      if (stale.length === 0) return 0;
      await db
        .updateTable('ledger_entries')
        .set({ status: 'cancelled' })
        .where('type', '=', 'top-up')
        .where(
          'payment_transaction_id',
          'in',
          stale.map((row) => row.id),
        )
        .execute();
      return stale.length;
    },

    async listLedger(userId, skip, take) {
      return db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(take)
        .execute();
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('paymentRepository', createPaymentRepository(app.db));
  },
  { name: 'payment-repository', dependencies: ['db'] },
);
