import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatCents, toCents } from '@pod/shared-contracts/money';
import { normaliseIds, planBalancePayment, providerCharge } from '../../domain/checkout.js';
import { HttpProblem } from '../../errors.js';
import { ProviderError } from '../../payments/provider-error.js';
import type { PaymentRequest, ProviderForm } from '../../payments/types.js';
import { DuplicatePaymentError } from '../../plugins/app/payment-repository.js';
import type { PaymentTransactionRow } from '../../plugins/external/db-schema.js';
import type { ServiceHandlers } from '../types.js';
import { cartOf, selectItems } from './cart.js';
import { money, type CheckoutContext } from './context.js';
import {
  NOTHING_TO_PAY_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  REFERENCE_USED_MESSAGE,
  TRANSACTION_NOT_FOUND_MESSAGE,
} from './messages.js';

/** A provider call; a provider that cannot be asked is a retryable 502 (nothing was credited). */
export async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderError) throw new HttpProblem(502, PROVIDER_UNAVAILABLE_MESSAGE, 'PROVIDER_UNAVAILABLE');
    throw err;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(token: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** portal.yaml TransactionState. */
function toState(row: PaymentTransactionRow) {
  return {
    id: row.id,
    transaction_ref: row.reference,
    status: row.status,
    amount: money(row.amount),
    provider: row.provider,
    provider_amount: money(row.provider_amount),
    provider_currency: row.provider_currency,
    cart_paid: row.cart_paid,
    created_at: row.created_at.toISOString(),
  };
}

export const stateResult = (row: PaymentTransactionRow) => ({ statusCode: 0, result: toState(row) });

/** The user's provider payment by reference (and return token when given); 404 otherwise. */
export function ownTransactionOf({ app }: CheckoutContext) {
  return async (userId: number, reference: string, token?: string) => {
    const payment = await app.paymentRepository.findByReference(userId, reference);
    if (
      !payment ||
      payment.provider === 'balance' ||
      (token !== undefined && !sameHash(token, payment.return_token_hash))
    ) {
      throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
    }
    return payment;
  };
}

/** createTransaction: a provider payment for the shortfall of the named cart items. */
export function createProviderPaymentHandlers({ app, config, coupons, activeUser }: CheckoutContext) {
  const { cartRepository, paymentRepository, unitOfWork } = app;
  const { gateways, settings } = app.payments;
  return {
    async createTransaction(request, reply) {
      const userId = request.userId;
      const body = request.body;
      const reference = body.transaction_ref.trim();
      if (reference === '') throw new HttpProblem(400, 'A transaction reference is required', 'VALIDATION');
      const provider = body.provider ?? 'eft';
      const user = await activeUser(userId);
      if (await paymentRepository.findByReference(userId, reference))
        throw new HttpProblem(409, REFERENCE_USED_MESSAGE);

      const items = selectItems(
        await cartRepository.listWithBooks(userId),
        normaliseIds(body.user_book_id),
        normaliseIds(body.user_international_book_id),
      );
      const coupon = await coupons.cartCoupon(body.coupon_id, userId);
      const plan = planBalancePayment(items, coupon, toCents(user.balance));
      if (plan.payable) throw new HttpProblem(409, NOTHING_TO_PAY_MESSAGE);
      const amountCents = plan.shortfallCents;

      const { currency, providerAmountCents } = providerCharge(provider, amountCents, settings.usdZarRate);
      const returnToken = randomBytes(24).toString('base64url');
      let payment: PaymentTransactionRow;
      try {
        // The attempt and its ledger row ('pending', balance unchanged) are recorded together.
        payment = await unitOfWork.run(async (repos) => {
          const created = await repos.payments.create({
            userId,
            reference,
            providerReference: `POD-${randomUUID()}`,
            provider,
            status: 'pending',
            amountCents,
            providerAmountCents,
            providerCurrency: currency,
            returnTokenHash: hashToken(returnToken),
            cart: cartOf(items, coupon?.couponId ?? null),
          });
          await repos.payments.record({
            userId,
            type: 'top-up',
            reference,
            amountCents,
            balanceAfterCents: toCents(user.balance),
            status: 'pending',
            paymentTransactionId: created.id,
            at: created.created_at,
          });
          return created;
        });
      } catch (err) {
        if (err instanceof DuplicatePaymentError) throw new HttpProblem(409, REFERENCE_USED_MESSAGE);
        throw err;
      }

      const query = (page: string) =>
        `${config.publicUrl}/checkout/${page}?${new URLSearchParams({ token: returnToken, id: String(payment.id), tref: reference })}`;
      const titles = items.map((item) => item.local_book_name ?? item.international_book_name ?? 'Book').join(', ');
      const paymentRequest: PaymentRequest = {
        reference: payment.provider_reference,
        transactionId: payment.id,
        amount: formatCents(providerAmountCents),
        currency,
        itemName: 'Book processing',
        itemDescription: `Processing: ${titles}`.slice(0, 255),
        customer: { firstName: user.name_first, lastName: user.name_last, email: user.email },
        returnUrl: query('success'),
        cancelUrl: query('cancelled'),
        notifyUrl: `${config.publicUrl}/api/v1/payment/payfast/notify`,
      };

      let form: ProviderForm;
      if (provider === 'eft') form = gateways.eft.buildForm(paymentRequest);
      else if (provider === 'card')
        form = gateways.card.buildPopup({ ...paymentRequest, redirectUrl: `${config.publicUrl}/dashboard` });
      else {
        const order = await fromProvider(() => gateways.paypal.createOrder(paymentRequest));
        payment = await paymentRepository.update(payment.id, { providerOrderId: order.orderId });
        form = order.form;
      }
      reply.code(201);
      return { statusCode: 0, result: toState(payment), payment: form };
    },
  } satisfies ServiceHandlers;
}
