import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { injectProviderHttp } from '../../src/payments/index.js';
import { createPayPalGateway } from '../../src/payments/paypal.js';
import { ProviderError } from '../../src/payments/provider-error.js';
import { basicAuthorization } from '../../src/payments/util.js';
import {
  assertPlainPage,
  buildSandboxApp,
  FORM_HEADERS,
  formBody,
  ORIGIN,
  paymentRequest,
  recordingHttp,
  unreachableHttp,
  type SandboxApp,
} from './payment-fixtures.js';

const usd = (reference: string) => paymentRequest({ reference, amount: '13.19', currency: 'USD' });

describe('PayPal sandbox', () => {
  let t: SandboxApp;
  let auth: Record<string, string>;

  before(async () => {
    t = await buildSandboxApp();
    auth = { authorization: basicAuthorization(t.settings.paypal.clientId, t.settings.paypal.secret) };
  });
  after(() => t.app.close());

  const approvalPage = (token: string) =>
    t.app.inject({ method: 'GET', url: `/sandbox/paypal/checkoutnow?token=${encodeURIComponent(token)}` });

  const decide = (token: string, decision: string) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/checkoutnow',
      headers: FORM_HEADERS,
      payload: formBody({ token, decision }),
    });

  const captureRaw = (id: string, headers: Record<string, string> = auth) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/paypal/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });

  it('creates an order (Basic auth) and answers the approval link for the request’s origin', async () => {
    const { orderId, form } = await t.gateways.paypal.createOrder(usd('TX-P1'));
    assert.match(orderId, /^SANDBOX-[0-9A-F]{12}$/);
    assert.deepEqual(form, {
      provider: 'paypal',
      method: 'GET',
      display: 'redirect',
      action: `${ORIGIN}/sandbox/paypal/checkoutnow`,
      fields: { token: orderId },
    });

    const raw = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/v2/checkout/orders',
      headers: { ...auth, host: 'pay.example.test:8443' },
      payload: {
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: 'TX-P1b', amount: { currency_code: 'USD', value: '1.00' } }],
        application_context: { return_url: `${ORIGIN}/ok`, cancel_url: `${ORIGIN}/no` },
      },
    });
    assert.equal(raw.statusCode, 201);
    const body = raw.json();
    assert.equal(body.status, 'CREATED');
    const approve = body.links.find((link: { rel: string }) => link.rel === 'approve');
    assert.equal(approve.href, `http://pay.example.test:8443/sandbox/paypal/checkoutnow?token=${body.id}`);
  });

  it('refuses to create without the right Basic credentials, or with a malformed order', async () => {
    const order = {
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'TX', amount: { currency_code: 'USD', value: '1.00' } }],
      application_context: { return_url: `${ORIGIN}/ok`, cancel_url: `${ORIGIN}/no` },
    };
    for (const headers of [{}, { authorization: basicAuthorization(t.settings.paypal.clientId, 'wrong') }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v2/checkout/orders',
        headers,
        payload: order,
      });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().name, 'AUTHENTICATION_FAILURE');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/v2/checkout/orders',
      headers: auth,
      payload: { ...order, purchase_units: [{ amount: { currency_code: 'USD', value: 'ten' } }] },
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().name, 'INVALID_REQUEST');

    const wrongSecret = createPayPalGateway({ ...t.settings.paypal, secret: 'wrong' }, injectProviderHttp(t.app));
    await assert.rejects(
      wrongSecret.createOrder(usd('TX-P0')),
      (err: unknown) => err instanceof ProviderError && err.status === 401,
    );
  });

  it('refuses to create an order whose return_url or cancel_url leaves this server’s origin (no open redirect)', async () => {
    for (const foreign of [
      'https://attacker.example/ok',
      'http://portal.example.test.attacker.example/ok',
      'https://portal.example.test/ok',
    ]) {
      for (const field of ['return_url', 'cancel_url'] as const) {
        const context = { return_url: `${ORIGIN}/ok`, cancel_url: `${ORIGIN}/no`, [field]: foreign };
        const response = await t.app.inject({
          method: 'POST',
          url: '/sandbox/paypal/v2/checkout/orders',
          headers: auth,
          payload: {
            intent: 'CAPTURE',
            purchase_units: [{ reference_id: 'TX-FOREIGN', amount: { currency_code: 'USD', value: '1.00' } }],
            application_context: context,
          },
        });
        assert.equal(response.statusCode, 400, `${field} ${foreign}`);
        assert.equal(response.json().details[0].field, `/application_context/${field}`);
        assert.match(response.json().details[0].description, /must lead back to this server/);
      }
    }
    await assert.rejects(
      t.gateways.paypal.createOrder(paymentRequest({ returnUrl: 'https://attacker.example/ok', currency: 'USD' })),
      ProviderError,
    );
  });

  it('shows the approval page; approving redirects to return_url with the token', async () => {
    const request = usd('TX-P2');
    const { orderId } = await t.gateways.paypal.createOrder(request);
    const page = await approvalPage(orderId);
    assert.equal(page.statusCode, 200);
    assertPlainPage(page.body, 'PayPal sandbox');
    assert.match(page.body, /<title>PayPal sandbox<\/title>/);
    assert.ok(page.body.includes('<dt>Amount</dt><dd>13.19 USD</dd>'), page.body);
    assert.match(page.body, /<form method="post" action="\/sandbox\/paypal\/checkoutnow">/);
    assert.match(page.body, /<button type="submit" name="decision" value="approve">Pay with PayPal<\/button>/);
    assert.match(page.body, /<button type="submit" name="decision" value="cancel">Cancel<\/button>/);

    // Capturing before approval is refused.
    const early = await captureRaw(orderId);
    assert.equal(early.statusCode, 422);
    assert.equal(early.json().name, 'UNPROCESSABLE_ENTITY');
    assert.equal(early.json().details[0].issue, 'ORDER_NOT_APPROVED');
    assert.equal(await t.gateways.paypal.capture(orderId), null);

    const response = await decide(orderId, 'approve');
    assert.equal(response.statusCode, 303);
    const location = new URL(String(response.headers.location));
    assert.equal(`${location.origin}${location.pathname}`, `${ORIGIN}/checkout/success`);
    assert.equal(location.searchParams.get('tref'), 'TX-7', 'the return URL keeps its own query');
    // Like PayPal, the order id is appended as `token`: the portal's own token stays first.
    assert.deepEqual(location.searchParams.getAll('token'), ['abc', orderId]);
    assert.ok(location.searchParams.get('PayerID'));

    // Approved: no second approval.
    assert.equal((await approvalPage(orderId)).statusCode, 409);
    assert.equal((await decide(orderId, 'approve')).statusCode, 409);

    // Captured once.
    const capture = await t.gateways.paypal.capture(orderId);
    assert.ok(capture);
    assert.match(capture.id, /^[0-9A-F]{16}$/);
    assert.deepEqual(
      { ...capture, id: 'x' },
      { id: 'x', status: 'COMPLETED', amount: '13.19', currency: 'USD', reference: 'TX-P2' },
    );
    assert.equal(await t.gateways.paypal.capture(orderId), null);
    const second = await captureRaw(orderId);
    assert.equal(second.statusCode, 422);
    assert.equal(second.json().details[0].issue, 'ORDER_ALREADY_CAPTURED');
  });

  it('cancelling redirects to cancel_url and leaves the order uncaptured', async () => {
    const request = usd('TX-P3');
    const { orderId } = await t.gateways.paypal.createOrder(request);
    const response = await decide(orderId, 'cancel');
    assert.equal(response.statusCode, 303);
    const location = new URL(String(response.headers.location));
    assert.equal(`${location.origin}${location.pathname}`, `${ORIGIN}/checkout/cancelled`);
    assert.deepEqual(location.searchParams.getAll('token'), ['abc', orderId]);
    assert.equal(await t.gateways.paypal.capture(orderId), null);
  });

  it('answers 404 for an unknown order, and requires Basic auth to capture', async () => {
    const unknown = await captureRaw('SANDBOX-NONE');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().name, 'RESOURCE_NOT_FOUND');
    assert.equal(await t.gateways.paypal.capture('SANDBOX-NONE'), null);
    assert.equal((await approvalPage('SANDBOX-NONE')).statusCode, 404);
    assert.equal((await decide('SANDBOX-NONE', 'approve')).statusCode, 404);

    const { orderId } = await t.gateways.paypal.createOrder(usd('TX-P4'));
    await decide(orderId, 'approve');
    assert.equal((await captureRaw(orderId, {})).statusCode, 401);
    assert.equal((await captureRaw(orderId, { authorization: 'Bearer token' })).statusCode, 401);
    assert.equal(
      (await t.gateways.paypal.capture(orderId))?.status,
      'COMPLETED',
      'still capturable with the right credentials',
    );
  });
});

describe('PayPal gateway', () => {
  const settings = { apiBase: 'https://paypal.test/', clientId: 'id', secret: 's3cret' };

  it('creates the order with Basic auth and the documented body; splits the approval link', async () => {
    const { http, calls } = recordingHttp(() => ({
      status: 201,
      body: JSON.stringify({
        id: 'ORDER1',
        status: 'CREATED',
        links: [
          { rel: 'self', href: 'https://paypal.test/v2/checkout/orders/ORDER1' },
          { rel: 'approve', href: 'https://www.paypal.test/checkoutnow?token=ORDER1&locale=en_ZA' },
        ],
      }),
    }));
    const request = usd('TX-G1');
    const { orderId, form } = await createPayPalGateway(settings, http).createOrder(request);
    assert.equal(orderId, 'ORDER1');
    assert.deepEqual(form, {
      provider: 'paypal',
      method: 'GET',
      display: 'redirect',
      action: 'https://www.paypal.test/checkoutnow',
      fields: { token: 'ORDER1', locale: 'en_ZA' },
    });
    const [call] = calls as [(typeof calls)[0]];
    assert.equal(call.url, 'https://paypal.test/v2/checkout/orders');
    assert.equal(call.method, 'POST');
    assert.equal(call.headers.authorization, `Basic ${Buffer.from('id:s3cret').toString('base64')}`);
    assert.equal(call.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(call.body ?? ''), {
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: 'TX-G1', description: '2 books (paperback)', amount: { currency_code: 'USD', value: '13.19' } },
      ],
      application_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl },
    });
  });

  it('throws a ProviderError when the order cannot be created', async () => {
    for (const http of [
      unreachableHttp,
      recordingHttp(() => ({ status: 500, body: '{}' })).http,
      recordingHttp(() => ({ status: 201, body: '{"id":"X","links":[]}' })).http,
    ]) {
      await assert.rejects(createPayPalGateway(settings, http).createOrder(usd('TX')), ProviderError);
    }
  });

  it('captures: null on 404/422, throws on a network failure or 5xx', async () => {
    const { http, calls } = recordingHttp(() => ({ status: 422, body: '{"name":"UNPROCESSABLE_ENTITY"}' }));
    assert.equal(await createPayPalGateway(settings, http).capture('A/B'), null);
    assert.equal(calls[0]?.url, 'https://paypal.test/v2/checkout/orders/A%2FB/capture');
    assert.equal(
      await createPayPalGateway(settings, recordingHttp(() => ({ status: 404, body: '{}' })).http).capture('X'),
      null,
    );
    for (const http of [unreachableHttp, recordingHttp(() => ({ status: 503, body: '' })).http]) {
      await assert.rejects(createPayPalGateway(settings, http).capture('X'), ProviderError);
    }
  });
});
