import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { loggerOptions, redactUrl, REDACTED } from '../../src/observability/log-redaction.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const LINK_SECRET = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJl';

describe('redactUrl', () => {
  it('hides the secret parts of e-mailed links and payment returns, and keeps the rest readable', () => {
    assert.equal(
      redactUrl(`/api/v1/user/verifyaccount/42/${LINK_SECRET}`),
      `/api/v1/user/verifyaccount/42/${REDACTED}`,
    );
    assert.equal(
      redactUrl(`/api/v1/user/pwdlinkcheck/7/${LINK_SECRET}?x=1`),
      `/api/v1/user/pwdlinkcheck/7/${REDACTED}?x=1`,
    );
    assert.equal(redactUrl('/api/v1/user/forgotpwd/someone%40example.com'), `/api/v1/user/forgotpwd/${REDACTED}`);
    assert.equal(
      redactUrl(`/api/v1/user/posttransactionpayfast/REF1/a/${LINK_SECRET}`),
      `/api/v1/user/posttransactionpayfast/REF1/${REDACTED}`,
    );
    assert.equal(redactUrl(`/reset-password?id=7&token=${LINK_SECRET}`), `/reset-password?id=7&token=${REDACTED}`);
    assert.equal(
      redactUrl(`/api/v1/files/7.42.1767225600.ZjpvbmUucGRm.${LINK_SECRET}?disposition=inline`),
      `/api/v1/files/${REDACTED}?disposition=inline`,
    );
    assert.equal(redactUrl('/api/v1/user/getuserbooks?page=2'), '/api/v1/user/getuserbooks?page=2');
  });
});

describe('request ids and log redaction', () => {
  const lines: string[] = [];
  let testApp: TestApp;
  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    testApp = await buildTestApp({ logger: loggerOptions('debug', sink) });
  });
  after(() => testApp.close());

  it('keeps a plain incoming x-request-id, answers it and logs the request under it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-7f3a:01' },
    });
    assert.equal(response.headers['x-request-id'], 'edge-7f3a:01');
    assert.ok(lines.some((line) => JSON.parse(line).reqId === 'edge-7f3a:01'));
  });

  it('replaces an id that is too long or could forge a log line, and still answers one on errors', async () => {
    for (const bad of ['x'.repeat(129), 'two words', 'a"b']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/no-such-call',
        headers: { 'x-request-id': bad },
      });
      assert.equal(response.statusCode, 404);
      const id = response.headers['x-request-id'];
      assert.match(String(id), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('writes no link secret, e-mail address, bearer token or password into the logs', async () => {
    await testApp.app.inject({ method: 'GET', url: `/api/v1/user/verifyaccount/1/${LINK_SECRET}` });
    await testApp.app.inject({ method: 'GET', url: `/api/v1/user/pwdlinkcheck/1/${LINK_SECRET}` });
    await testApp.app.inject({ method: 'GET', url: '/api/v1/user/forgotpwd/private.person%40example.com' });
    await testApp.app.inject({ method: 'GET', url: `/verify?id=1&token=${LINK_SECRET}` });
    await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/user/viewuserinfo',
      headers: { authorization: `Bearer ${BEARER}` },
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/authO/login',
      payload: { email: 'nobody@example.com', password: 'Secret#Pass2026' },
    });
    const log = lines.join('\n');
    assert.ok(log.includes('/api/v1/user/verifyaccount/1/[redacted]'), 'the request line is still logged');
    for (const secret of [LINK_SECRET, BEARER, 'private.person', 'Secret#Pass2026']) {
      assert.ok(!log.includes(secret), `the log contains ${secret}`);
    }
  });

  it('censors bank account numbers, IBANs and drawn signatures wherever a log call passes them', async () => {
    const account = '62845519073';
    const iban = 'GB29NWBK60161331926819';
    const signature = 'data:image/png;base64,iVBORw0KGgoSIGNATURE';
    const log = testApp.app.log.child({ component: 'redaction-test' });
    log.info({ account_number: account, international_iban_number: iban, filedata: signature }, 'flat');
    log.info({ body: { account_number: account, initial_base64: signature, fileData: signature } }, 'nested');
    log.info({ misc: { bankInfo: { account_number: account, international_iban_number: iban } } }, 'user misc');
    log.info({ bankInfo: { account_number: account, international_iban_number: iban } }, 'bank info');
    const written = lines.filter((line) => /redaction-test/.test(line));
    assert.equal(written.length, 4);
    for (const secret of [account, iban, signature]) {
      assert.ok(!written.join('\n').includes(secret), `the log contains ${secret}`);
    }
    assert.ok(written.every((line) => line.includes(REDACTED)));
  });
});
