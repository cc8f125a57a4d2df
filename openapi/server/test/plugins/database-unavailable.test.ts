import assert from 'node:assert/strict';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { migrateDatabase, pgliteDatabase } from '../../src/plugins/external/db.js';
import { DEFAULT_TIMEOUTS } from '../../src/timeouts.js';
import {
  bearer,
  createTestDatabase,
  registerUser,
  specPath,
  TEST_JWT_SECRET,
  type TestDatabase,
} from '../helpers/test-app.js';

const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The service is temporarily unavailable. Please try again in a moment.',
  code: 'DB_UNAVAILABLE',
};

/** Fast failures for the tests: a refused connection fails at once anyway. */
const TIMEOUTS = { ...DEFAULT_TIMEOUTS, dbConnectTimeoutMs: 2_000, dbQueryTimeoutMs: 5_000, readinessTimeoutMs: 5_000 };

/** What a client sees while the database is down: 503 Problems, a live process, no readiness. */
async function assertDown(app: FastifyInstance, accessToken: string) {
  const api = await app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(accessToken) });
  assert.equal(api.statusCode, 503, api.body);
  assert.deepEqual(api.json(), UNAVAILABLE);
  assert.equal(api.headers['retry-after'], '5');
  assert.equal(api.headers['cache-control'], 'no-store');

  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/authO/login',
    payload: { email: 'a@b.co', password: 'x' },
  });
  assert.equal(login.statusCode, 503, login.body);

  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 503);
  assert.equal(ready.json().code, 'DB_UNAVAILABLE');
  assert.equal(ready.headers['cache-control'], 'no-store');

  const live = await app.inject({ method: 'GET', url: '/healthz' });
  assert.equal(live.statusCode, 200);
  assert.deepEqual(live.json(), { status: 'ok' });
}

async function assertUp(app: FastifyInstance, accessToken: string) {
  const api = await app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(accessToken) });
  assert.equal(api.statusCode, 200, api.body);
  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 200, ready.body);
  assert.deepEqual(ready.json(), { status: 'ready' });
  assert.equal(ready.headers['cache-control'], 'no-store');
}

/** A TCP proxy to PostgreSQL that the test stops (every connection cut, port closed) and starts again. */
function createProxy(target: { host: string; port: number }) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = createServer((client) => {
        const upstream = connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

if (process.env.DATABASE_URL) {
  describe('database unavailable (PostgreSQL behind a proxy that goes away and comes back)', () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    const proxy = createProxy({ host: '127.0.0.1', port: 5432 });

    before(async () => {
      database = await createTestDatabase();
      const url = new URL(database.options.url!);
      await proxy.start();
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      app = await buildApp({
        specPath,
        database: { url: url.toString() },
        config: { jwtSecret: TEST_JWT_SECRET, timeouts: TIMEOUTS },
      });
    });
    after(async () => {
      await app.close();
      await proxy.stop().catch(() => {});
      await database.drop();
    });

    it('answers 503 while the database is down, 200 again once it is back, parallel requests included', async () => {
      const user = await registerUser(app);
      await assertUp(app, user.accessToken);

      await proxy.stop();
      await assertDown(app, user.accessToken);
      const parallel = await Promise.all(
        Array.from({ length: 10 }, () =>
          app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(user.accessToken) }),
        ),
      );
      assert.deepEqual(
        parallel.map((r) => r.statusCode),
        Array(10).fill(503),
      );

      await proxy.start();
      await assertUp(app, user.accessToken);
      const again = await Promise.all(
        Array.from({ length: 10 }, () =>
          app.inject({ method: 'GET', url: '/api/v1/user/viewuserinfo', headers: bearer(user.accessToken) }),
        ),
      );
      assert.deepEqual(
        again.map((r) => r.statusCode),
        Array(10).fill(200),
      );
    });
  });
} else {
  describe('database unavailable (a PGlite instance that is closed)', () => {
    let pglite: PGlite;
    let app: FastifyInstance;

    before(async () => {
      pglite = await PGlite.create('memory://');
      const db = pgliteDatabase(pglite);
      await migrateDatabase(db);
      app = await buildApp({ specPath, db, config: { jwtSecret: TEST_JWT_SECRET, timeouts: TIMEOUTS } });
    });
    after(async () => {
      await app.close();
      if (!pglite.closed) await pglite.close();
    });

    it('is ready while open, then answers 503 (not 500) and is not ready once the database is gone', async () => {
      const user = await registerUser(app);
      await assertUp(app, user.accessToken);
      await pglite.close();
      await assertDown(app, user.accessToken);
    });
  });
}

describe('readiness and migrations', () => {
  let pglite: PGlite;
  let app: FastifyInstance;

  before(async () => {
    // A database without this build's migrations: an instance on it must not take traffic.
    pglite = await PGlite.create('memory://');
    app = await buildApp({ specPath, db: pgliteDatabase(pglite), config: { jwtSecret: TEST_JWT_SECRET } });
  });
  after(async () => {
    await app.close();
    await pglite.close();
  });

  it('answers 503 MIGRATIONS_PENDING until every migration is applied', async () => {
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(before.statusCode, 503);
    assert.equal(before.json().code, 'MIGRATIONS_PENDING');
    assert.doesNotMatch(before.body, /\.sql/);
    await migrateDatabase(app.db);
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });
});
