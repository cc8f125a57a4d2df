import type { FastifyInstance } from 'fastify';
import { formatCents, fromCents, parseCents } from '@pod/shared-contracts/money';
import { isOwnOrigin, originOf } from '../sandbox-targets.js';
import { constantTimeEqual, isHttpUrl, withQuery } from '../util.js';
import type { PaymentSandboxOptions } from './options.js';
import { renderDecision, renderHidden, renderProblem, renderPage, renderSummary, sendPage } from './page.js';
import { fieldsOf, text, type Fields, type FormRequest } from './request-fields.js';

const CARD = 'Card payment sandbox';

interface CardCheckout {
  publicKey: string;
  txRef: string;
  cents: number;
  currency: string;
  customerEmail: string;
  customerName: string;
  redirectUrl: string;
}

interface CardCharge {
  id: string;
  txRef: string;
  status: 'successful';
  cents: number;
  currency: string;
}

/** Checks the popup's query (or the posted copy of it); answers the checkout or the problem to show. */
function checkCardCheckout(
  fields: Fields,
  publicKey: string,
  publicUrl: string,
): { checkout: CardCheckout } | { problem: string } {
  const given = text(fields, 'public_key');
  if (given === undefined || given !== publicKey)
    return { problem: 'The public_key is not the sandbox merchant’s public key.' };
  const txRef = text(fields, 'tx_ref')?.trim() ?? '';
  if (txRef === '' || txRef.length > 100) return { problem: 'The tx_ref is required (at most 100 characters).' };
  const cents = parseCents(text(fields, 'amount') ?? '');
  if (cents === null || cents <= 0) return { problem: 'The amount must be a positive amount with at most 2 decimals.' };
  const currency = text(fields, 'currency')?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) return { problem: 'The currency must be a 3-letter code such as USD.' };
  const redirectUrl = text(fields, 'redirect_url')?.trim() ?? '';
  if (!isHttpUrl(redirectUrl)) return { problem: 'The redirect_url must be an absolute http(s) URL.' };
  if (!isOwnOrigin(redirectUrl, publicUrl))
    return { problem: `The redirect_url must lead back to this server (${originOf(publicUrl)}).` };
  return {
    checkout: {
      publicKey: given,
      txRef,
      cents,
      currency,
      customerEmail: text(fields, 'customer_email')?.trim() ?? '',
      customerName: text(fields, 'customer_name')?.trim() ?? '',
      redirectUrl,
    },
  };
}

function renderCardCheckout(checkout: CardCheckout): string {
  const rows: Array<[string, string]> = [
    ['Amount', formatCents(checkout.cents)],
    ['Currency', checkout.currency],
    ['Customer', [checkout.customerName, checkout.customerEmail].filter(Boolean).join(', ')],
    ['Reference', checkout.txRef],
  ];
  // target="_top": the portal shows this page in an iframe popup; the answer replaces the portal page.
  return renderPage(
    CARD,
    `<h1>${CARD}</h1>
<p class="note">Test card 4242 4242 4242 4242, any future expiry date, any CVV: no card is charged. Pay records a successful charge the merchant can verify; Cancel records nothing.</p>
${renderSummary(rows)}
<form method="post" action="/sandbox/card/checkout" target="_top">
${renderHidden({
  public_key: checkout.publicKey,
  tx_ref: checkout.txRef,
  amount: formatCents(checkout.cents),
  currency: checkout.currency,
  customer_email: checkout.customerEmail,
  customer_name: checkout.customerName,
  redirect_url: checkout.redirectUrl,
})}
${renderDecision({ value: 'pay', label: 'Pay' })}
</form>`,
  );
}

/** Card: the popup, the buyer's decision, and verify by reference. */
export function registerCardSandbox(app: FastifyInstance, options: PaymentSandboxOptions): void {
  const { card, publicUrl, sessions } = options;
  const cardAuthorization = `Bearer ${card.secretKey}`;

  app.get('/sandbox/card/checkout', async (request: FormRequest, reply) => {
    const checked = checkCardCheckout(fieldsOf(request.query), card.publicKey, publicUrl);
    if ('problem' in checked) {
      return sendPage(reply, 400, renderProblem(CARD, 'Payment refused', checked.problem), { framable: true });
    }
    return sendPage(reply, 200, renderCardCheckout(checked.checkout), { framable: true });
  });

  app.post('/sandbox/card/checkout', async (request: FormRequest, reply) => {
    const form = fieldsOf(request.body);
    const checked = checkCardCheckout(form, card.publicKey, publicUrl);
    if ('problem' in checked) {
      return sendPage(reply, 400, renderProblem(CARD, 'Payment refused', checked.problem), { framable: true });
    }
    const { checkout } = checked;
    const decision = text(form, 'decision');
    if (decision === 'cancel') {
      // Nothing is recorded: verifying the reference answers "not found".
      return reply.redirect(withQuery(checkout.redirectUrl, { status: 'cancelled', tx_ref: checkout.txRef }), 303);
    }
    if (decision !== 'pay') {
      return sendPage(reply, 400, renderProblem(CARD, 'No decision', 'Choose Pay or Cancel.'), { framable: true });
    }
    const charge: CardCharge = {
      id: await sessions.nextNumber(),
      txRef: checkout.txRef,
      status: 'successful',
      cents: checkout.cents,
      currency: checkout.currency,
    };
    // Keyed by tx_ref, first insert wins: one charge per reference even across instances.
    if (!(await sessions.create('card', 'charge', { id: charge.txRef, status: charge.status, state: charge }))) {
      return sendPage(
        reply,
        409,
        renderProblem(CARD, 'Already paid', 'A charge with this reference was already made.'),
        { framable: true },
      );
    }
    const target = withQuery(checkout.redirectUrl, {
      status: 'successful',
      tx_ref: charge.txRef,
      transaction_id: charge.id,
    });
    return reply.redirect(target, 303);
  });

  app.get('/sandbox/card/v3/transactions/verify_by_reference', async (request: FormRequest, reply) => {
    reply.header('cache-control', 'no-store');
    if (!constantTimeEqual(request.headers.authorization ?? '', cardAuthorization)) {
      return reply.code(401).send({ status: 'error', message: 'Invalid authorization key', data: null });
    }
    const charge = (await sessions.get<CardCharge>('card', 'charge', text(fieldsOf(request.query), 'tx_ref') ?? ''))
      ?.state;
    if (!charge)
      return reply.code(404).send({ status: 'error', message: 'No transaction was found for this id', data: null });
    return reply.send({
      status: 'success',
      message: 'Transaction fetched successfully',
      data: {
        id: Number(charge.id),
        tx_ref: charge.txRef,
        status: charge.status,
        amount: fromCents(charge.cents),
        currency: charge.currency,
      },
    });
  });
}
