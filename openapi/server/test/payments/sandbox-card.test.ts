import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCardGateway } from '../../src/payments/card.js';
import { ProviderError } from '../../src/payments/provider-error.js';
import type { ProviderForm } from '../../src/payments/types.js';
import {
  assertPlainPage,
  buildSandboxApp,
  FORM_HEADERS,
  formBody,
  hiddenValue,
  ORIGIN,
  pathOf,
  paymentRequest,
  recordingHttp,
  unreachableHttp,
  type SandboxApp,
} from './payment-fixtures.js';

const REDIRECT = `${ORIGIN}/dashboard`;

const cardRequest = (reference: string) => ({
  ...paymentRequest({ reference, amount: '13.19', currency: 'USD' }),
  redirectUrl: REDIRECT,
});

describe('card sandbox', () => {
  let t: SandboxApp;

  before(async () => {
    t = await buildSandboxApp();
  });
  after(() => t.app.close());

  /** Opens the popup as the portal does: `action` with `fields` as the query. */
  const openPopup = (form: ProviderForm) =>
    t.app.inject({ method: 'GET', url: `${pathOf(form.action)}?${new URLSearchParams(form.fields).toString()}` });

  /** Submits the popup's form with a decision, as its buttons do. */
  async function decide(form: ProviderForm, decision: string) {
    const page = await openPopup(form);
    assert.equal(page.statusCode, 200, page.body);
    const names = ['public_key', 'tx_ref', 'amount', 'currency', 'customer_email', 'customer_name', 'redirect_url'];
    const fields = Object.fromEntries(names.map((name) => [name, hiddenValue(page.body, name)]));
    return t.app.inject({
      method: 'POST',
      url: '/sandbox/card/checkout',
      headers: FORM_HEADERS,
      payload: formBody({ ...fields, decision }),
    });
  }

  const verifyRaw = (txRef: string, authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/sandbox/card/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`,
      ...(authorization && { headers: { authorization } }),
    });

  it('builds the popup form for the configured popup URL', () => {
    const form = t.gateways.card.buildPopup(cardRequest('TX-C0'));
    assert.deepEqual(form, {
      provider: 'card',
      method: 'GET',
      display: 'popup',
      action: `${ORIGIN}/sandbox/card/checkout`,
      fields: {
        public_key: t.settings.card.publicKey,
        tx_ref: 'TX-C0',
        amount: '13.19',
        currency: 'USD',
        customer_email: 'lerato@example.test',
        customer_name: 'Lerato Mokoena',
        redirect_url: REDIRECT,
      },
    });
  });

  it('shows the checkout page, framable, with Pay and Cancel posting to the top window', async () => {
    const response = await openPopup(t.gateways.card.buildPopup(cardRequest('TX-C1')));
    assert.equal(response.statusCode, 200);
    assert.doesNotMatch(String(response.headers['content-security-policy']), /frame-ancestors/);
    const html = response.body;
    assertPlainPage(html, 'Card payment sandbox');
    assert.match(html, /<title>Card payment sandbox<\/title>/);
    assert.ok(html.includes('<dt>Amount</dt><dd>13.19</dd>'), html);
    assert.ok(html.includes('<dt>Currency</dt><dd>USD</dd>'), html);
    assert.ok(html.includes('Lerato Mokoena, lerato@example.test'), html);
    assert.match(html, /Test card/);
    assert.match(html, /<form method="post" action="\/sandbox\/card\/checkout" target="_top">/);
    assert.match(html, /<button type="submit" name="decision" value="pay">Pay<\/button>/);
    assert.match(html, /<button type="submit" name="decision" value="cancel">Cancel<\/button>/);
  });

  it('refuses a wrong public key or a malformed payment with a 400 page', async () => {
    const { fields, action } = t.gateways.card.buildPopup(cardRequest('TX-C2'));
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...fields, public_key: 'FLWPUBK_TEST-other' }, /public_key/],
      [{ ...fields, amount: '-1' }, /amount/],
      [{ ...fields, redirect_url: 'javascript:alert(1)' }, /redirect_url/],
      [{ ...fields, tx_ref: '' }, /tx_ref/],
    ];
    for (const [query, problem] of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${pathOf(action)}?${new URLSearchParams(query).toString()}`,
      });
      assert.equal(response.statusCode, 400);
      assertPlainPage(response.body, 'Card payment sandbox');
      assert.match(response.body, problem);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/sandbox/card/checkout',
      headers: FORM_HEADERS,
      payload: formBody({ ...fields, public_key: 'FLWPUBK_TEST-other', decision: 'pay' }),
    });
    assert.equal(post.statusCode, 400);
  });

  it('refuses a redirect_url off this server’s origin with a 400 page, on the popup and on Pay or Cancel', async () => {
    for (const redirect of [
      'https://attacker.example/dashboard',
      'http://portal.example.test.attacker.example/dashboard',
      'https://portal.example.test/dashboard',
    ]) {
      const form = t.gateways.card.buildPopup({ ...cardRequest('TX-C9'), redirectUrl: redirect });
      const popup = await openPopup(form);
      assert.equal(popup.statusCode, 400, redirect);
      assertPlainPage(popup.body, 'Card payment sandbox');
      assert.match(popup.body, /redirect_url must lead back to this server/);
      for (const decision of ['pay', 'cancel']) {
        // The posted copy of the form, as a crafted page would send it straight to the sandbox.
        const response = await t.app.inject({
          method: 'POST',
          url: '/sandbox/card/checkout',
          headers: FORM_HEADERS,
          payload: formBody({ ...form.fields, decision }),
        });
        assert.equal(response.statusCode, 400, `${decision} ${redirect}`);
        assert.equal(response.headers.location, undefined);
      }
    }
    assert.equal(await t.gateways.card.verify('TX-C9'), null, 'no charge was recorded');
  });

  it('Pay records a charge, redirects with status=successful, and verify_by_reference reports it', async () => {
    const response = await decide(t.gateways.card.buildPopup(cardRequest('TX-C3')), 'pay');
    assert.equal(response.statusCode, 303);
    const location = new URL(String(response.headers.location));
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT);
    assert.equal(location.searchParams.get('status'), 'successful');
    assert.equal(location.searchParams.get('tx_ref'), 'TX-C3');
    const transactionId = location.searchParams.get('transaction_id') ?? '';
    assert.match(transactionId, /^\d+$/);

    const raw = await verifyRaw('TX-C3', `Bearer ${t.settings.card.secretKey}`);
    assert.equal(raw.statusCode, 200);
    assert.deepEqual(raw.json().data, {
      id: Number(transactionId),
      tx_ref: 'TX-C3',
      status: 'successful',
      amount: 13.19,
      currency: 'USD',
    });
    assert.equal(raw.json().status, 'success');

    assert.deepEqual(await t.gateways.card.verify('TX-C3'), {
      id: transactionId,
      txRef: 'TX-C3',
      status: 'successful',
      amount: '13.19',
      currency: 'USD',
    });

    // One charge per reference.
    const again = await decide(t.gateways.card.buildPopup(cardRequest('TX-C3')), 'pay');
    assert.equal(again.statusCode, 409);
  });

  it('Cancel records nothing and redirects with status=cancelled', async () => {
    const response = await decide(t.gateways.card.buildPopup(cardRequest('TX-C4')), 'cancel');
    assert.equal(response.statusCode, 303);
    const location = new URL(String(response.headers.location));
    assert.equal(location.searchParams.get('status'), 'cancelled');
    assert.equal(location.searchParams.get('tx_ref'), 'TX-C4');
    assert.equal(location.searchParams.get('transaction_id'), null);
    assert.equal(await t.gateways.card.verify('TX-C4'), null);
  });

  it('verify_by_reference requires the secret key and answers 404 for an unknown reference', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      t.settings.card.secretKey,
      `Basic ${t.settings.card.secretKey}`,
    ]) {
      const response = await verifyRaw('TX-C3', authorization);
      assert.equal(response.statusCode, 401, String(authorization));
      assert.equal(response.json().status, 'error');
    }
    const unknown = await verifyRaw('TX-NONE', `Bearer ${t.settings.card.secretKey}`);
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { status: 'error', message: 'No transaction was found for this id', data: null });
    assert.equal(await t.gateways.card.verify('TX-NONE'), null);
  });
});

describe('card gateway', () => {
  const settings = {
    popupUrl: 'https://card.test/pay',
    verifyUrl: 'https://card.test/verify',
    publicKey: 'pk',
    secretKey: 'sk',
  };
  const success = (data: Record<string, unknown>) => ({
    status: 200,
    body: JSON.stringify({ status: 'success', data }),
  });
  const charge = { id: 42, tx_ref: 'TX/1 & 2', status: 'successful', amount: 10, currency: 'usd' };

  it('asks by reference with the secret key and maps the answer', async () => {
    const { http, calls } = recordingHttp(() => success(charge));
    assert.deepEqual(await createCardGateway(settings, http).verify('TX/1 & 2'), {
      id: '42',
      txRef: 'TX/1 & 2',
      status: 'successful',
      amount: '10.00',
      currency: 'USD',
    });
    assert.equal(calls[0]?.url, 'https://card.test/verify?tx_ref=TX%2F1%20%26%202');
    assert.equal(calls[0]?.method, 'GET');
    assert.equal(calls[0]?.headers.authorization, 'Bearer sk');
  });

  it('answers null for 404, an answer about another reference, or an unknown status', async () => {
    const answers = [
      { status: 404, body: '{"status":"error"}' },
      success({ ...charge, tx_ref: 'TX-OTHER' }),
      success({ ...charge, status: 'weird' }),
      { status: 200, body: JSON.stringify({ status: 'error', data: null }) },
    ];
    for (const answer of answers) {
      assert.equal(
        await createCardGateway(settings, recordingHttp(() => answer).http).verify('TX/1 & 2'),
        null,
        answer.body,
      );
    }
    const failed = await createCardGateway(
      settings,
      recordingHttp(() => success({ ...charge, status: 'failed' })).http,
    ).verify('TX/1 & 2');
    assert.equal(failed?.status, 'failed');
  });

  it('throws a ProviderError on a network failure, a 5xx, a refused key or malformed JSON', async () => {
    const https = [
      unreachableHttp,
      recordingHttp(() => ({ status: 502, body: 'Bad gateway' })).http,
      recordingHttp(() => ({ status: 401, body: '{}' })).http,
      recordingHttp(() => ({ status: 200, body: '<html>' })).http,
    ];
    for (const http of https) {
      await assert.rejects(createCardGateway(settings, http).verify('TX'), (err: unknown) => {
        assert.ok(err instanceof ProviderError);
        assert.equal(err.provider, 'card');
        return true;
      });
    }
  });
});
