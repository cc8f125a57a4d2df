import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatCents, parseCents } from '@pod/shared-contracts/money';
import { isOwnOrigin, originOf } from '../sandbox-targets.js';
import { appendQuery, basicAuthorization, constantTimeEqual, isHttpUrl } from '../util.js';
import type { PaymentSandboxOptions } from './options.js';
import { renderDecision, renderHidden, renderProblem, renderPage, renderSummary, sendPage } from './page.js';
import { fieldsOf, formatMoney, randomId, text, type FormRequest } from './request-fields.js';

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
  if (value === null || value <= 0)
    return { field: '/purchase_units/@reference_id==default/amount/value', issue: 'INVALID_PARAMETER_VALUE' };
  const currency = amount.currency_code;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return { field: '/purchase_units/@reference_id==default/amount/currency_code', issue: 'INVALID_CURRENCY_CODE' };
  }
  const context = fieldsOf(fields.application_context);
  const returnUrl = context.return_url;
  const cancelUrl = context.cancel_url;
  if (typeof returnUrl !== 'string' || !isHttpUrl(returnUrl))
    return { field: '/application_context/return_url', issue: 'INVALID_PARAMETER_SYNTAX' };
  if (typeof cancelUrl !== 'string' || !isHttpUrl(cancelUrl))
    return { field: '/application_context/cancel_url', issue: 'INVALID_PARAMETER_SYNTAX' };
  for (const [name, url] of [
    ['return_url', returnUrl],
    ['cancel_url', cancelUrl],
  ] as const) {
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
  return renderPage(
    PAYPAL,
    `<h1>${PAYPAL}</h1>
<p class="note">A test approval: no PayPal account is needed and no money moves. The merchant captures the payment after you return.</p>
${renderSummary(rows)}
<form method="post" action="/sandbox/paypal/checkoutnow">
${renderHidden({ token: order.id })}
${renderDecision({ value: 'approve', label: 'Pay with PayPal' })}
</form>`,
  );
}

/** The origin the request was made to (scheme and Host), for the links PayPal answers. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** PayPal: orders, the approval page, and capture. */
export function registerPayPalSandbox(app: FastifyInstance, options: PaymentSandboxOptions): void {
  const { paypal, publicUrl, sessions } = options;
  // The order's status is the session's: every move is one conditional update (sessions.ts).
  const findOrder = async (id: string): Promise<PayPalOrder | undefined> => {
    const session = await sessions.get<Omit<PayPalOrder, 'id' | 'status'>>('paypal', 'order', id);
    return session && { ...session.state, id: session.id, status: session.status as PayPalOrder['status'] };
  };
  const moveOrder = async (
    order: PayPalOrder,
    to: PayPalOrder['status'],
    patch: Partial<PayPalOrder> = {},
  ): Promise<PayPalOrder | undefined> => {
    const moved = await sessions.advance<Omit<PayPalOrder, 'id' | 'status'>>('paypal', 'order', order.id, {
      from: order.status,
      to,
      patch,
    });
    return moved && { ...moved.state, id: moved.id, status: moved.status as PayPalOrder['status'] };
  };
  const paypalAuthorization = basicAuthorization(paypal.clientId, paypal.secret);

  const paypalAuthorized = (request: FastifyRequest) =>
    constantTimeEqual(request.headers.authorization ?? '', paypalAuthorization);

  app.post('/sandbox/paypal/v2/checkout/orders', async (request: FormRequest, reply) => {
    if (!paypalAuthorized(request)) return reply.code(401).send(PAYPAL_UNAUTHORIZED);
    const checked = checkPayPalOrder(request.body, publicUrl);
    if ('issue' in checked) {
      const error = paypalError(
        'INVALID_REQUEST',
        'The request is not well-formed or violates the schema.',
        checked.issue,
        checked.description ?? checked.field,
        checked.field,
      );
      return reply.code(400).send(error);
    }
    const order: PayPalOrder = { id: `SANDBOX-${randomId(6)}`, status: 'CREATED', ...checked.order };
    await sessions.create('paypal', 'order', { id: order.id, status: order.status, state: checked.order });
    const origin = requestOrigin(request);
    return reply.code(201).send({
      id: order.id,
      status: order.status,
      links: [
        { href: `${origin}/sandbox/paypal/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        {
          href: `${origin}/sandbox/paypal/checkoutnow?token=${encodeURIComponent(order.id)}`,
          rel: 'approve',
          method: 'GET',
        },
        { href: `${origin}/sandbox/paypal/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
      ],
    });
  });

  app.get(
    '/sandbox/paypal/v2/checkout/orders/:id',
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      if (!paypalAuthorized(request)) return reply.code(401).send(PAYPAL_UNAUTHORIZED);
      const order = await findOrder(request.params.id);
      if (!order)
        return reply
          .code(404)
          .send(paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID'));
      return reply.send({ id: order.id, status: order.status });
    },
  );

  app.get('/sandbox/paypal/checkoutnow', async (request: FormRequest, reply) => {
    const order = await findOrder(text(fieldsOf(request.query), 'token') ?? '');
    if (!order) return sendPage(reply, 404, renderProblem(PAYPAL, 'Unknown order', 'The sandbox knows no such order.'));
    if (order.status !== 'CREATED') {
      return sendPage(reply, 409, renderProblem(PAYPAL, 'Already approved', 'This order was already approved.'));
    }
    return sendPage(reply, 200, renderPayPalCheckout(order));
  });

  app.post('/sandbox/paypal/checkoutnow', async (request: FormRequest, reply) => {
    const form = fieldsOf(request.body);
    const order = await findOrder(text(form, 'token') ?? '');
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
    if (decision !== 'approve')
      return sendPage(reply, 400, renderProblem(PAYPAL, 'No decision', 'Choose Pay with PayPal or Cancel.'));
    if (!(await moveOrder(order, 'APPROVED'))) {
      return sendPage(reply, 409, renderProblem(PAYPAL, 'Already approved', 'This order was already approved.'));
    }
    // Like PayPal: the return URL gets the order id as `token` and the payer's id.
    return reply.redirect(
      appendQuery(order.returnUrl, { token: order.id, PayerID: `SANDBOXPAYER${randomId(2)}` }),
      303,
    );
  });

  app.post(
    '/sandbox/paypal/v2/checkout/orders/:id/capture',
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      if (!paypalAuthorized(request)) return reply.code(401).send(PAYPAL_UNAUTHORIZED);
      const order = await findOrder(request.params.id);
      if (!order) {
        return reply
          .code(404)
          .send(
            paypalError(
              'RESOURCE_NOT_FOUND',
              'The specified resource does not exist.',
              'INVALID_RESOURCE_ID',
              'No order has this id.',
            ),
          );
      }
      const unprocessable = 'The requested action could not be performed.';
      if (order.status === 'COMPLETED') {
        return reply
          .code(422)
          .send(
            paypalError(
              'UNPROCESSABLE_ENTITY',
              unprocessable,
              'ORDER_ALREADY_CAPTURED',
              'The order was already captured; an order is captured once.',
            ),
          );
      }
      if (order.status !== 'APPROVED') {
        return reply
          .code(422)
          .send(
            paypalError(
              'UNPROCESSABLE_ENTITY',
              unprocessable,
              'ORDER_NOT_APPROVED',
              'The payer has not approved the order yet.',
            ),
          );
      }
      const captured = await moveOrder(order, 'COMPLETED', { captureId: randomId(8) });
      if (!captured) {
        // Another capture, maybe on another instance, came first.
        return reply
          .code(422)
          .send(
            paypalError(
              'UNPROCESSABLE_ENTITY',
              unprocessable,
              'ORDER_ALREADY_CAPTURED',
              'The order was already captured; an order is captured once.',
            ),
          );
      }
      const amount = { currency_code: captured.currency, value: formatCents(captured.cents) };
      return reply.code(201).send({
        id: captured.id,
        status: captured.status,
        purchase_units: [
          {
            reference_id: captured.referenceId,
            payments: { captures: [{ id: captured.captureId, status: 'COMPLETED', amount }] },
          },
        ],
      });
    },
  );
}
