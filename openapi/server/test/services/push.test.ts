import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { buildApp } from '../../src/app.js';
import { PUSH_SUBSCRIPTION_MESSAGES } from '../../src/domain/push-subscription.js';
import { generateVapidKeys } from '../../src/domain/web-push.js';
import { PUSH_DISABLED_MESSAGE, PUSH_SUBSCRIPTION_REMOVED, PUSH_SUBSCRIPTION_SAVED } from '../../src/services/push.js';
import { startPushService, userAgentKeys } from '../helpers/push-service.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerActiveUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };

describe('push: public key, subscriptions, delivery', () => {
  const clock = createClock();
  let t: TestApp;
  let user: User;
  let other: User;
  const extraApps: FastifyInstance[] = [];

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(async () => {
    for (const app of extraApps) await app.close();
    await t.close();
  });

  /** Another app on the same database with different push settings. */
  async function appWith(push: Partial<FastifyInstance['config']['push']>, production = false) {
    const app = await buildApp({
      specPath,
      db: t.app.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        now: clock.now,
        uploads: t.app.config.uploads,
        production,
        push: { ...t.app.config.push, ...push },
      },
    });
    extraApps.push(app);
    return app;
  }

  const subscribe = (who: User, body: object, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: bearer(who.accessToken), payload: body });
  const unsubscribe = (who: User, endpoint: string, app = t.app) =>
    app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: bearer(who.accessToken),
      payload: { endpoint },
    });
  const endpointsOf = async (who: User) =>
    (await t.app.pushSubscriptionRepository.listByUser(who.id)).map((row) => row.endpoint);
  const browser = userAgentKeys();
  const subscription = (endpoint: string, keys = browser.keys) => ({ endpoint, expirationTime: null, keys });

  describe('GET /push/publickey', () => {
    it('answers the generated development key, the same on every instance of the database, without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/push/publickey' });
      assert.equal(response.statusCode, 200);
      const { publicKey } = response.json<{ publicKey: string }>();
      assert.match(publicKey, /^[\w-]{87}$/);
      assert.equal(Buffer.from(publicKey, 'base64url')[0], 4, 'an uncompressed point');
      const second = await appWith({});
      assert.equal((await second.inject({ method: 'GET', url: '/api/v1/push/publickey' })).json().publicKey, publicKey);
    });

    it('answers the configured key', async () => {
      const keys = generateVapidKeys();
      const app = await appWith({ vapid: keys });
      assert.deepEqual((await app.inject({ method: 'GET', url: '/api/v1/push/publickey' })).json(), {
        publicKey: keys.publicKey,
      });
    });

    it('is off in production without configured keys: 404 PUSH_DISABLED, and nothing is stored', async () => {
      const app = await appWith({ vapid: undefined }, true);
      const disabled = { statusCode: 404, error: 'Not Found', message: PUSH_DISABLED_MESSAGE, code: 'PUSH_DISABLED' };
      assert.deepEqual((await app.inject({ method: 'GET', url: '/api/v1/push/publickey' })).json(), disabled);
      const saved = await subscribe(user, subscription('https://push.example.test/off'), app);
      assert.equal(saved.statusCode, 404);
      assert.deepEqual(saved.json(), disabled);
      assert.equal((await unsubscribe(user, 'https://push.example.test/off', app)).statusCode, 200);
      assert.deepEqual(await endpointsOf(user), []);
    });
  });

  describe('POST and DELETE /push/subscriptions', () => {
    it('stores a subscription (201), updates it when saved again, and forgets it', async () => {
      const endpoint = 'https://push.example.test/send/abc';
      const saved = await subscribe(user, subscription(endpoint));
      assert.equal(saved.statusCode, 201, saved.body);
      assert.deepEqual(saved.json(), { statusCode: 0, description: PUSH_SUBSCRIPTION_SAVED });
      const renewed = userAgentKeys().keys;
      assert.equal(
        (await subscribe(user, { ...subscription(endpoint, renewed), expirationTime: 1e12 })).statusCode,
        201,
      );
      const [row, ...rest] = await t.app.pushSubscriptionRepository.listByUser(user.id);
      assert.deepEqual(rest, []);
      assert.equal(row?.p256dh, renewed.p256dh);
      assert.equal(row?.expiration_time?.getTime(), 1e12);
      const removed = await unsubscribe(user, endpoint);
      assert.deepEqual(removed.json(), { statusCode: 0, description: PUSH_SUBSCRIPTION_REMOVED });
      assert.deepEqual(await endpointsOf(user), []);
    });

    it("moves an endpoint another user saved; another user's DELETE leaves it (and answers 200)", async () => {
      const endpoint = 'https://push.example.test/send/shared-browser';
      assert.equal((await subscribe(other, subscription(endpoint))).statusCode, 201);
      assert.equal((await subscribe(user, subscription(endpoint))).statusCode, 201);
      assert.deepEqual(await endpointsOf(other), []);
      assert.deepEqual(await endpointsOf(user), [endpoint]);
      assert.equal((await unsubscribe(other, endpoint)).statusCode, 200);
      assert.deepEqual(await endpointsOf(user), [endpoint]);
      await unsubscribe(user, endpoint);
    });

    it('keeps at most 20 per user: the oldest goes', async () => {
      for (let i = 1; i <= 22; i += 1) {
        clock.advance(1);
        assert.equal((await subscribe(other, subscription(`https://push.example.test/many/${i}`))).statusCode, 201);
      }
      const kept = await endpointsOf(other);
      assert.equal(kept.length, 20);
      assert.ok(
        !kept.includes('https://push.example.test/many/1') && !kept.includes('https://push.example.test/many/2'),
      );
      assert.ok(kept.includes('https://push.example.test/many/22'));
    });

    it('refuses non-https, local and private endpoints and unusable keys (400 VALIDATION)', async () => {
      const offCurve = Buffer.alloc(65, 1);
      offCurve[0] = 4;
      const cases: Array<[object, string]> = [
        [subscription('http://push.example.test/x'), PUSH_SUBSCRIPTION_MESSAGES.endpoint],
        [subscription('ftp://push.example.test/x'), PUSH_SUBSCRIPTION_MESSAGES.endpoint],
        [subscription('not a url'), PUSH_SUBSCRIPTION_MESSAGES.endpoint],
        [subscription('https://user:pw@push.example.test/x'), PUSH_SUBSCRIPTION_MESSAGES.endpoint],
        ...[
          'https://localhost/x',
          'https://127.0.0.1/x',
          'https://2130706433/x',
          'https://10.1.2.3/x',
          'https://172.20.0.1/x',
          'https://192.168.1.1/x',
          'https://169.254.169.254/latest',
          'https://[::1]/x',
          'https://[fe80::1]/x',
          'https://[fd00::1]/x',
          'https://[::ffff:127.0.0.1]/x',
          'https://0.0.0.0/x',
        ].map((endpoint): [object, string] => [subscription(endpoint), PUSH_SUBSCRIPTION_MESSAGES.localEndpoint]),
        [
          subscription('https://push.example.test/x', { ...browser.keys, p256dh: 'AAAA' }),
          PUSH_SUBSCRIPTION_MESSAGES.p256dh,
        ],
        [
          subscription('https://push.example.test/x', { ...browser.keys, p256dh: offCurve.toString('base64url') }),
          PUSH_SUBSCRIPTION_MESSAGES.p256dh,
        ],
        [
          subscription('https://push.example.test/x', {
            ...browser.keys,
            auth: Buffer.alloc(15).toString('base64url'),
          }),
          PUSH_SUBSCRIPTION_MESSAGES.auth,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await subscribe(user, body);
        assert.equal(response.statusCode, 400, JSON.stringify(body));
        assert.deepEqual(response.json(), { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION' });
      }
      assert.deepEqual(await endpointsOf(user), []);
    });

    it('needs a token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        payload: subscription('https://push.example.test/x'),
      });
      assert.equal(response.statusCode, 401);
    });
  });

  describe('delivery (POD_PUSH_ALLOW_LOCAL_ENDPOINTS: a push service on this machine)', () => {
    it('encrypts RFC 8291 messages the subscription decrypts, signed with a VAPID JWT of the endpoint origin', async () => {
      const local = await appWith({ allowLocalEndpoints: true });
      const service = await startPushService();
      try {
        const endpoint = service.endpoint();
        assert.equal((await subscribe(user, subscription(endpoint, service.ua.keys), local)).statusCode, 201);
        const message = { title: 'Hello', body: 'Your proof is ready – ✓', url: '/dashboard' };
        assert.deepEqual(await local.webPush!.sendToUser(user.id, message), {
          total: 1,
          sent: 1,
          removed: 0,
          failed: 0,
        });
        const [received] = service.received;
        assert.ok(received);
        assert.deepEqual(JSON.parse(received.plaintext), message);
        assert.equal(received.headers['content-encoding'], 'aes128gcm');
        assert.equal(received.headers.ttl, '86400');
        const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]{87})$/.exec(received.headers.authorization ?? '');
        assert.ok(match, received.headers.authorization);
        const [, token, k] = match;
        assert.equal(k, await local.webPush!.publicKey());
        const point = Buffer.from(k!, 'base64url');
        const key = await importJWK(
          {
            kty: 'EC',
            crv: 'P-256',
            x: point.subarray(1, 33).toString('base64url'),
            y: point.subarray(33).toString('base64url'),
          },
          'ES256',
        );
        const { payload } = await jwtVerify(token!, key, {
          audience: new URL(endpoint).origin,
          algorithms: ['ES256'],
          currentDate: clock.now(),
        });
        assert.equal(decodeProtectedHeader(token!).typ, 'JWT');
        assert.match(String(payload.sub), /^mailto:/);
        const seconds = decodeJwt(token!).exp! - Math.floor(clock.now().getTime() / 1000);
        assert.ok(seconds > 0 && seconds <= 24 * 3600, String(seconds));
        assert.equal(received.body.readUInt32BE(16), 4096, 'rs');
        assert.equal(received.body.readUInt8(20), 65, 'idlen');
      } finally {
        await unsubscribe(user, service.endpoint());
        await service.close();
      }
    });

    it('deletes a subscription the push service calls gone (404, 410); keeps one that failed otherwise', async () => {
      const local = await appWith({ allowLocalEndpoints: true });
      const owner = await registerActiveUser(t.app);
      const services = await Promise.all([startPushService(), startPushService(), startPushService()]);
      const [gone, missing, broken] = services;
      gone!.answer(410);
      missing!.answer(404);
      broken!.answer(500);
      try {
        for (const service of services) {
          assert.equal(
            (await subscribe(owner, subscription(service.endpoint(), service.ua.keys), local)).statusCode,
            201,
          );
        }
        const report = await local.webPush!.sendToUser(owner.id, { title: 't', body: 'b' });
        assert.deepEqual(report, { total: 3, sent: 0, removed: 2, failed: 1 });
        assert.equal((await t.app.pushSubscriptionRepository.listByUser(owner.id)).length, 1);
      } finally {
        await Promise.all(services.map((service) => service.close()));
      }
    });

    it('gives up on a push service that does not answer within the timeout', async () => {
      const silent = createServer(() => {});
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const local = await appWith({ allowLocalEndpoints: true, timeoutMs: 200 });
      const owner = await registerActiveUser(t.app);
      try {
        const { port } = silent.address() as AddressInfo;
        assert.equal((await subscribe(owner, subscription(`http://127.0.0.1:${port}/p/1`), local)).statusCode, 201);
        const started = Date.now();
        assert.deepEqual(await local.webPush!.sendToUser(owner.id, { title: 't', body: 'b' }), {
          total: 1,
          sent: 0,
          removed: 0,
          failed: 1,
        });
        assert.ok(Date.now() - started < 5000);
      } finally {
        silent.closeAllConnections();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });
});
