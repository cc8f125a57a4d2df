import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html.js';
import fp from 'fastify-plugin';
import { PAYFAST_FORM_FIELD_ORDER, payfastParamString, payfastSignature, pfEncode, type PayFastFormField } from './payfast.js';
import type { PayFastSettings, ProviderHttp } from './types.js';
import { isOwnNotifyUrl, isOwnOrigin, originOf } from './sandbox-targets.js';
import { formatCents, parseCents } from '@pod/shared-contracts/money';
import { appendQuery, basicAuthorization, constantTimeEqual, isHttpUrl, withQuery } from './util.js';

/**
 * The payment sandboxes: this server plays PayFast, a Flutterwave-like card provider and PayPal,
 * so the whole checkout works offline. Each has its browser pages (plain, accessible HTML with a
 * Pay and a Cancel button) and its server-to-server endpoints, at the paths the gateways expect
 * (payments/index.ts points the default settings here). State lives in memory: a restart forgets
 * every sandbox payment, like a provider that lost them, and the portal must cope.
 *
 * Not part of the API (no /api/v1 prefix); app.ts registers it unless PAYMENT_SANDBOX=off. It needs
 * @fastify/formbody for the browser forms and PayFast's server-to-server posts.
 */

export interface PaymentSandboxOptions {
  /** The merchant the PayFast sandbox accepts, and its passphrase. */
  payfast: PayFastSettings;
  card: { publicKey: string; secretKey: string };
  paypal: { clientId: string; secret: string };
  /** How the PayFast sandbox posts its ITN to the merchant's notify_url. */
  http: ProviderHttp;
  /**
   * This server's public URL (config.publicUrl): the only origin the sandboxes redirect to, and the
   * base of the only notify URL the PayFast sandbox posts to (sandbox-targets.ts).
   */
  publicUrl: string;
}

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * No script may run on a sandbox page and nothing is loaded from elsewhere. `form-action` is left
 * open on purpose: the forms post here, but the answer redirects to the merchant's return URL on
 * another origin, which browsers check against form-action too.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; line-height: 1.5; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #c9ced6; border-radius: .5rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .note { color: #4a5263; font-size: .95rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: .3rem; border: 1px solid #1d2330; background: #fff; color: #1d2330; cursor: pointer; }
  button[value="pay"], button[value="approve"] { background: #0b57d0; border-color: #0b57d0; color: #fff; }
  button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  [role="alert"] { border-left: 4px solid #b3261e; padding-left: .75rem; }
`;

/** A whole page; `content` is HTML whose interpolated values the caller escaped. */
function renderPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

/** A definition list of label/value rows, every value escaped. */
function renderSummary(rows: Array<[string, string]>): string {
  const items = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`);
  return `<dl>\n${items.join('\n')}\n</dl>`;
}

/** Hidden inputs, every name and value escaped. */
function renderHidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** The Pay/Cancel pair: two submit buttons of one form, the choice sent as `decision`. */
function renderDecision(pay: { value: string; label: string }): string {
  return `<div class="actions">
<button type="submit" name="decision" value="${escapeHtml(pay.value)}">${escapeHtml(pay.label)}</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>`;
}

/** The page for a refused or impossible request: the provider's heading and the problem. */
function renderProblem(provider: string, title: string, problem: string): string {
  return renderPage(`${provider}: ${title}`, `<h1>${escapeHtml(provider)}</h1>
<h2>${escapeHtml(title)}</h2>
<p role="alert">${escapeHtml(problem)}</p>`);
}

/** The page for an outcome without a way back to the merchant (no return URL was given). */
function renderOutcome(provider: string, title: string, message: string): string {
  return renderPage(`${provider}: ${title}`, `<h1>${escapeHtml(provider)}</h1>
<h2>${escapeHtml(title)}</h2>
<p role="status">${escapeHtml(message)}</p>`);
}

/**
 * Sends a page. The card checkout is shown in an iframe popup by the portal, so it may be framed;
 * the other pages may not.
 */
function sendPage(reply: FastifyReply, status: number, html: string, options: { framable?: boolean } = {}) {
  const policy = options.framable ? CONTENT_SECURITY_POLICY : `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

// ---------------------------------------------------------------------------------------------
// Request helpers

type Fields = Record<string, unknown>;

/** A parsed form, query or JSON body as a plain record ({} for anything else). */
function fieldsOf(value: unknown): Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

/** A single string field; undefined when absent or repeated (a repeated field parses as an array). */
function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' ? value : undefined;
}

/** Ids that stay unique across restarts: the clock in milliseconds, then counted up. */
function numericIds(): () => string {
  let last = Date.now();
  return () => {
    last = Math.max(last + 1, Date.now());
    return String(last);
  };
}

/** Upper-case hex, PayPal-id-like. */
function randomId(bytes: number): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

/** 'R 243.85' */
function formatRand(cents: number): string {
  return `R ${formatCents(cents)}`;
}

/** '12.50 USD' */
function formatMoney(cents: number, currency: string): string {
  return `${formatCents(cents)} ${currency}`;
}

// ---------------------------------------------------------------------------------------------
// PayFast

const PAYFAST = 'PayFast sandbox';

/** PayFast's sandbox fee: 2.3% of the gross amount, rounded half up to the cent. */
const PAYFAST_FEE_PER_MILLE = 23;

interface PayFastPayment {
  id: string;
  /** The checkout fields as posted (trimmed), the signature checked. */
  fields: Partial<Record<PayFastFormField, string>>;
  cents: number;
  /** Set by the first Pay or Cancel: a payment is decided once. */
  decided: boolean;
}

/**
 * Checks a posted checkout form as PayFast does: the merchant, the signature over the documented
 * fields in the documented order (fields beyond PAYFAST_FORM_FIELD_ORDER are not signed by this
 * portal and are ignored), the amount and the URLs. Answers the payment or the problem to show.
 */
function checkPayFastForm(
  form: Fields,
  settings: PayFastSettings,
  publicUrl: string,
): { payment: Omit<PayFastPayment, 'id' | 'decided'> } | { problem: string } {
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
    if (url !== undefined && url !== '' && !isHttpUrl(url)) return { problem: `The ${name} must be an absolute http(s) URL.` };
  }
  if (fields.notify_url && !isOwnNotifyUrl(fields.notify_url, publicUrl)) {
    return { problem: 'The notify_url must be this server’s own payment notification URL: the sandbox posts to nothing else.' };
  }
  for (const name of ['return_url', 'cancel_url'] as const) {
    const url = fields[name];
    if (url && !isOwnOrigin(url, publicUrl)) return { problem: `The ${name} must lead back to this server (${originOf(publicUrl)}).` };
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
  return renderPage(PAYFAST, `<h1>${PAYFAST}</h1>
<p class="note">A test payment: no money moves. Pay sends the merchant a signed payment notification (ITN) and returns you to the merchant; Cancel returns you without one.</p>
${renderSummary(rows)}
<form method="post" action="/sandbox/payfast/eng/process/complete">
${renderHidden({ id: payment.id })}
${renderDecision({ value: 'pay', label: 'Pay' })}
</form>`);
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

// ---------------------------------------------------------------------------------------------
// Card

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
function checkCardCheckout(fields: Fields, publicKey: string, publicUrl: string): { checkout: CardCheckout } | { problem: string } {
  const given = text(fields, 'public_key');
  if (given === undefined || given !== publicKey) return { problem: 'The public_key is not the sandbox merchant’s public key.' };
  const txRef = text(fields, 'tx_ref')?.trim() ?? '';
  if (txRef === '' || txRef.length > 100) return { problem: 'The tx_ref is required (at most 100 characters).' };
  const cents = parseCents(text(fields, 'amount') ?? '');
  if (cents === null || cents <= 0) return { problem: 'The amount must be a positive amount with at most 2 decimals.' };
  const currency = text(fields, 'currency')?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) return { problem: 'The currency must be a 3-letter code such as USD.' };
  const redirectUrl = text(fields, 'redirect_url')?.trim() ?? '';
  if (!isHttpUrl(redirectUrl)) return { problem: 'The redirect_url must be an absolute http(s) URL.' };
  if (!isOwnOrigin(redirectUrl, publicUrl)) return { problem: `The redirect_url must lead back to this server (${originOf(publicUrl)}).` };
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
  return renderPage(CARD, `<h1>${CARD}</h1>
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
</form>`);
}

// ---------------------------------------------------------------------------------------------
// PayPal

const PAYPAL = 'PayPal sandbox';

interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  description: string;
  cents: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
  captureId?: string;
}

/** The JSON error PayPal answers: a name, a message and the issues. */
function paypalError(name: string, message: string, issue?: string, description?: string, field?: string) {
  return { name, message, details: issue ? [{ ...(field && { field }), issue, description: description ?? '' }] : [] };
}

const PAYPAL_UNAUTHORIZED = paypalError(
  'AUTHENTICATION_FAILURE',
  'Authentication failed: send Basic authorization with the sandbox client id and secret.',
);

/** Checks a create-order body; answers the order's data or the field that is wrong. */
function checkPayPalOrder(
  body: unknown,
  publicUrl: string,
): { order: Omit<PayPalOrder, 'id' | 'status'> } | { field: string; issue: string; description?: string } {
  const fields = fieldsOf(body);
  if (fields.intent !== 'CAPTURE') return { field: '/intent', issue: 'INVALID_PARAMETER_VALUE' };
  const units = Array.isArray(fields.purchase_units) ? fields.purchase_units : [];
  if (units.length !== 1) return { field: '/purchase_units', issue: 'INVALID_ARRAY_LENGTH' };
  const unit = fieldsOf(units[0]);
  const amount = fieldsOf(unit.amount);
  const value = typeof amount.value === 'string' ? parseCents(amount.value) : null;
  if (value === null || value <= 0) return { field: '/purchase_units/@reference_id==default/amount/value', issue: 'INVALID_PARAMETER_VALUE' };
  const currency = amount.currency_code;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return { field: '/purchase_units/@reference_id==default/amount/currency_code', issue: 'INVALID_CURRENCY_CODE' };
  }
  const context = fieldsOf(fields.application_context);
  const returnUrl = context.return_url;
  const cancelUrl = context.cancel_url;
  if (typeof returnUrl !== 'string' || !isHttpUrl(returnUrl)) return { field: '/application_context/return_url', issue: 'INVALID_PARAMETER_SYNTAX' };
  if (typeof cancelUrl !== 'string' || !isHttpUrl(cancelUrl)) return { field: '/application_context/cancel_url', issue: 'INVALID_PARAMETER_SYNTAX' };
  for (const [name, url] of [['return_url', returnUrl], ['cancel_url', cancelUrl]] as const) {
    if (!isOwnOrigin(url, publicUrl)) {
      const description = `The ${name} must lead back to this server (${originOf(publicUrl)}).`;
      return { field: `/application_context/${name}`, issue: 'INVALID_PARAMETER_VALUE', description };
    }
  }
  return {
    order: {
      referenceId: typeof unit.reference_id === 'string' && unit.reference_id !== '' ? unit.reference_id : 'default',
      description: typeof unit.description === 'string' ? unit.description : '',
      cents: value,
      currency,
      returnUrl,
      cancelUrl,
    },
  };
}

function renderPayPalCheckout(order: PayPalOrder): string {
  const rows: Array<[string, string]> = [
    ['Amount', formatMoney(order.cents, order.currency)],
    ...(order.description ? [['Description', order.description] as [string, string]] : []),
    ['Order', order.id],
  ];
  return renderPage(PAYPAL, `<h1>${PAYPAL}</h1>
<p class="note">A test approval: no PayPal account is needed and no money moves. The merchant captures the payment after you return.</p>
${renderSummary(rows)}
<form method="post" action="/sandbox/paypal/checkoutnow">
${renderHidden({ token: order.id })}
${renderDecision({ value: 'approve', label: 'Pay with PayPal' })}
</form>`);
}

/** The origin the request was made to (scheme and Host), for the links PayPal answers. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

// ---------------------------------------------------------------------------------------------
// The plugin

type FormRequest = FastifyRequest<{ Body: unknown; Querystring: unknown }>;

export default fp<PaymentSandboxOptions>(
  async (app, options) => {
    const { payfast, card, paypal, http, publicUrl } = options;

    // PayFast: payments shown (by sandbox id) and the ITNs sent (as their validate strings).
    const payfastPayments = new Map<string, PayFastPayment>();
    const sentItns = new Set<string>();
    const nextPfPaymentId = numericIds();
    // Card: charges by tx_ref (one per reference).
    const cardCharges = new Map<string, CardCharge>();
    const nextChargeId = numericIds();
    // PayPal: orders by id.
    const paypalOrders = new Map<string, PayPalOrder>();
    const paypalAuthorization = basicAuthorization(paypal.clientId, paypal.secret);
    const cardAuthorization = `Bearer ${card.secretKey}`;

    // --- PayFast: the process page, the buyer's decision, and validation ---------------------

    app.post('/sandbox/payfast/eng/process', async (request: FormRequest, reply) => {
      const checked = checkPayFastForm(fieldsOf(request.body), payfast, publicUrl);
      if ('problem' in checked) return sendPage(reply, 400, renderProblem(PAYFAST, 'Payment refused', checked.problem));
      const payment: PayFastPayment = { id: randomUUID(), decided: false, ...checked.payment };
      payfastPayments.set(payment.id, payment);
      return sendPage(reply, 200, renderPayFastCheckout(payment));
    });

    app.post('/sandbox/payfast/eng/process/complete', async (request: FormRequest, reply) => {
      const form = fieldsOf(request.body);
      const payment = payfastPayments.get(text(form, 'id') ?? '');
      if (!payment) {
        return sendPage(reply, 404, renderProblem(PAYFAST, 'Unknown payment', 'The sandbox knows no such payment (it forgets them when the server restarts).'));
      }
      const decision = text(form, 'decision');
      if (decision !== 'pay' && decision !== 'cancel') {
        return sendPage(reply, 400, renderProblem(PAYFAST, 'No decision', 'Choose Pay or Cancel.'));
      }
      if (payment.decided) {
        return sendPage(reply, 409, renderProblem(PAYFAST, 'Already decided', 'This payment was already paid or cancelled.'));
      }
      payment.decided = true; // before any await: a second click cannot pay twice
      const { return_url: returnUrl, cancel_url: cancelUrl, notify_url: notifyUrl } = payment.fields;

      if (decision === 'cancel') {
        // PayFast sends no ITN for a cancelled payment.
        if (cancelUrl) return reply.redirect(cancelUrl, 303);
        return sendPage(reply, 200, renderOutcome(PAYFAST, 'Payment cancelled', 'The payment was cancelled. You may close this page.'));
      }

      const itn = payfastItn(payment, payfast.merchantId, nextPfPaymentId());
      // Remembered before it is sent: the merchant validates while the ITN is being delivered.
      sentItns.add(payfastParamString(itn, '', { asReceived: true }));
      if (notifyUrl) {
        const signature = payfastSignature(itn, payfast.passphrase, { asReceived: true });
        await postItn(http, request.log, notifyUrl, encodePairs([...itn, ['signature', signature]]));
      }
      if (returnUrl) return reply.redirect(returnUrl, 303);
      return sendPage(reply, 200, renderOutcome(PAYFAST, 'Payment complete', 'The payment is complete. You may close this page.'));
    });

    app.post('/sandbox/payfast/eng/query/validate', async (request: FormRequest, reply) => {
      // The pairs as posted, in order, without the signature: exactly an ITN this sandbox sent?
      const pairs: Array<[string, string]> = [];
      let wellFormed = true;
      for (const [name, value] of Object.entries(fieldsOf(request.body))) {
        if (typeof value !== 'string') wellFormed = false;
        else if (name !== 'signature') pairs.push([name, value]);
      }
      const valid = wellFormed && pairs.length > 0 && sentItns.has(payfastParamString(pairs, '', { asReceived: true }));
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(valid ? 'VALID' : 'INVALID');
    });

    // --- Card: the popup, the buyer's decision, and verify by reference ----------------------

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
      if (cardCharges.has(checkout.txRef)) {
        return sendPage(reply, 409, renderProblem(CARD, 'Already paid', 'A charge with this reference was already made.'), { framable: true });
      }
      const charge: CardCharge = {
        id: nextChargeId(),
        txRef: checkout.txRef,
        status: 'successful',
        cents: checkout.cents,
        currency: checkout.currency,
      };
      cardCharges.set(charge.txRef, charge);
      const target = withQuery(checkout.redirectUrl, { status: 'successful', tx_ref: charge.txRef, transaction_id: charge.id });
      return reply.redirect(target, 303);
    });

    app.get('/sandbox/card/v3/transactions/verify_by_reference', async (request: FormRequest, reply) => {
      reply.header('cache-control', 'no-store');
      if (!constantTimeEqual(request.headers.authorization ?? '', cardAuthorization)) {
        return reply.code(401).send({ status: 'error', message: 'Invalid authorization key', data: null });
      }
      const charge = cardCharges.get(text(fieldsOf(request.query), 'tx_ref') ?? '');
      if (!charge) return reply.code(404).send({ status: 'error', message: 'No transaction was found for this id', data: null });
      return reply.send({
        status: 'success',
        message: 'Transaction fetched successfully',
        data: {
          id: Number(charge.id),
          tx_ref: charge.txRef,
          status: charge.status,
          amount: charge.cents / 100,
          currency: charge.currency,
        },
      });
    });

    // --- PayPal: orders, the approval page, and capture ---------------------------------------

    const paypalAuthorized = (request: FastifyRequest) =>
      constantTimeEqual(request.headers.authorization ?? '', paypalAuthorization);

    app.post('/sandbox/paypal/v2/checkout/orders', async (request: FormRequest, reply) => {
      if (!paypalAuthorized(request)) return reply.code(401).send(PAYPAL_UNAUTHORIZED);
      const checked = checkPayPalOrder(request.body, publicUrl);
      if ('issue' in checked) {
        const error = paypalError('INVALID_REQUEST', 'The request is not well-formed or violates the schema.', checked.issue, checked.description ?? checked.field, checked.field);
        return reply.code(400).send(error);
      }
      const order: PayPalOrder = { id: `SANDBOX-${randomId(6)}`, status: 'CREATED', ...checked.order };
      paypalOrders.set(order.id, order);
      const origin = requestOrigin(request);
      return reply.code(201).send({
        id: order.id,
        status: order.status,
        links: [
          { href: `${origin}/sandbox/paypal/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
          { href: `${origin}/sandbox/paypal/checkoutnow?token=${encodeURIComponent(order.id)}`, rel: 'approve', method: 'GET' },
          { href: `${origin}/sandbox/paypal/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
        ],
      });
    });

    app.get('/sandbox/paypal/v2/checkout/orders/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      if (!paypalAuthorized(request)) return reply.code(401).send(PAYPAL_UNAUTHORIZED);
      const order = paypalOrders.get(request.params.id);
      if (!order) return reply.code(404).send(paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID'));
      return reply.send({ id: order.id, status: order.status });
    });

    app.get('/sandbox/paypal/checkoutnow', async (request: FormRequest, reply) => {
      const order = paypalOrders.get(text(fieldsOf(request.query), 'token') ?? '');
      if (!order) return sendPage(reply, 404, renderProblem(PAYPAL, 'Unknown order', 'The sandbox knows no such order.'));
      if (order.status !== 'CREATED') {
        return sendPage(reply, 409, renderProblem(PAYPAL, 'Already approved', 'This order was already approved.'));
      }
      return sendPage(reply, 200, renderPayPalCheckout(order));
    });

    app.post('/sandbox/paypal/checkoutnow', async (request: FormRequest, reply) => {
      const form = fieldsOf(request.body);
      const order = paypalOrders.get(text(form, 'token') ?? '');
      if (!order) return sendPage(reply, 404, renderProblem(PAYPAL, 'Unknown order', 'The sandbox knows no such order.'));
      if (order.status !== 'CREATED') {
        return sendPage(reply, 409, renderProblem(PAYPAL, 'Already approved', 'This order was already approved.'));
      }
      const decision = text(form, 'decision');
      if (decision === 'cancel') {
        // Like PayPal: the order stays CREATED (the buyer may still approve it) and the cancel
        // URL gets the order id as `token`.
        return reply.redirect(appendQuery(order.cancelUrl, { token: order.id }), 303);
      }
      if (decision !== 'approve') return sendPage(reply, 400, renderProblem(PAYPAL, 'No decision', 'Choose Pay with PayPal or Cancel.'));
      order.status = 'APPROVED';
      // Like PayPal: the return URL gets the order id as `token` and the payer's id.
      return reply.redirect(appendQuery(order.returnUrl, { token: order.id, PayerID: `SANDBOXPAYER${randomId(2)}` }), 303);
    });

    app.post('/sandbox/paypal/v2/checkout/orders/:id/capture', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      if (!paypalAuthorized(request)) return reply.code(401).send(PAYPAL_UNAUTHORIZED);
      const order = paypalOrders.get(request.params.id);
      if (!order) {
        return reply.code(404).send(paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'No order has this id.'));
      }
      const unprocessable = 'The requested action could not be performed.';
      if (order.status === 'COMPLETED') {
        return reply.code(422).send(paypalError('UNPROCESSABLE_ENTITY', unprocessable, 'ORDER_ALREADY_CAPTURED', 'The order was already captured; an order is captured once.'));
      }
      if (order.status !== 'APPROVED') {
        return reply.code(422).send(paypalError('UNPROCESSABLE_ENTITY', unprocessable, 'ORDER_NOT_APPROVED', 'The payer has not approved the order yet.'));
      }
      order.status = 'COMPLETED';
      order.captureId = randomId(8);
      const amount = { currency_code: order.currency, value: formatCents(order.cents) };
      return reply.code(201).send({
        id: order.id,
        status: order.status,
        purchase_units: [
          {
            reference_id: order.referenceId,
            payments: { captures: [{ id: order.captureId, status: 'COMPLETED', amount }] },
          },
        ],
      });
    });
  },
  { name: 'payment-sandbox', dependencies: ['@fastify/formbody'] },
);
