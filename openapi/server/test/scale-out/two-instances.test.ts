import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.js';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { injectProviderHttp } from '../../src/payments/index.js';
import type { ProviderHttp } from '../../src/payments/types.js';
import { migrateDatabase, openDatabase } from '../../src/plugins/external/db.js';
import type { Database } from '../../src/plugins/external/db-schema.js';
import {
  bearer,
  createClock,
  createTestDatabase,
  registerActiveUser,
  registerUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  uniqueAddress,
  type TestDatabase,
} from '../helpers/test-app.js';

/**
 * Two API instances on one database, as behind a load balancer: whatever one of them knows, the
 * other must know too. With DATABASE_URL (the server-pg step) each instance opens its own
 * connection pool to the same PostgreSQL database, so their statements really run in parallel;
 * on PGlite (the server step) both share the one embedded database, which is all PGlite allows
 * in a process, and the same assertions hold.
 */
const PUBLIC_URL = 'http://portal.example.test';
const WRONG = 'Wrong#Pass1';
const perAccount = DEFAULT_RATE_LIMITS.loginFailuresPerEmail;
/** The queue's default lease (jobs/queue.ts): after it a claimed job may be taken over. */
const LEASE_SECONDS = 5 * 60;

describe('two API instances on one database', () => {
  const clock = createClock();
  let database: TestDatabase;
  let shared: Kysely<Database> | undefined;
  const uploadDir = mkdtempSync(join(tmpdir(), 'pod-two-instances-'));
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** Where each instance's calls to providers go: A's reach B and B's reach A (set once both exist). */
  const peers = new Map<string, FastifyInstance>();

  async function instance(name: string, peer: string): Promise<FastifyInstance> {
    const providerHttp: ProviderHttp = (url, init) => injectProviderHttp(peers.get(peer)!)(url, init);
    return buildApp({
      specPath,
      ...(shared ? { db: shared } : { database: database.options }),
      providerHttp,
      config: {
        jwtSecret: TEST_JWT_SECRET,
        jobs: TEST_JOBS,
        publicUrl: PUBLIC_URL,
        now: clock.now,
        uploads: { dir: uploadDir, abandonHours: 48, store: { kind: 'local' } },
      },
    }).then((app) => {
      peers.set(name, app);
      return app;
    });
  }

  before(async () => {
    database = await createTestDatabase();
    if (!database.options.url) {
      shared = await openDatabase(database.options);
      await migrateDatabase(shared);
    }
    // One after the other: both migrate on start, and the migration lock makes the second wait.
    a = await instance('A', 'B');
    b = await instance('B', 'A');
  });

  after(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await shared?.destroy();
    await database.drop();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('holds the login limit across both under parallel wrong passwords', async () => {
    clock.advance(perAccount.windowSeconds);
    const user = await registerUser(a);
    const total = perAccount.max * 3;
    const responses = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/v1/authO/login',
          payload: { email: user.email, password: WRONG },
          remoteAddress: uniqueAddress(),
        }),
      ),
    );
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    assert.deepEqual(counts, { 401: perAccount.max, 429: total - perAccount.max });
    // Locked on both: even the right password is refused, whichever instance answers.
    for (const app of [a, b]) {
      const locked = await app.inject({
        method: 'POST',
        url: '/api/v1/authO/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: uniqueAddress(),
      });
      assert.equal(locked.statusCode, 429);
    }
  });

  it('completes a PayFast payment started on A, paid and notified on B, confirmed on A', async () => {
    const user = await registerActiveUser(a);
    const [book] = await a.bookRepository.insertMany([
      {
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: false,
        book_title: 'Two instances',
        format_type: 'print',
        misc: JSON.stringify({ status: 'quote', archived: false, isPaid: false, bookStage: 'getquote' }),
      },
    ]);
    await a.cartRepository.add({
      userId: user.id,
      bookId: book!.id,
      internationalBookId: null,
      services: [{ name: 'Print processing', cost: 400, discount: 0, discount_type: 0 }],
    });
    const started = await a.inject({
      method: 'POST',
      url: '/api/v1/user/createtransaction',
      headers: bearer(user.accessToken),
      payload: {
        transaction_ref: `PAY-${randomUUID()}`,
        user_book_id: [book!.id],
        user_international_book_id: [],
        amount: 1,
        provider: 'eft',
      },
    });
    assert.equal(started.statusCode, 201, started.body);
    const { payment } = started.json<{ payment: { action: string; fields: Record<string, string> } }>();

    // The buyer's browser lands on A's sandbox page; her Pay reaches B.
    const page = await a.inject({
      method: 'POST',
      url: new URL(payment.action).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payment.fields).toString(),
    });
    assert.equal(page.statusCode, 200, page.body);
    const id = /name="id" value="([^"]+)"/.exec(page.body)?.[1];
    assert.ok(id, 'the sandbox page carries the payment id');
    const paid = await b.inject({
      method: 'POST',
      url: '/sandbox/payfast/eng/process/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id, decision: 'pay' }).toString(),
    });
    assert.equal(paid.statusCode, 303, paid.body);
    // A second Pay, on the other instance, finds it decided.
    const again = await a.inject({
      method: 'POST',
      url: '/sandbox/payfast/eng/process/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id, decision: 'pay' }).toString(),
    });
    assert.equal(again.statusCode, 409);

    // B's sandbox posted the ITN through its provider HTTP, which reaches A: A stored it and
    // queued its processing. B's worker runs it, and its validation asks A's sandbox.
    assert.equal(await b.jobs.runDue(), 1);
    const back = new URL(paid.headers.location as string);
    const confirmed = await a.inject({
      method: 'POST',
      url: '/api/v1/user/checkoutsuccess',
      headers: bearer(user.accessToken),
      payload: { reference: back.searchParams.get('tref'), token: back.searchParams.get('token') },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().result.status, 'complete');
    assert.equal(confirmed.json().result.cart_paid, true);
    assert.equal((await b.cartRepository.listByUser(user.id)).length, 0);
  });

  it('runs each job once when both workers drain the queue in parallel', async () => {
    const runs: number[] = [];
    for (const app of [a, b]) {
      app.jobs.define<{ n: number }>('scale-parallel', {
        maxAttempts: 3,
        async run({ n }) {
          runs.push(n);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
    }
    for (let n = 0; n < 20; n += 1) await a.jobs.enqueue('scale-parallel', { n });
    const [ranOnA, ranOnB] = await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
    assert.equal(ranOnA + ranOnB, 20);
    assert.deepEqual(
      runs.sort((x, y) => x - y),
      Array.from({ length: 20 }, (_, n) => n),
    );
  });

  // Last: A is gone afterwards.
  it('runs a job A enqueued, and one A had started when it went away, on B exactly once', async () => {
    const finished: Array<{ n: number; by: string; attempt: number }> = [];
    let startedOnA!: () => void;
    const aStarted = new Promise<void>((resolve) => (startedOnA = resolve));
    a.jobs.define<{ n: number }>('scale-takeover', {
      maxAttempts: 3,
      async run({ n }, job) {
        if (n === 1) {
          // A dies in the middle of this job: it never finishes here.
          startedOnA();
          await new Promise(() => {});
        }
        finished.push({ n, by: 'A', attempt: job.attempts });
      },
    });
    b.jobs.define<{ n: number }>('scale-takeover', {
      maxAttempts: 3,
      async run({ n }, job) {
        finished.push({ n, by: 'B', attempt: job.attempts });
      },
    });
    for (let n = 0; n < 4; n += 1) await a.jobs.enqueue('scale-takeover', { n });
    // A runs job 0, starts job 1 and is closed mid-way; jobs 2 and 3 stay queued.
    void a.jobs.runDue();
    await aStarted;
    await a.close();

    // B takes what is due; job 1 is still leased to the worker that vanished.
    assert.equal(await b.jobs.runDue(), 2);
    assert.deepEqual(
      finished.map(({ n, by }) => `${n}:${by}`),
      ['0:A', '2:B', '3:B'],
    );
    // Once the lease has expired, B runs it: its second attempt, and the last time.
    clock.advance(LEASE_SECONDS + 1);
    assert.equal(await b.jobs.runDue(), 1);
    assert.deepEqual(finished.at(-1), { n: 1, by: 'B', attempt: 2 });
    clock.advance(LEASE_SECONDS + 1);
    assert.equal(await b.jobs.runDue(), 0);
    const jobs = await b.jobRepository.list({ type: 'scale-takeover' });
    assert.deepEqual(
      jobs.map((job) => job.status),
      ['done', 'done', 'done', 'done'],
    );
  });
});
