import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

/**
 * Defect 4 of the probe: a JSON operation given another body type (text/plain, a form, raw
 * bytes) or no body at all was never validated against portal.yaml, because Fastify validates a
 * body only for the content types its schema lists. Every operation now takes exactly the types
 * portal.yaml declares for it.
 */
describe('request content types follow portal.yaml', () => {
  let t: TestApp;
  let token: string;

  before(async () => {
    t = await buildTestApp();
    token = (await registerActiveUser(t.app)).accessToken;
  });
  after(() => t.close());

  const viewUser = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(token) });
    return response.json<{ result: { initial_login: number } }>().result;
  };

  it('refuses a form body on a JSON operation with 415 naming application/json, storing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/initiallogin',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'initial_login=7',
    });
    assert.equal(response.statusCode, 415);
    const body = response.json();
    assert.equal(body.error, 'Unsupported Media Type');
    assert.match(body.message, /application\/json/);
    assert.equal((await viewUser()).initial_login, 0);
  });

  it('refuses text/plain on a JSON operation with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/addcoupon',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'WELCOME50',
    });
    assert.equal(response.statusCode, 415);
    assert.match(response.json().message, /POST \/user\/addcoupon accepts application\/json, not text\/plain/);
  });

  it('refuses raw bytes on a JSON operation with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/checkoutpayment',
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('{"book_ids":[]}'),
    });
    assert.equal(response.statusCode, 415);
  });

  it('answers 400 FST_ERR_VALIDATION for a missing required body, with or without a content type', async () => {
    for (const headers of [bearer(token), { ...bearer(token), 'content-type': 'application/json' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/addcoupon', headers });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().code, 'FST_ERR_VALIDATION');
      assert.match(response.json().message, /body is required \(application\/json\)/);
    }
  });

  it('still accepts JSON with a charset parameter', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/initiallogin',
      headers: { ...bearer(token), 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ initial_login: 1 }),
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((await viewUser()).initial_login, 1);
  });

  it('takes a form only on the PayFast notification, which refuses JSON', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/payfast/notify',
      payload: {
        m_payment_id: 'x',
        pf_payment_id: '1',
        payment_status: 'COMPLETE',
        amount_gross: '1.00',
        merchant_id: '1',
        signature: 'x',
      },
    });
    assert.equal(json.statusCode, 415);
    assert.match(json.json().message, /application\/x-www-form-urlencoded/);

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/payfast/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'm_payment_id=x&pf_payment_id=1&payment_status=COMPLETE&amount_gross=1.00&merchant_id=1&signature=x',
    });
    assert.equal(form.statusCode, 200);
  });

  it('takes raw bytes only on the upload operations, which refuse JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/v2/packet?name=a.pdf&size=3&md5_chunk=x&currentChunkIndex=0&totalChunks=1&local_bookId=1',
      headers: bearer(token),
      payload: { bytes: 'abc' },
    });
    assert.equal(response.statusCode, 415);
    assert.match(response.json().message, /application\/octet-stream/);
  });

  it('refuses a body on an operation that declares none', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/cart/1/0',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assert.equal(response.statusCode, 415);
    assert.match(response.json().message, /takes no request body/);
  });

  it('leaves body-less calls with a stray content type alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/viewuserinfo',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 200);
  });
});
