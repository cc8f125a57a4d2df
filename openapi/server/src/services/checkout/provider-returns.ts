import { chargedAsAsked } from '../../domain/checkout.js';
import { HttpProblem } from '../../errors.js';
import type { ServiceHandlers } from '../types.js';
import type { CheckoutContext } from './context.js';
import { TRANSACTION_NOT_FOUND_MESSAGE } from './messages.js';
import { fromProvider, ownTransactionOf, stateResult } from './provider-payments.js';

/** The ways back from a provider: polls, the success and cancel returns, the card popup's return. */
export function createProviderReturnHandlers(context: CheckoutContext) {
  const { app, config, settlement } = context;
  const { gateways } = app.payments;
  const { settle, endIfPending, creditProviderPayment } = settlement;
  const ownTransaction = ownTransactionOf(context);
  return {
    async postTransaction(request) {
      const payment = await ownTransaction(request.userId, request.body.transaction_ref.trim());
      return stateResult(await settle(payment));
    },

    async postTransactionPayfast(request) {
      const { ref, a, b } = request.params;
      if (request.body.transaction_ref !== ref)
        throw new HttpProblem(400, 'transaction_ref must equal the reference in the path', 'VALIDATION');
      const payment = await ownTransaction(request.userId, ref, b);
      if (payment.id !== a) throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
      return stateResult(await settle(payment));
    },

    /** The return to /checkout/success: captures a PayPal order, then settles. */
    async confirmCheckoutSuccess(request) {
      let payment = await ownTransaction(request.userId, request.body.reference, request.body.token);
      if (payment.provider === 'paypal' && payment.status !== 'complete' && payment.provider_order_id) {
        const orderId = payment.provider_order_id;
        const capture = await fromProvider(() => gateways.paypal.capture(orderId));
        if (
          capture &&
          capture.status === 'COMPLETED' &&
          capture.reference === payment.provider_reference &&
          chargedAsAsked(capture, payment)
        ) {
          payment = (await creditProviderPayment(payment.id, capture.id, config.now())).payment;
        } else if (capture) {
          request.log.warn({ reference: payment.provider_reference, status: capture.status }, 'PayPal capture refused');
        }
      }
      return stateResult(await settle(payment));
    },

    async confirmCheckoutCancelled(request) {
      const payment = await ownTransaction(request.userId, request.body.reference, request.body.token);
      return stateResult(await endIfPending(payment.id, 'cancelled'));
    },

    /** The dashboard return of the card popup: asks the card provider, then credits once. */
    async verifyCardPayment(request) {
      const txRef = request.body.tx_ref.trim();
      const payment = await app.paymentRepository.findByProviderReference(txRef);
      if (!payment || payment.user_id !== request.userId || payment.provider !== 'card') {
        throw new HttpProblem(404, TRANSACTION_NOT_FOUND_MESSAGE);
      }
      if (payment.status === 'complete') return stateResult(await settle(payment));
      const charge = await fromProvider(() => gateways.card.verify(txRef));
      if (!charge || charge.txRef !== txRef) {
        // The user closed the provider's window without paying: nothing to wait for.
        if (request.body.status?.trim().toLowerCase() === 'cancelled')
          return stateResult(await endIfPending(payment.id, 'cancelled'));
        return stateResult(payment);
      }
      if (charge.status === 'successful') {
        if (!chargedAsAsked(charge, payment)) {
          request.log.warn(
            { txRef, amount: charge.amount, currency: charge.currency },
            'card payment refused: amount differs',
          );
          return stateResult(payment);
        }
        return stateResult((await creditProviderPayment(payment.id, charge.id, config.now())).payment);
      }
      if (charge.status === 'failed') return stateResult(await endIfPending(payment.id, 'failed'));
      return stateResult(payment);
    },
  } satisfies ServiceHandlers;
}
