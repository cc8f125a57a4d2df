import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { createPaymentGateways, fetchProviderHttp, loadPaymentSettings } from '../../src/payments/index.js';

describe('payment settings', () => {
  it('defaults to PayFast’s sandbox merchant and the built-in sandboxes at the public URL', () => {
    const settings = loadPaymentSettings({}, 'https://portal.example.test/');
    assert.deepEqual(settings.payfast, {
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: 'jt7NOE43FZPn',
      processUrl: 'https://portal.example.test/sandbox/payfast/eng/process',
      validateUrl: 'https://portal.example.test/sandbox/payfast/eng/query/validate',
      allowedSources: ['127.0.0.1', '::1'],
    });
    assert.equal(settings.card.popupUrl, 'https://portal.example.test/sandbox/card/checkout');
    assert.equal(
      settings.card.verifyUrl,
      'https://portal.example.test/sandbox/card/v3/transactions/verify_by_reference',
    );
    assert.ok(
      settings.card.publicKey && settings.card.secretKey && settings.card.publicKey !== settings.card.secretKey,
    );
    assert.equal(settings.paypal.apiBase, 'https://portal.example.test/sandbox/paypal');
    assert.ok(settings.paypal.clientId && settings.paypal.secret);
    assert.equal(settings.usdZarRate, 18.5);
    assert.equal(settings.sandbox, true);
  });

  it('reads every variable', () => {
    const settings = loadPaymentSettings(
      {
        PAYFAST_MERCHANT_ID: '123',
        PAYFAST_MERCHANT_KEY: 'key',
        PAYFAST_PASSPHRASE: ' salt ',
        PAYFAST_PROCESS_URL: 'https://sandbox.payfast.co.za/eng/process',
        PAYFAST_VALIDATE_URL: 'https://sandbox.payfast.co.za/eng/query/validate',
        PAYFAST_ALLOWED_SOURCES: ' www.payfast.co.za, 197.97.145.144/28 ,,41.74.179.192/27 ',
        CARD_POPUP_URL: 'https://card.test/pay',
        CARD_VERIFY_URL: 'https://card.test/verify',
        CARD_PUBLIC_KEY: 'pk',
        CARD_SECRET_KEY: 'sk',
        PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com/',
        PAYPAL_CLIENT_ID: 'cid',
        PAYPAL_SECRET: 'sec',
        USD_ZAR_RATE: '17.25',
        PAYMENT_SANDBOX: 'OFF',
      },
      'http://localhost:8080',
    );
    assert.deepEqual(settings, {
      payfast: {
        merchantId: '123',
        merchantKey: 'key',
        passphrase: 'salt',
        processUrl: 'https://sandbox.payfast.co.za/eng/process',
        validateUrl: 'https://sandbox.payfast.co.za/eng/query/validate',
        allowedSources: ['www.payfast.co.za', '197.97.145.144/28', '41.74.179.192/27'],
      },
      card: {
        popupUrl: 'https://card.test/pay',
        verifyUrl: 'https://card.test/verify',
        publicKey: 'pk',
        secretKey: 'sk',
      },
      paypal: { apiBase: 'https://api-m.sandbox.paypal.com', clientId: 'cid', secret: 'sec' },
      usdZarRate: 17.25,
      sandbox: false,
    });
  });

  it('takes a blank PAYFAST_PASSPHRASE as no passphrase, and only "off" disables the sandbox', () => {
    assert.equal(loadPaymentSettings({ PAYFAST_PASSPHRASE: '' }, 'http://x.test').payfast.passphrase, '');
    assert.equal(loadPaymentSettings({ PAYMENT_SANDBOX: 'on' }, 'http://x.test').sandbox, true);
    assert.equal(loadPaymentSettings({ PAYMENT_SANDBOX: ' off ' }, 'http://x.test').sandbox, false);
    assert.deepEqual(loadPaymentSettings({ PAYFAST_ALLOWED_SOURCES: ' , ' }, 'http://x.test').payfast.allowedSources, [
      '127.0.0.1',
      '::1',
    ]);
  });

  it('turns the sandboxes off by default under NODE_ENV=production (on only when asked)', () => {
    assert.equal(loadPaymentSettings({ NODE_ENV: 'production' }, 'http://x.test').sandbox, false);
    assert.equal(loadPaymentSettings({ NODE_ENV: 'production', PAYMENT_SANDBOX: ' ' }, 'http://x.test').sandbox, false);
    assert.equal(loadPaymentSettings({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'on' }, 'http://x.test').sandbox, true);
    assert.equal(loadPaymentSettings({ NODE_ENV: 'development' }, 'http://x.test').sandbox, true);
  });

  it('refuses a USD_ZAR_RATE that is not a positive number', () => {
    for (const value of ['0', '-18.5', 'abc', '18,5', '1e3', 'Infinity', '0.000']) {
      assert.throws(
        () => loadPaymentSettings({ USD_ZAR_RATE: value }, 'http://x.test'),
        /USD_ZAR_RATE must be a positive number/,
        value,
      );
    }
    assert.equal(loadPaymentSettings({ USD_ZAR_RATE: ' 19 ' }, 'http://x.test').usdZarRate, 19);
    assert.equal(loadPaymentSettings({ USD_ZAR_RATE: '' }, 'http://x.test').usdZarRate, 18.5);
  });

  it('builds the three gateways', () => {
    const gateways = createPaymentGateways(loadPaymentSettings({}, 'http://x.test'), fetchProviderHttp);
    assert.deepEqual(Object.keys(gateways).sort(), ['card', 'eft', 'paypal']);
    assert.equal(gateways.eft.settings.merchantId, '10000100');
  });

  it('fetchProviderHttp sends method, headers and body and answers status and text', async () => {
    const received: Array<{ method?: string; type?: string; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method, type: request.headers['content-type'], body });
        response.writeHead(202, { 'content-type': 'text/plain' }).end('VALID');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetchProviderHttp(`http://127.0.0.1:${port}/v`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      assert.equal(response.status, 202);
      assert.equal(await response.text(), 'VALID');
      assert.deepEqual(received, [{ method: 'POST', type: 'application/x-www-form-urlencoded', body: 'a=1' }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
