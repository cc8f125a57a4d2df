import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isValidIdempotencyKey,
  keepsAnswer,
  NOT_REPLAYED_OPERATIONS,
  requestFingerprint,
} from '../../src/domain/idempotency.js';

describe('domain/idempotency', () => {
  it('takes 1 to 255 visible ASCII characters and nothing else', () => {
    for (const key of [
      'a',
      '~',
      'x'.repeat(255),
      '3f2c9a4e-5b1d-4c8e-9f7a-0b6d2e1c4a55',
      '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
    ]) {
      assert.equal(isValidIdempotencyKey(key), true, key);
    }
    for (const key of ['', ' ', 'a b', 'x'.repeat(256), 'tab\t', 'é', '\u0000', 'a, b', undefined, ['a', 'b']]) {
      assert.equal(isValidIdempotencyKey(key), false, JSON.stringify(key));
    }
  });

  it('fingerprints method, path with query and body; keyed, so it reveals neither', () => {
    const key = new Uint8Array(32).fill(7);
    const base = requestFingerprint(key, 'put', '/api/v1/user/edituser', { a: 1 });
    assert.equal(base, requestFingerprint(key, 'PUT', '/api/v1/user/edituser', { a: 1 }));
    for (const other of [
      requestFingerprint(key, 'POST', '/api/v1/user/edituser', { a: 1 }),
      requestFingerprint(key, 'PUT', '/api/v1/user/edituser?x=1', { a: 1 }),
      requestFingerprint(key, 'PUT', '/api/v1/user/edituser', { a: 2 }),
      requestFingerprint(key, 'PUT', '/api/v1/user/edituser', undefined),
      requestFingerprint(new Uint8Array(32).fill(8), 'PUT', '/api/v1/user/edituser', { a: 1 }),
    ]) {
      assert.notEqual(other, base);
    }
    assert.match(base, /^[\w-]{43}$/);
  });

  it('keeps every answer but a 5xx or a 429', () => {
    for (const status of [200, 201, 204, 400, 401, 404, 409, 422])
      assert.equal(keepsAnswer(status), true, String(status));
    for (const status of [429, 500, 502, 503, 504]) assert.equal(keepsAnswer(status), false, String(status));
  });

  it('never keeps the answers that carry tokens or secrets', () => {
    for (const id of ['login', 'loginTwoFactor', 'refreshToken', 'addUser', 'setupTwoFactor', 'enableTwoFactor']) {
      assert.ok(NOT_REPLAYED_OPERATIONS.has(id), id);
    }
  });
});
