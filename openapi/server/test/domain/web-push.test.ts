import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { describe, it } from 'node:test';
import { decodeJwt, importJWK, jwtVerify } from 'jose';
import {
  authSecret,
  encryptPushMessage,
  generateVapidKeys,
  MAX_PUSH_PLAINTEXT_BYTES,
  p256PublicKey,
  vapidAuthorization,
  vapidKeysMatch,
} from '../../src/domain/web-push.js';
import { isLocalHost, pushSubscriptionProblem } from '../../src/domain/push-subscription.js';
import { decryptPush, userAgentKeys } from '../helpers/push-service.js';

describe('domain/web-push', () => {
  it('reproduces the worked example of RFC 8291 (appendix A) byte for byte', () => {
    const ephemeral = createECDH('prime256v1');
    ephemeral.setPrivateKey(Buffer.from('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw', 'base64url'));
    const body = encryptPushMessage(
      {
        p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
        auth: 'BTBZMqHH6r4Tts7J_aSIgg',
      },
      Buffer.from('When I grow up, I want to be a watermelon'),
      { salt: Buffer.from('DGv6ra1nlYgDCS1FRnbzlw', 'base64url'), ephemeral },
    );
    assert.equal(
      body.toString('base64url'),
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  it('encrypts with a fresh key and salt every time; the subscription decrypts it independently', () => {
    const ua = userAgentKeys();
    const text = JSON.stringify({ title: 'Test notification', body: 'ünïcödé ✓' });
    const first = encryptPushMessage(ua.keys, Buffer.from(text));
    const second = encryptPushMessage(ua.keys, Buffer.from(text));
    assert.notDeepEqual(first.subarray(0, 86), second.subarray(0, 86));
    assert.equal(decryptPush(first, ua), text);
    assert.equal(decryptPush(second, ua), text);
    assert.equal(decryptPush(encryptPushMessage(ua.keys, Buffer.alloc(MAX_PUSH_PLAINTEXT_BYTES, 97)), ua).length, 3993);
    assert.throws(() => encryptPushMessage(ua.keys, Buffer.alloc(MAX_PUSH_PLAINTEXT_BYTES + 1)));
  });

  it('signs VAPID with ES256: aud the origin, exp within 24 hours, k the public key', async () => {
    const keys = generateVapidKeys();
    assert.ok(vapidKeysMatch(keys));
    assert.equal(vapidKeysMatch({ ...keys, privateKey: generateVapidKeys().privateKey }), false);
    const now = new Date('2026-03-02T08:00:00Z');
    const header = await vapidAuthorization('https://fcm.example.test/wp/abc?x=1', keys, 'mailto:a@b.test', now);
    const [, token, k] = /^vapid t=(\S+), k=([\w-]{87})$/.exec(header) ?? [];
    assert.equal(k, keys.publicKey);
    const point = Buffer.from(k!, 'base64url');
    const publicJwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const { payload, protectedHeader } = await jwtVerify(token!, await importJWK(publicJwk, 'ES256'), {
      audience: 'https://fcm.example.test',
      currentDate: now,
    });
    assert.equal(protectedHeader.alg, 'ES256');
    assert.equal(payload.sub, 'mailto:a@b.test');
    assert.equal(decodeJwt(token!).exp, now.getTime() / 1000 + 12 * 3600);
  });

  it('takes only P-256 points on the curve and 16-byte auth secrets', () => {
    const ua = userAgentKeys();
    assert.ok(p256PublicKey(ua.keys.p256dh));
    assert.ok(p256PublicKey(`${ua.keys.p256dh}=`), 'padding tolerated');
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    for (const bad of [
      '',
      'AAAA',
      offCurve.toString('base64url'),
      ua.publicKey.subarray(0, 33).toString('base64url'),
    ]) {
      assert.equal(p256PublicKey(bad), null, bad);
    }
    assert.ok(authSecret(ua.keys.auth));
    assert.equal(authSecret(Buffer.alloc(17).toString('base64url')), null);
  });

  it('calls loopback, private, link-local and reserved hosts local', () => {
    for (const host of [
      'localhost',
      'a.localhost',
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '[::1]',
      '[::]',
      '[fe80::1]',
      '[fc00::1]',
      '[::ffff:7f00:1]',
      '[::ffff:10.0.0.1]',
    ]) {
      assert.equal(isLocalHost(host), true, host);
    }
    for (const host of [
      'push.example.test',
      'fcm.googleapis.com',
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '[2001:db8::1]',
      '[::ffff:808:808]',
    ]) {
      assert.equal(isLocalHost(host), false, host);
    }
    const keys = userAgentKeys().keys;
    assert.equal(
      pushSubscriptionProblem({ endpoint: 'http://127.0.0.1:9/p', keys }, true),
      null,
      'the development switch',
    );
    assert.notEqual(pushSubscriptionProblem({ endpoint: 'http://127.0.0.1:9/p', keys }, false), null);
  });
});
