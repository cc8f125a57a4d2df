import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { otherEnvironmentMessage, REMOTE_EVENTS_RATE_LIMITED_MESSAGE } from '../../src/services/monitoring.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerActiveUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  uniqueAddress,
  type TestApp,
} from '../helpers/test-app.js';

const URL = '/api/v1/monitoring/remote-events';

interface CounterRow {
  environment: string;
  remote: string;
  version: string;
  channel: string;
  route: string;
  kind: string;
  hour: Date;
  count: number;
}

const event = (overrides: Record<string, unknown> = {}) => ({
  remote: 'remote_checkout',
  version: '1.4.0',
  channel: 'canary',
  route: '/checkout/cart',
  kind: 'load-failure',
  count: 1,
  ...overrides,
});

describe('POST /monitoring/remote-events (reportRemoteEvents)', () => {
  const clock = createClock(new Date('2026-03-02T08:10:00Z'));
  let t: TestApp;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now, portalEnv: 'staging' } });
  });
  after(() => t.close());

  const report = (payload: unknown, options: { address?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as object,
      remoteAddress: options.address ?? uniqueAddress(),
      ...(options.headers && { headers: options.headers }),
    });

  const counters = async () =>
    (
      await sql<CounterRow>`
        SELECT environment, remote, version, channel, route, kind, hour, count::int AS count
        FROM remote_event_counts ORDER BY hour, remote, version, kind, route`.execute(t.app.db)
    ).rows.map((row) => ({ ...row, hour: row.hour.toISOString() }));

  it('answers 204 without signing in and adds the counts to hourly counters, equal events folded', async () => {
    const first = await report({
      environment: 'staging',
      events: [event({ count: 2 }), event({ kind: 'load', version: '1.3.0', channel: 'stable' }), event()],
    });
    assert.equal(first.statusCode, 204, first.body);
    assert.equal(first.body, '');
    clock.advance(20 * 60);
    const user = await registerActiveUser(t.app);
    // A bearer token changes nothing: nothing of the user is kept.
    const second = await report(
      { environment: 'staging', events: [event({ count: 4 })] },
      { headers: bearer(user.accessToken) },
    );
    assert.equal(second.statusCode, 204, second.body);
    clock.advance(60 * 60);
    assert.equal(
      (await report({ environment: 'staging', events: [event({ route: '/books/:region/:id' })] })).statusCode,
      204,
    );

    const common = { environment: 'staging', remote: 'remote_checkout', channel: 'canary' };
    assert.deepEqual(await counters(), [
      {
        ...common,
        version: '1.3.0',
        channel: 'stable',
        route: '/checkout/cart',
        kind: 'load',
        hour: '2026-03-02T08:00:00.000Z',
        count: 1,
      },
      {
        ...common,
        version: '1.4.0',
        route: '/checkout/cart',
        kind: 'load-failure',
        hour: '2026-03-02T08:00:00.000Z',
        count: 7,
      },
      {
        ...common,
        version: '1.4.0',
        route: '/books/:region/:id',
        kind: 'load-failure',
        hour: '2026-03-02T09:00:00.000Z',
        count: 1,
      },
    ]);
  });

  it('stores no client address and no user: the counters have no such column, the limit key is hashed', async () => {
    const address = '203.0.113.77';
    assert.equal((await report({ environment: 'staging', events: [event()] }, { address })).statusCode, 204);
    const { rows: columns } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'remote_event_counts'
      ORDER BY ordinal_position`.execute(t.app.db);
    assert.deepEqual(
      columns.map((column) => column.column_name),
      ['environment', 'remote', 'version', 'channel', 'route', 'kind', 'hour', 'count'],
    );
    const { rows: keys } = await sql<{ key: string }>`
      SELECT key FROM attempt_counters WHERE key LIKE 'remote-events-address:%'`.execute(t.app.db);
    assert.ok(keys.length > 0);
    assert.ok(keys.every((row) => !row.key.includes(address)));
  });

  it('refuses a report for another environment, naming the one it counts', async () => {
    const response = await report({ environment: 'production', events: [event()] });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: otherEnvironmentMessage('staging', 'production'),
      code: 'VALIDATION',
    });
    assert.equal(response.json().message, 'This server counts the events of environment "staging", not "production".');
  });

  it('refuses a route that is not a route pattern (ids, tokens, e-mail addresses, queries), saying which event', async () => {
    for (const route of ['/books/local/12', '/verify?a=1&b=token', '/x/someone@example.com', '/Checkout', 'checkout']) {
      const response = await report({ environment: 'staging', events: [event(), event({ route })] });
      assert.equal(response.statusCode, 400, route);
      const body = response.json<{ message: string; code: string }>();
      assert.equal(body.code, 'VALIDATION');
      assert.match(body.message, /^Event 2 has a route that is not a route pattern: /, route);
    }
    assert.deepEqual(
      await counters().then((rows) =>
        rows.filter((row) => row.route !== '/checkout/cart' && row.route !== '/books/:region/:id'),
      ),
      [],
    );
  });

  it('refuses what the contract does not allow, with a readable message', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ environment: 'staging', events: [] }, /body\/events must NOT have fewer than 1 items/],
      [
        { environment: 'staging', events: Array.from({ length: 21 }, () => event()) },
        /body\/events must NOT have more than 20 items/,
      ],
      [
        { environment: 'staging', events: [event({ remote: 'remote_other' })] },
        /body\/events\/0\/remote must be equal to one of the allowed values/,
      ],
      [{ environment: 'staging', events: [event({ version: '1.4' })] }, /body\/events\/0\/version must match pattern/],
      [
        { environment: 'staging', events: [event({ kind: 'crash' })] },
        /body\/events\/0\/kind must be equal to one of the allowed values/,
      ],
      [
        { environment: 'staging', events: [event({ channel: 'beta' })] },
        /body\/events\/0\/channel must be equal to one of the allowed values/,
      ],
      [{ environment: 'staging', events: [event({ count: 0 })] }, /body\/events\/0\/count must be >= 1/],
      [{ environment: 'staging', events: [event({ count: 51 })] }, /body\/events\/0\/count must be <= 50/],
      [
        { environment: 'staging', events: [event({ message: 'TypeError at x' })] },
        /body\/events\/0 must NOT have additional properties/,
      ],
      [{ environment: 'staging', events: [event()], user: 'a@b.c' }, /body must NOT have additional properties/],
      [{ environment: '../etc', events: [event()] }, /body\/environment must match pattern/],
      [{ events: [event()] }, /body must have required property 'environment'/],
    ];
    for (const [payload, message] of cases) {
      const response = await report(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 120));
      assert.match(response.json<{ message: string }>().message, message);
    }
  });

  it('is limited per client address: 429 with Retry-After, other addresses unaffected; RATE_LIMIT=off lifts it', async () => {
    const limited = await buildApp({
      specPath,
      db: t.app.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        now: clock.now,
        portalEnv: 'staging',
        uploads: t.app.config.uploads,
        rateLimits: { ...DEFAULT_RATE_LIMITS, remoteEventsPerAddress: { max: 2, windowSeconds: 600 } },
      },
    });
    const unlimited = await buildApp({
      specPath,
      db: t.app.db,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        now: clock.now,
        portalEnv: 'staging',
        uploads: t.app.config.uploads,
        rateLimits: false,
      },
    });
    try {
      const send = (app: typeof limited, remoteAddress: string) =>
        app.inject({ method: 'POST', url: URL, payload: { environment: 'staging', events: [event()] }, remoteAddress });
      const address = uniqueAddress();
      assert.equal((await send(limited, address)).statusCode, 204);
      assert.equal((await send(limited, address)).statusCode, 204);
      const third = await send(limited, address);
      assert.equal(third.statusCode, 429);
      assert.deepEqual(third.json(), {
        statusCode: 429,
        error: 'Too Many Requests',
        message: REMOTE_EVENTS_RATE_LIMITED_MESSAGE,
        code: 'RATE_LIMITED',
      });
      const retryAfter = Number(third.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 600, String(third.headers['retry-after']));
      assert.equal((await send(limited, uniqueAddress())).statusCode, 204, 'another address');
      for (let index = 0; index < 5; index += 1) assert.equal((await send(unlimited, address)).statusCode, 204);
      clock.advance(601);
      assert.equal((await send(limited, address)).statusCode, 204, 'a new window');
    } finally {
      await limited.close();
      await unlimited.close();
    }
  });
});
