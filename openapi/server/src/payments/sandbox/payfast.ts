import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { formatCents, parseCents } from '@pod/shared-contracts/money';
import {
  PAYFAST_FORM_FIELD_ORDER,
  payfastParamString,
  payfastSignature,
  pfEncode,
  type PayFastFormField,
} from '../payfast.js';
import { isOwnNotifyUrl, isOwnOrigin, originOf } from '../sandbox-targets.js';
import type { PayFastSettings, ProviderHttp } from '../types.js';
import { constantTimeEqual, isHttpUrl } from '../util.js';
import type { PaymentSandboxOptions } from './options.js';
import {
  renderDecision,
  renderHidden,
  renderOutcome,
  renderProblem,
  renderPage,
  renderSummary,
  sendPage,
} from './page.js';
import { fieldsOf, formatRand, text, type Fields, type FormRequest } from './request-fields.js';

const PAYFAST = 'PayFast sandbox';

/** PayFast's sandbox fee: 2.3% of the gross amount, rounded half up to the cent. */
const PAYFAST_FEE_PER_MILLE = 23;

interface PayFastPayment {
  id: string;
  /** The checkout fields as posted (trimmed), the signature checked. */
  fields: Partial<Record<PayFastFormField, string>>;
  cents: number;
}

/** A payment's session status: 'open' until the first Pay or Cancel; a payment is decided once. */
type PaymentStatus = 'open' | 'paid' | 'cancelled';

/** The stored key of a sent ITN: its validate string can be long, its digest is not. */
const itnKey = (validateString: string) => createHash('sha256').update(validateString).digest('hex');

/**
 * Checks a posted checkout form as PayFast does: the merchant, the signature over the documented
 * fields in the documented order (fields beyond PAYFAST_FORM_FIELD_ORDER are not signed by this
 * portal and are ignored), the amount and the URLs. Answers the payment or the problem to show.
 */
function checkPayFastForm(
  form: Fields,
  settings: PayFastSettings,
  publicUrl: string,
): { payment: Omit<PayFastPayment, 'id'> } | { problem: string } {
  const fields: Partial<Record<PayFastFormField, string>> = {};
  const signed: Array<[string, string]> = [];
  for (const name of PAYFAST_FORM_FIELD_ORDER) {
    const value = form[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return { problem: `The field ${name} was sent more than once.` };
    fields[name] = value.trim();
    signed.push([name, value]);
  }
  if (fields.merchant_id !== settings.merchantId || fields.merchant_key !== settings.merchantKey) {
    return { problem: 'The merchant_id or merchant_key does not match the sandbox merchant.' };
  }
  const signature = text(form, 'signature')?.trim().toLowerCase();
  if (!signature) return { problem: 'The form has no signature.' };
  if (!constantTimeEqual(signature, payfastSignature(signed, settings.passphrase))) {
    return {
      problem:
        'Generated signature does not match submitted signature: check the field order, the URL encoding and the passphrase.',
    };
  }
  const cents = parseCents(fields.amount ?? '');
  if (cents === null || cents <= 0) {
    return { problem: 'The amount must be a positive amount in rand with at most 2 decimals, such as 243.85.' };
  }
  if (!fields.item_name) return { problem: 'The item_name is required.' };
  for (const name of ['return_url', 'cancel_url', 'notify_url'] as const) {
    const url = fields[name];
    if (url !== undefined && url !== '' && !isHttpUrl(url))
      return { problem: `The ${name} must be an absolute http(s) URL.` };
  }
  if (fields.notify_url && !isOwnNotifyUrl(fields.notify_url, publicUrl)) {
    return {
      problem: 'The notify_url must be this server’s own payment notification URL: the sandbox posts to nothing else.',
    };
  }
  for (const name of ['return_url', 'cancel_url'] as const) {
    const url = fields[name];
    if (url && !isOwnOrigin(url, publicUrl))
      return { problem: `The ${name} must lead back to this server (${originOf(publicUrl)}).` };
  }
  return { payment: { fields, cents } };
}

function renderPayFastCheckout(payment: PayFastPayment): string {
  const { fields } = payment;
  const buyer = [fields.name_first, fields.name_last].filter(Boolean).join(' ');
  const rows: Array<[string, string]> = [
    ['Merchant', fields.merchant_id ?? ''],
    ['Item', fields.item_name ?? ''],
    ...(fields.item_description ? [['Description', fields.item_description] as [string, string]] : []),
    ['Amount', formatRand(payment.cents)],
    ...(buyer ? [['Buyer', buyer] as [string, string]] : []),
    ['Buyer e-mail', fields.email_address ?? ''],
  ];
  return renderPage(
    PAYFAST,
    `<h1>${PAYFAST}</h1>
<p class="note">A test payment: no money moves. Pay sends the merchant a signed payment notification (ITN) and returns you to the merchant; Cancel returns you without one.</p>
${renderSummary(rows)}
<form method="post" action="/sandbox/payfast/eng/process/complete">
${renderHidden({ id: payment.id })}
${renderDecision({ value: 'pay', label: 'Pay' })}
</form>`,
  );
}

/** The ITN PayFast posts after a payment, in PayFast's order, without the signature. */
function payfastItn(payment: PayFastPayment, merchantId: string, pfPaymentId: string): Array<[string, string]> {
  const { fields, cents } = payment;
  const fee = Math.floor((cents * PAYFAST_FEE_PER_MILLE + 500) / 1000);
  return [
    ['m_payment_id', fields.m_payment_id ?? ''],
    ['pf_payment_id', pfPaymentId],
    ['payment_status', 'COMPLETE'],
    ['item_name', fields.item_name ?? ''],
    ['item_description', fields.item_description ?? ''],
    ['amount_gross', formatCents(cents)],
    ['amount_fee', formatCents(-fee)],
    ['amount_net', formatCents(cents - fee)],
    ['name_first', fields.name_first ?? ''],
    ['name_last', fields.name_last ?? ''],
    ['email_address', fields.email_address ?? ''],
    ['merchant_id', merchantId],
  ];
}

/** Form-encodes pairs as PayFast posts them. */
function encodePairs(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([name, value]) => `${name}=${pfEncode(value)}`).join('&');
}

/**
 * Posts the ITN to notify_url and waits for the answer, as PayFast does before showing the buyer
 * the return link. A failure is logged; the buyer still returns (PayFast would retry later; the
 * sandbox does not).
 */
async function postItn(http: ProviderHttp, log: FastifyBaseLogger, notifyUrl: string, body: string): Promise<void> {
  try {
    const response = await http(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (response.status < 200 || response.status >= 300) {
      log.warn({ notifyUrl, status: response.status }, 'payment sandbox: the ITN was not accepted');
    }
  } catch (err) {
    log.warn({ err, notifyUrl }, 'payment sandbox: the ITN could not be delivered');
  }
}

/** PayFast: the process page, the buyer's decision (which posts the ITN), and validation. */
export function registerPayFastSandbox(app: FastifyInstance, options: PaymentSandboxOptions): void {
  const { payfast, http, publicUrl, sessions } = options;

  app.post('/sandbox/payfast/eng/process', async (request: FormRequest, reply) => {
    const checked = checkPayFastForm(fieldsOf(request.body), payfast, publicUrl);
    if ('problem' in checked) return sendPage(reply, 400, renderProblem(PAYFAST, 'Payment refused', checked.problem));
    const payment: PayFastPayment = { id: randomUUID(), ...checked.payment };
    const { id, ...state } = payment;
    await sessions.create('payfast', 'payment', { id, status: 'open' satisfies PaymentStatus, state });
    return sendPage(reply, 200, renderPayFastCheckout(payment));
  });

  app.post('/sandbox/payfast/eng/process/complete', async (request: FormRequest, reply) => {
    const form = fieldsOf(request.body);
    const session = await sessions.get<Omit<PayFastPayment, 'id'>>('payfast', 'payment', text(form, 'id') ?? '');
    if (!session) {
      return sendPage(reply, 404, renderProblem(PAYFAST, 'Unknown payment', 'The sandbox knows no such payment.'));
    }
    const decision = text(form, 'decision');
    if (decision !== 'pay' && decision !== 'cancel') {
      return sendPage(reply, 400, renderProblem(PAYFAST, 'No decision', 'Choose Pay or Cancel.'));
    }
    // One conditional update decides: a second click, on this instance or another, finds it decided.
    const decided = await sessions.advance<Omit<PayFastPayment, 'id'>>('payfast', 'payment', session.id, {
      from: 'open' satisfies PaymentStatus,
      to: (decision === 'pay' ? 'paid' : 'cancelled') satisfies PaymentStatus,
    });
    if (!decided) {
      return sendPage(
        reply,
        409,
        renderProblem(PAYFAST, 'Already decided', 'This payment was already paid or cancelled.'),
      );
    }
    const payment: PayFastPayment = { id: decided.id, ...decided.state };
    const { return_url: returnUrl, cancel_url: cancelUrl, notify_url: notifyUrl } = payment.fields;

    if (decision === 'cancel') {
      // PayFast sends no ITN for a cancelled payment.
      if (cancelUrl) return reply.redirect(cancelUrl, 303);
      return sendPage(
        reply,
        200,
        renderOutcome(PAYFAST, 'Payment cancelled', 'The payment was cancelled. You may close this page.'),
      );
    }

    const itn = payfastItn(payment, payfast.merchantId, await sessions.nextNumber());
    // Remembered before it is sent: the merchant validates while the ITN is being delivered, and
    // maybe on another instance, or later from its job queue after this instance is gone.
    await sessions.create('payfast', 'itn', {
      id: itnKey(payfastParamString(itn, '', { asReceived: true })),
      status: 'sent',
      state: {},
    });
    if (notifyUrl) {
      const signature = payfastSignature(itn, payfast.passphrase, { asReceived: true });
      await postItn(http, request.log, notifyUrl, encodePairs([...itn, ['signature', signature]]));
    }
    if (returnUrl) return reply.redirect(returnUrl, 303);
    return sendPage(
      reply,
      200,
      renderOutcome(PAYFAST, 'Payment complete', 'The payment is complete. You may close this page.'),
    );
  });

  app.post('/sandbox/payfast/eng/query/validate', async (request: FormRequest, reply) => {
    // The pairs as posted, in order, without the signature: exactly an ITN this sandbox sent?
    const pairs: Array<[string, string]> = [];
    let wellFormed = true;
    for (const [name, value] of Object.entries(fieldsOf(request.body))) {
      if (typeof value !== 'string') wellFormed = false;
      else if (name !== 'signature') pairs.push([name, value]);
    }
    const valid =
      wellFormed &&
      pairs.length > 0 &&
      (await sessions.get('payfast', 'itn', itnKey(payfastParamString(pairs, '', { asReceived: true })))) !== undefined;
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(valid ? 'VALID' : 'INVALID');
  });
}
