import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { PAYFAST_ITN_JOB } from '../../src/jobs/payfast-itn.js';
import { injectProviderHttp } from '../../src/payments/index.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerActiveUser,
  specPath,
  TEST_JWT_SECRET,
  type TestApp,
} from '../helpers/test-app.js';

const PUBLIC_URL = 'http://portal.test';
const NOTIFY_PATH = '/api/v1/payment/payfast/notify';

/**
 * Probe defect 9: a PayFast notification is stored before it is answered, then processed by
 * the job queue with retries, and never lost to a failure or a shutdown.
 */
describe('PayFast ITN: stored first, processed by jobs', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const clock = createClock();
  /** The sandbox's notifications land here instead of being delivered: the tests post them. */
  const held: string[] = [];

  before(async () => {
    t = await buildTestApp({
      providerHttp: async (url, init) => {
        if (url.endsWith(NOTIFY_PATH)) {
          held.push(init.body ?? '');
          return { status: 200, text: async () => '' };
        }
        return injectProviderHttp(app)(url, init);
      },
      config: { publicUrl: PUBLIC_URL, now: clock.now },
    });
    app = t.app;
  });
  after(() => t.close());

  const balanceOf = async (id: number) => Number((await app.userRepository.findById(id))!.balance);
  const notificationsOf = (body: string) =>
    app.db.selectFrom('payment_notifications').selectAll().where('raw_body', '=', body).orderBy('id').execute();
  const itnJobs = () => app.jobRepository.list({ type: PAYFAST_ITN_JOB });
  const topUps = async (userId: number) =>
    (await app.paymentRepository.listLedger(userId, 0, 100)).filter(
      (row) => row.type === 'top-up' && row.status === 'complete',
    );

  /** A user with R 100 and a R 230 cart, an EFT attempt for the R 130 shortfall paid at the sandbox; its ITN body (held back). */
  async function paidAtSandbox() {
    const user = await registerActiveUser(app);
    const [book] = await app.bookRepository.insertMany([
      {
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: false,
        book_title: 'Notified',
        format_type: 'print' as const,
        misc: JSON.stringify({ status: 'quote', archived: false, isPaid: false, bookStage: 'getquote' }),
      },
    ]);
    await app.cartRepository.add({
      userId: user.id,
      bookId: book!.id,
      internationalBookId: null,
      services: [{ name: 'Print processing', cost: 200, discount: 0, discount_type: 0 }],
    });
    const started = await app.inject({
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
    const form = started.json().payment as { action: string; fields: Record<string, string> };
    const page = await app.inject({
      method: 'POST',
      url: new URL(form.action).pathname,
      payload: new URLSearchParams(form.fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const id = /name="id" value="([^"]+)"/.exec(page.body)?.[1];
    assert.ok(id, page.body);
    await app.inject({
      method: 'POST',
      url: '/sandbox/payfast/eng/process/complete',
      payload: new URLSearchParams({ id, decision: 'pay' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const body = held.pop();
    assert.ok(body, 'the sandbox sent an ITN');
    return { user, body, paymentId: started.json().result.id as number };
  }

  const notify = (target: FastifyInstance, body: string) =>
    target.inject({
      method: 'POST',
      url: NOTIFY_PATH,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  /** A database error raised once, mid-way, by a trigger (a sequence is not rolled back, so "once" holds). */
  async function failOnce(table: string, event: 'INSERT' | 'UPDATE') {
    const name = `fail_once_${table}`;
    await sql.raw(`CREATE SEQUENCE ${name}_seq`).execute(app.db);
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           IF nextval('${name}_seq') = 1 THEN RAISE EXCEPTION 'injected failure on ${table}'; END IF;
           RETURN NEW; END $$`,
      )
      .execute(app.db);
    await sql
      .raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
      .execute(app.db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(app.db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(app.db);
      await sql.raw(`DROP SEQUENCE ${name}_seq`).execute(app.db);
    };
  }

  it('stores the notification as received, with its job, before answering 200; the job then credits', async () => {
    const { user, body } = await paidAtSandbox();
    const answer = await notify(app, body);
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.body, '');

    const [stored] = await notificationsOf(body);
    assert.ok(stored, 'stored before the answer');
    assert.equal(stored.status, 'received');
    assert.equal(stored.source_address, '127.0.0.1');
    assert.match(stored.payment_reference ?? '', /^POD-/);
    const queued = (await itnJobs()).filter((job) => job.payload.notificationId === stored.id);
    assert.equal(queued.length, 1);
    assert.equal(queued[0]!.status, 'queued');
    assert.equal(await balanceOf(user.id), 100, 'nothing credited before the job runs');

    assert.ok((await app.jobs.runDue()) >= 1);
    assert.equal(await balanceOf(user.id), 0, 'credited R 130, then the R 230 cart was paid');
    const [processed] = await notificationsOf(body);
    assert.equal(processed!.status, 'processed');
    assert.equal(processed!.outcome, 'ITN credited');
    assert.equal(processed!.attempts, 1);
  });

  it('answers 503 when the notification cannot be stored, so the provider sends it again', async () => {
    const { user, body } = await paidAtSandbox();
    const restore = await failOnce('payment_notifications', 'INSERT');
    try {
      const refused = await notify(app, body);
      assert.equal(refused.statusCode, 503);
      assert.equal(refused.json().code, 'ITN_NOT_STORED');
      assert.equal((await notificationsOf(body)).length, 0);
      assert.equal((await notify(app, body)).statusCode, 200, 'the retry is stored');
    } finally {
      await restore();
    }
    await app.jobs.runDue();
    assert.equal(await balanceOf(user.id), 0);
    assert.equal((await topUps(user.id)).length, 1);
  });

  it('retries processing that failed mid-way (database error) with backoff, and credits exactly once', async () => {
    const { user, body, paymentId } = await paidAtSandbox();
    assert.equal((await notify(app, body)).statusCode, 200);
    const restore = await failOnce('ledger_entries', 'UPDATE');
    try {
      assert.equal(await app.jobs.runDue(), 1);
    } finally {
      await restore();
    }
    const [afterFailure] = await notificationsOf(body);
    assert.equal(afterFailure!.status, 'received');
    assert.equal(afterFailure!.attempts, 1);
    assert.match(afterFailure!.last_error ?? '', /injected failure/);
    const [job] = (await itnJobs()).filter((row) => row.payload.notificationId === afterFailure!.id);
    assert.equal(job!.status, 'queued');
    assert.equal(job!.attempts, 1);
    assert.ok(job!.next_run_at.getTime() > clock.now().getTime(), 'backs off');
    assert.equal(await balanceOf(user.id), 100, 'the failed attempt credited nothing (rolled back)');
    assert.equal((await app.paymentRepository.lock(paymentId))!.status, 'pending');

    assert.equal(await app.jobs.runDue(), 0, 'not due yet');
    clock.advance(60);
    assert.equal(await app.jobs.runDue(), 1);
    assert.equal(await balanceOf(user.id), 0);
    assert.equal((await topUps(user.id)).length, 1);
    const [done] = await notificationsOf(body);
    assert.equal(done!.status, 'processed');
    assert.equal(done!.outcome, 'ITN credited');
    assert.equal(done!.attempts, 2);

    // PayFast sending it again (it got a 200, but may): stored, processed, credits nothing more.
    assert.equal((await notify(app, body)).statusCode, 200);
    await app.jobs.runDue();
    assert.deepEqual(
      (await notificationsOf(body)).map((row) => row.outcome),
      ['ITN credited', 'ITN already processed'],
    );
    assert.equal((await topUps(user.id)).length, 1);
  });

  it('credits once when the same notification arrives 5 times in parallel and 3 workers run at once', async () => {
    const { user, body } = await paidAtSandbox();
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(app, body)));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [200, 200, 200, 200, 200],
    );
    await Promise.all([app.jobs.runDue(), app.jobs.runDue(), app.jobs.runDue()]);
    assert.equal(await balanceOf(user.id), 0);
    assert.equal((await topUps(user.id)).length, 1);
    const outcomes = (await notificationsOf(body)).map((row) => row.outcome).sort();
    assert.deepEqual(outcomes, [
      'ITN already processed',
      'ITN already processed',
      'ITN already processed',
      'ITN already processed',
      'ITN credited',
    ]);
  });

  /** A second app on the same database with its worker running (as server.ts starts it). */
  const workerApp = () =>
    buildApp({
      specPath,
      db: app.db,
      providerHttp: injectProviderHttp(app),
      config: {
        jwtSecret: TEST_JWT_SECRET,
        publicUrl: PUBLIC_URL,
        now: clock.now,
        jobs: { worker: true, pollIntervalMs: 60_000 },
      },
    });

  it('close() waits for the job in progress', async () => {
    const other = await workerApp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    other.jobs.define('test-gated', {
      maxAttempts: 1,
      async run() {
        started();
        await gate;
        finished = true;
      },
    });
    await other.ready();
    const job = await other.jobs.enqueue('test-gated', {});
    await running;
    const closing = other.close();
    release();
    await closing;
    assert.equal(finished, true);
    const [row] = (await app.jobRepository.list({ type: 'test-gated' })).filter((candidate) => candidate.id === job.id);
    assert.equal(row!.status, 'done');
  });

  it('a notification received right before close is finished, or stays stored for the next app: credited once either way', async () => {
    const { user, body } = await paidAtSandbox();
    const other = await workerApp();
    await other.ready();
    assert.equal((await notify(other, body)).statusCode, 200);
    await other.close();

    const [stored] = await notificationsOf(body);
    assert.ok(stored);
    assert.ok(['received', 'processed'].includes(stored.status), stored.status);
    const [job] = (await itnJobs()).filter((row) => row.payload.notificationId === stored.id);
    assert.ok(job!.status === 'queued' || job!.status === 'done', `never left running: ${job!.status}`);

    await app.jobs.runDue(); // the next app on this database
    assert.equal((await notificationsOf(body))[0]!.status, 'processed');
    assert.equal(await balanceOf(user.id), 0);
    assert.equal((await topUps(user.id)).length, 1);
  });
});
