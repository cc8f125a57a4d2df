import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LEGAL_DOCUMENTS } from '@pod/shared-contracts/constants';
import { DOCUMENT_NOT_FOUND_MESSAGE, LEGAL_DOCUMENT_CACHE_CONTROL } from '../../src/services/legal-documents.js';
import { pdfText } from '../helpers/contract-body.js';
import { bearer, buildTestApp, loginToken, registerActiveUser, type TestApp } from '../helpers/test-app.js';

describe('legal documents (GET /api/v1/legal/{document})', () => {
  let t: TestApp;

  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const get = (document: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/legal/${document}`, headers });

  it('answers each of the four documents as a PDF without a token, titled and cacheable', async () => {
    for (const document of LEGAL_DOCUMENTS) {
      const response = await get(document.id);
      assert.equal(response.statusCode, 200, `${document.id}: ${response.body.slice(0, 200)}`);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.equal(response.headers['content-disposition'], `inline; filename="${document.id}.pdf"`);
      assert.equal(response.headers['cache-control'], LEGAL_DOCUMENT_CACHE_CONTROL);
      assert.match(String(response.headers.etag), /^"[A-Za-z0-9_-]{32}"$/);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      const { text, pages } = await pdfText(response.rawPayload);
      assert.ok(pages >= 1);
      assert.match(text, new RegExp(document.title.toUpperCase()));
      assert.match(text, /Sample text: this document illustrates the reference portal/);
    }
  });

  it('writes the data protection notice under POPIA, for a South African service', async () => {
    const { text } = await pdfText((await get('data-protection')).rawPayload);
    assert.match(text, /Protection of Personal Information Act 4 of 2013 \(POPIA\)/);
    assert.match(text, /Information Regulator/);
  });

  it('answers the same bytes every time, and 304 to a request naming its ETag', async () => {
    const first = await get('privacy-policy');
    const second = await get('privacy-policy');
    assert.deepEqual(second.rawPayload, first.rawPayload);
    assert.equal(second.headers.etag, first.headers.etag);

    const revalidated = await get('privacy-policy', { 'if-none-match': String(first.headers.etag) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.rawPayload.length, 0);
    assert.equal(revalidated.headers.etag, first.headers.etag);
    assert.equal(revalidated.headers['cache-control'], LEGAL_DOCUMENT_CACHE_CONTROL);

    const otherTag = await get('privacy-policy', { 'if-none-match': '"something-else"' });
    assert.equal(otherTag.statusCode, 200);
    const otherDocument = await get('terms-of-use', { 'if-none-match': String(first.headers.etag) });
    assert.equal(otherDocument.statusCode, 200);
    assert.notEqual(otherDocument.headers.etag, first.headers.etag);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/v1/legal/terms-of-use' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.equal(response.rawPayload.length, 0);
  });

  it('answers 404 "Document not found" to any other document, malformed or not, never cacheable', async () => {
    for (const document of [
      'cookie-policy',
      'Terms-And-Conditions',
      'terms-and-conditions.pdf',
      '..%2Fpackage.json',
      'x'.repeat(300),
    ]) {
      const response = await get(document);
      assert.equal(response.statusCode, 404, document);
      assert.equal(response.json<{ message: string }>().message, DOCUMENT_NOT_FOUND_MESSAGE);
      assert.equal(response.headers['cache-control'], 'no-store');
    }
  });

  it('serves a signed-in user the same document (a bearer token changes nothing)', async () => {
    const user = await registerActiveUser(t.app);
    const token = await loginToken(t.app, user.email, user.password);
    const signedIn = await get('terms-and-conditions', bearer(token));
    const anonymous = await get('terms-and-conditions');
    assert.equal(signedIn.statusCode, 200);
    assert.deepEqual(signedIn.rawPayload, anonymous.rawPayload);
  });
});
