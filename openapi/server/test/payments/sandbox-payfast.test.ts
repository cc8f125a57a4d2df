import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { createPaymentGateways, injectProviderHttp, loadPaymentSettings } from '../../src/payments/index.js';
import { createPayFastGateway, payfastSignature } from '../../src/payments/payfast.js';
import sandbox from '../../src/payments/sandbox/index.js';
import type { ProviderForm } from '../../src/payments/types.js';
import {
  assertPlainPage,
  buildSandboxApp,
  FORM_HEADERS,
  formBody,
  hiddenValue,
  ORIGIN,
  parseFormPairs,
  pathOf,
  paymentRequest,
  recordingHttp,
  sandboxSessionsFor,
  type SandboxApp,
} from './payment-fixtures.js';

describe('PayFast sandbox', () => {
  let t: SandboxApp;

  before(async () => {
    t = await buildSandboxApp();
  });
  after(() => t.app.close());

  /** Posts a provider form to the process page, as the browser does. */
  const process = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/payfast/eng/process',
      headers: FORM_HEADERS,
      payload: formBody(fields),
    });

  const complete = (id: string, decision: string) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/payfast/eng/process/complete',
      headers: FORM_HEADERS,
      payload: formBody({ id, decision }),
    });

  /** Starts a payment through the gateway's form and answers the sandbox payment id of its page. */
  async function startPayment(form: ProviderForm = t.gateways.eft.buildForm(paymentRequest())): Promise<string> {
    assert.equal(pathOf(form.action), '/sandbox/payfast/eng/process');
    const response = await process(form.fields);
    assert.equal(response.statusCode, 200, response.body);
    return hiddenValue(response.body, 'id');
  }

  const lastItn = () => t.itnCalls.at(-1)!;

  it('shows the payment for a valid signed form, as a plain accessible page', async () => {
    const response = await process(t.gateways.eft.buildForm(paymentRequest()).fields);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
    assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
    const html = response.body;
    assertPlainPage(html, 'PayFast sandbox');
    assert.match(html, /<title>PayFast sandbox<\/title>/);
    assert.ok(html.includes('<dt>Merchant</dt><dd>10000100</dd>'), html);
    assert.ok(html.includes('<dt>Item</dt><dd>Print order #7</dd>'), html);
    assert.ok(html.includes('<dt>Amount</dt><dd>R 243.85</dd>'), html);
    assert.ok(html.includes('<dt>Buyer e-mail</dt><dd>lerato@example.test</dd>'), html);
    assert.match(html, /<form method="post" action="\/sandbox\/payfast\/eng\/process\/complete">/);
    assert.match(html, /<button type="submit" name="decision" value="pay">Pay<\/button>/);
    assert.match(html, /<button type="submit" name="decision" value="cancel">Cancel<\/button>/);
    assert.match(hiddenValue(html, 'id'), /^[0-9a-f-]{36}$/);
  });

  it('escapes every value it shows', async () => {
    const form = t.gateways.eft.buildForm(paymentRequest({ itemName: '<script>alert(1)</script> & "more"' }));
    const html = (await process(form.fields)).body;
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;'), html);
    assertPlainPage(html, 'PayFast sandbox');
  });

  it('refuses a bad signature, another merchant or a missing signature with a 400 page naming the problem', async () => {
    const { fields } = t.gateways.eft.buildForm(paymentRequest());
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...fields, amount: '1.00' }, /signature does not match/],
      [{ ...fields, signature: 'f'.repeat(32) }, /signature does not match/],
      [{ ...fields, merchant_key: 'wrong' }, /merchant_id or merchant_key does not match/],
      [Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'signature')), /no signature/],
    ];
    for (const [body, problem] of cases) {
      const response = await process(body);
      assert.equal(response.statusCode, 400, response.body);
      assertPlainPage(response.body, 'PayFast sandbox');
      assert.match(response.body, /<p role="alert">/);
      assert.match(response.body, problem);
    }
    // Signed with another passphrase.
    const other = createPayFastGateway({ ...t.settings.payfast, passphrase: 'another' }, recordingHttp().http);
    const response = await process(other.buildForm(paymentRequest()).fields);
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /signature does not match/);
  });

  it('refuses a notify_url other than this server’s own with a 400 page, and never posts to it', async () => {
    const before = t.itnCalls.length;
    for (const notifyUrl of [
      'https://attacker.example/collect',
      `${ORIGIN}/api/v1/payment/payfast/notify/../../other`,
      `${ORIGIN}/api/v1/other`,
      'http://portal.example.test.attacker.example/api/v1/payment/payfast/notify',
      'https://portal.example.test/api/v1/payment/payfast/notify',
    ]) {
      // Correctly signed with the merchant's passphrase: only the URL is wrong.
      const response = await process(t.gateways.eft.buildForm(paymentRequest({ notifyUrl })).fields);
      assert.equal(response.statusCode, 400, notifyUrl);
      assertPlainPage(response.body, 'PayFast sandbox');
      assert.match(response.body, /<p role="alert">The notify_url must be this server’s own/);
      assert.doesNotMatch(response.body, /name="id"/, 'no payment to complete');
    }
    assert.equal(t.itnCalls.length, before, 'nothing posted anywhere');
  });

  it('refuses a return_url or cancel_url off this server’s origin with a 400 page (no open redirect)', async () => {
    const foreign = [
      'https://attacker.example/phish',
      'http://portal.example.test.attacker.example/',
      'https://portal.example.test/checkout',
      'http://portal.example.test:8443/',
    ];
    for (const url of foreign) {
      for (const field of ['returnUrl', 'cancelUrl'] as const) {
        const response = await process(t.gateways.eft.buildForm(paymentRequest({ [field]: url })).fields);
        assert.equal(response.statusCode, 400, `${field} ${url}`);
        assertPlainPage(response.body, 'PayFast sandbox');
        assert.match(response.body, /must lead back to this server/);
      }
    }
  });

  it('Pay posts a correctly signed ITN to notify_url, then 303s to return_url', async () => {
    const request = paymentRequest({ reference: 'TX-PAY' });
    const id = await startPayment(t.gateways.eft.buildForm(request));
    const before = t.itnCalls.length;
    const response = await complete(id, 'pay');
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, request.returnUrl);

    assert.equal(t.itnCalls.length, before + 1);
    const call = lastItn();
    assert.equal(call.url, request.notifyUrl);
    assert.equal(call.method, 'POST');
    assert.equal(call.headers['content-type'], 'application/x-www-form-urlencoded');
    const pairs = parseFormPairs(call.body ?? '');
    assert.deepEqual(
      pairs.map(([name]) => name),
      [
        'm_payment_id',
        'pf_payment_id',
        'payment_status',
        'item_name',
        'item_description',
        'amount_gross',
        'amount_fee',
        'amount_net',
        'name_first',
        'name_last',
        'email_address',
        'merchant_id',
        'signature',
      ],
    );
    const itn = Object.fromEntries(pairs);
    assert.equal(itn.m_payment_id, 'TX-PAY');
    assert.match(itn.pf_payment_id ?? '', /^\d+$/);
    assert.equal(itn.payment_status, 'COMPLETE');
    assert.equal(itn.item_name, 'Print order #7');
    assert.equal(itn.amount_gross, '243.85');
    assert.equal(itn.amount_fee, '-5.61');
    assert.equal(itn.amount_net, '238.24');
    assert.equal(itn.email_address, 'lerato@example.test');
    assert.equal(itn.merchant_id, '10000100');
    assert.equal(itn.signature, payfastSignature(pairs, 'jt7NOE43FZPn', { asReceived: true }));
    assert.equal(t.gateways.eft.verifySignature(pairs), true);

    // The sandbox's validation knows what it sent, and only that.
    assert.equal(await t.gateways.eft.validate(pairs), true);
    const altered = pairs.map(([name, value]): [string, string] => [name, name === 'amount_gross' ? '999.00' : value]);
    assert.equal(await t.gateways.eft.validate(altered), false);
    assert.equal(await t.gateways.eft.validate(pairs.filter(([name]) => name !== 'item_description')), false);
    assert.equal(await t.gateways.eft.validate([...pairs.slice(1, -1), pairs[0]!]), false, 'order matters');
    assert.equal(t.gateways.eft.verifySignature(altered), false);

    // Another payment gets another pf_payment_id.
    await complete(await startPayment(), 'pay');
    assert.notEqual(Object.fromEntries(parseFormPairs(lastItn().body ?? '')).pf_payment_id, itn.pf_payment_id);
  });

  it('validate answers text/plain VALID or INVALID to the raw form post', async () => {
    await complete(await startPayment(), 'pay');
    const pairs = parseFormPairs(lastItn().body ?? '');
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/sandbox/payfast/eng/query/validate', headers: FORM_HEADERS, payload });
    const withoutSignature = pairs.filter(([name]) => name !== 'signature');
    const valid = await post(formBody(withoutSignature));
    assert.equal(valid.statusCode, 200);
    assert.match(String(valid.headers['content-type']), /^text\/plain/);
    assert.equal(valid.body, 'VALID');
    assert.equal((await post(lastItn().body ?? '')).body, 'VALID', 'with the signature too');
    assert.equal((await post(formBody([...withoutSignature, ['extra', '1']]))).body, 'INVALID');
    assert.equal((await post('')).body, 'INVALID');
    assert.equal((await post('merchant_id=10000100')).body, 'INVALID');
  });

  it('Cancel sends no ITN and 303s to cancel_url; a second decision is 409, an unknown id 404', async () => {
    const request = paymentRequest();
    const id = await startPayment(t.gateways.eft.buildForm(request));
    const before = t.itnCalls.length;
    const response = await complete(id, 'cancel');
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, request.cancelUrl);
    assert.equal(t.itnCalls.length, before, 'no ITN for a cancelled payment');

    for (const decision of ['pay', 'cancel']) {
      const again = await complete(id, decision);
      assert.equal(again.statusCode, 409);
      assertPlainPage(again.body, 'PayFast sandbox');
    }
    assert.equal(t.itnCalls.length, before);

    const unknown = await complete('00000000-0000-0000-0000-000000000000', 'pay');
    assert.equal(unknown.statusCode, 404);
    assertPlainPage(unknown.body, 'PayFast sandbox');
    assert.equal((await complete(await startPayment(), 'maybe')).statusCode, 400);
  });

  it('still returns the buyer when the ITN cannot be delivered', async () => {
    const failing = await buildSandboxApp({ itnHttp: recordingHttp(() => ({ status: 500, body: 'oops' })).http });
    const unreachable = await buildSandboxApp({
      itnHttp: async () => {
        throw new TypeError('fetch failed');
      },
    });
    try {
      for (const sandbox of [failing, unreachable]) {
        const request = paymentRequest();
        const page = await sandbox.app.inject({
          method: 'POST',
          url: '/sandbox/payfast/eng/process',
          headers: FORM_HEADERS,
          payload: formBody(sandbox.gateways.eft.buildForm(request).fields),
        });
        const response = await sandbox.app.inject({
          method: 'POST',
          url: '/sandbox/payfast/eng/process/complete',
          headers: FORM_HEADERS,
          payload: formBody({ id: hiddenValue(page.body, 'id'), decision: 'pay' }),
        });
        assert.equal(response.statusCode, 303);
        assert.equal(response.headers.location, request.returnUrl);
      }
    } finally {
      await Promise.all([failing.app.close(), unreachable.app.close()]);
    }
  });

  it('delivers the ITN through ProviderHttp to a notify route on the same server, which can validate it', async () => {
    // The sandbox posts its ITN through injectProviderHttp back into the app, where a notify
    // route (as the portal's would) checks the signature and asks the sandbox to validate.
    const app = Fastify();
    const settings = loadPaymentSettings({}, ORIGIN);
    const http = injectProviderHttp(app);
    const gateways = createPaymentGateways(settings, http);
    const notified: Array<{ signed: boolean; valid: boolean; allowed: boolean }> = [];
    await app.register(formbody);
    await app.register(sandbox, {
      payfast: settings.payfast,
      card: settings.card,
      paypal: settings.paypal,
      http,
      publicUrl: ORIGIN,
      sessions: await sandboxSessionsFor(app),
    });
    app.post('/api/v1/payment/payfast/notify', async (request) => {
      const pairs = Object.entries(request.body as Record<string, string>);
      notified.push({
        signed: gateways.eft.verifySignature(pairs),
        valid: await gateways.eft.validate(pairs),
        allowed: await gateways.eft.isAllowedSource(request.ip),
      });
      return '';
    });
    try {
      const request = paymentRequest();
      const page = await app.inject({
        method: 'POST',
        url: '/sandbox/payfast/eng/process',
        headers: FORM_HEADERS,
        payload: formBody(gateways.eft.buildForm(request).fields),
      });
      const response = await app.inject({
        method: 'POST',
        url: '/sandbox/payfast/eng/process/complete',
        headers: FORM_HEADERS,
        payload: formBody({ id: hiddenValue(page.body, 'id'), decision: 'pay' }),
      });
      assert.equal(response.statusCode, 303);
      assert.deepEqual(notified, [{ signed: true, valid: true, allowed: true }]);
    } finally {
      await app.close();
    }
  });
});
