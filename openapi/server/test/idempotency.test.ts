import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@pod/shared-contracts/constants';
import { buildApp } from '../src/app.js';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_MESSAGES } from '../src/domain/idempotency.js';
import { IDEMPOTENCY_CLEANUP_JOB } from '../src/jobs/idempotency-cleanup.js';
import { contractOperations } from './contract/spec-walk.js';
import { quoteBody } from './helpers/quote-body.js';
import {
  bearer,
  buildTestApp,
  createClock,
  loginToken,
  registerActiveUser,
  specPath,
  TEST_JOBS,
  TEST_JWT_SECRET,
  uniqueAddress,
  type RegisteredUser,
  type TestApp,
} from './helpers/test-app.js';

type User = RegisteredUser & { id: number };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The ITN keeps its own deduplication (one credit per payment), and PayFast never sends the header;
 * the front-end event counts are statistics, where a repeat only moves a count; the upload pieces
 * are idempotent by their own rule (test/services/uploads.test.ts) (portal.yaml).
 */
const WITHOUT_KEY = new Set(['payfastNotify', 'uploadPacket', 'uploadPacketCover', 'reportRemoteEvents']);
const REPLAYED = IDEMPOTENT_REPLAYED_HEADER.toLowerCase();

describe('Idempotency-Key', () => {
  const clock = createClock();
  let t: TestApp;
  let user: User;
  let other: User;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
    user = await registerActiveUser(t.app);
    other = await registerActiveUser(t.app);
  });
  after(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, who: User, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { ...bearer(who.accessToken), ...(key !== undefined && { [IDEMPOTENCY_KEY_HEADER]: key }) },
      ...(payload && { payload }),
    });
  const editUser = (who: User, nameFirst: string, key?: string) =>
    call('PUT', '/user/edituser', who, { name_first: nameFirst, name_last: 'Nkosi', phone_main: '0821234567' }, key);
  const nameOf = async (who: User) => (await t.app.userRepository.findById(who.id))!.name_first;
  const storedRows = async (key: string) =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM idempotency_keys WHERE key = ${key}`.execute(t.app.db))
        .rows[0]!.n,
    );
  const chatMessages = async (who: User) =>
    (await t.app.chatRepository.listByUser(who.id)).filter((message) => message.source === 'user').length;

  describe('every mutating operation of portal.yaml', () => {
    const mutating = contractOperations().filter((operation) => MUTATING.has(operation.method));

    it('declares the IdempotencyKey parameter (the notification, event counts and upload pieces excepted)', () => {
      assert.ok(mutating.length > 40);
      const missing = mutating
        .filter(
          (operation) => !operation.parameters.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER),
        )
        .map((operation) => operation.operationId);
      assert.deepEqual(missing.sort(), [...WITHOUT_KEY].sort());
    });

    it('refuses to start when an operation that takes raw bytes declares the key (it is never fingerprinted)', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'pod-spec-'));
      try {
        const spec = readFileSync(specPath, 'utf8');
        const declared = "        - $ref: '#/components/parameters/TotalChunks'\n";
        const at = spec.indexOf(declared, spec.indexOf('operationId: uploadPacket\n')) + declared.length;
        const changed = join(folder, 'portal.yaml');
        writeFileSync(
          changed,
          `${spec.slice(0, at)}        - $ref: '#/components/parameters/IdempotencyKey'\n${spec.slice(at)}`,
        );
        await assert.rejects(
          buildApp({
            specPath: changed,
            db: t.app.db,
            config: { jwtSecret: TEST_JWT_SECRET, jobs: TEST_JOBS, uploads: t.app.config.uploads },
          }),
          /Idempotency-Key is declared by operations whose body is never fingerprinted \(raw bytes\): uploadPacket;/,
        );
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it('answers a malformed key with 400 naming the header, before authentication or the body', async () => {
      const failures: string[] = [];
      for (const operation of mutating.filter((op) => !WITHOUT_KEY.has(op.operationId))) {
        const url = `/api/v1${operation.path.replace(/{[^}]+}/g, '1')}`;
        const response = await t.app.inject({
          method: operation.method as 'POST',
          url,
          headers: { [IDEMPOTENCY_KEY_HEADER]: 'two words' },
        });
        const body = response.json<{ message: string; code: string }>();
        if (
          response.statusCode !== 400 ||
          body.code !== IDEMPOTENCY_CODES.invalid ||
          !body.message.includes(IDEMPOTENCY_KEY_HEADER)
        ) {
          failures.push(`${operation.operationId}: ${response.statusCode} ${response.body}`);
        }
      }
      assert.deepEqual(failures, []);
    });

    it('refuses too long keys and control characters; takes 1 to 255 visible characters', async () => {
      for (const key of ['x'.repeat(256), 'tab\there', ' ']) {
        const response = await editUser(user, 'Thandi', key);
        assert.equal(response.statusCode, 400, JSON.stringify(key));
        assert.deepEqual(response.json(), {
          statusCode: 400,
          error: 'Bad Request',
          message: IDEMPOTENCY_MESSAGES.invalid,
          code: IDEMPOTENCY_CODES.invalid,
        });
      }
      for (const key of ['k', 'x'.repeat(255), `~!{}"${randomUUID()}`]) {
        assert.equal((await editUser(user, 'Thandi', key)).statusCode, 200, key);
      }
    });
  });

  describe('a repeat', () => {
    it('PUT /user/edituser: answers the first result with Idempotent-Replayed and runs nothing', async () => {
      const key = randomUUID();
      const first = await editUser(user, 'Lindiwe', key);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.headers[REPLAYED], undefined);
      // Changed since by a call without the key: a replay must not set it back.
      assert.equal((await editUser(user, 'Zanele')).statusCode, 200);
      const again = await editUser(user, 'Lindiwe', key);
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers[REPLAYED], 'true');
      assert.equal(again.headers['content-type'], first.headers['content-type']);
      assert.equal(again.body, first.body);
      assert.equal(await nameOf(user), 'Zanele', 'the replay ran nothing');
      assert.equal(again.headers['cache-control'], 'no-store');
    });

    it('DELETE /user/archivebook: replayed 200; without a key the cancelled book is a 409', async () => {
      const quote = await call('POST', '/user/getquote', user, quoteBody());
      assert.equal(quote.statusCode, 200, quote.body);
      const { localBookId } = quote.json<{ localBookId: number }>();
      const key = randomUUID();
      const first = await call('DELETE', `/user/archivebook/${localBookId}/0`, user, undefined, key);
      assert.equal(first.statusCode, 200, first.body);
      const again = await call('DELETE', `/user/archivebook/${localBookId}/0`, user, undefined, key);
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers[REPLAYED], 'true');
      assert.deepEqual(again.json(), first.json());
      const fresh = await call('DELETE', `/user/archivebook/${localBookId}/0`, user);
      assert.equal(fresh.statusCode, 409);
      assert.equal(fresh.headers[REPLAYED], undefined);
    });

    it('POST /chat/user/sendmsg: one message however often it is sent', async () => {
      const key = randomUUID();
      const before = await chatMessages(user);
      const first = await call('POST', '/chat/user/sendmsg', user, { message: 'Is my book printed yet?' }, key);
      assert.equal(first.statusCode, 201, first.body);
      for (let i = 0; i < 3; i += 1) {
        const again = await call('POST', '/chat/user/sendmsg', user, { message: 'Is my book printed yet?' }, key);
        assert.equal(again.statusCode, 201);
        assert.equal(again.headers[REPLAYED], 'true');
        assert.equal(again.body, first.body);
      }
      assert.equal(await chatMessages(user), before + 1);
    });

    it('keeps a 4xx outcome too: the same refusal again', async () => {
      const key = randomUUID();
      const first = await editUser(user, '', key);
      assert.equal(first.statusCode, 400);
      const again = await editUser(user, '', key);
      assert.equal(again.statusCode, 400);
      assert.equal(again.headers[REPLAYED], 'true');
      assert.equal(again.body, first.body);
    });

    it('with a different body (or path) answers 422 and changes nothing', async () => {
      const key = randomUUID();
      assert.equal((await editUser(user, 'Ayanda', key)).statusCode, 200);
      const different = await editUser(user, 'Bongani', key);
      assert.equal(different.statusCode, 422);
      assert.deepEqual(different.json(), {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: IDEMPOTENCY_MESSAGES.reused,
        code: IDEMPOTENCY_CODES.reused,
      });
      const elsewhere = await call('POST', '/chat/user/sendmsg', user, { message: 'hello' }, key);
      assert.equal(elsewhere.statusCode, 422);
      assert.equal(await nameOf(user), 'Ayanda');
    });

    it("by another user with the same key is that user's own request", async () => {
      const key = randomUUID();
      assert.equal((await editUser(user, 'Nomsa', key)).statusCode, 200);
      const theirs = await editUser(other, 'Sipho', key);
      assert.equal(theirs.statusCode, 200);
      assert.equal(theirs.headers[REPLAYED], undefined);
      assert.equal(await nameOf(other), 'Sipho');
      assert.equal(await nameOf(user), 'Nomsa');
      assert.equal(await storedRows(key), 2);
    });

    it('while the first still runs answers 409 (Retry-After 1); the first then completes and is kept', async () => {
      const repository = t.app.userRepository;
      const original = repository.updateDetails;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const running = new Promise<void>((resolve) => (entered = resolve));
      repository.updateDetails = async (...args) => {
        entered();
        await gate;
        return original.apply(repository, args);
      };
      try {
        const key = randomUUID();
        const first = editUser(user, 'Palesa', key);
        await running;
        const meanwhile = await editUser(user, 'Palesa', key);
        assert.equal(meanwhile.statusCode, 409);
        assert.equal(meanwhile.headers['retry-after'], '1');
        assert.deepEqual(meanwhile.json(), {
          statusCode: 409,
          error: 'Conflict',
          message: IDEMPOTENCY_MESSAGES.inProgress,
          code: IDEMPOTENCY_CODES.inProgress,
        });
        release();
        assert.equal((await first).statusCode, 200);
        const after = await editUser(user, 'Palesa', key);
        assert.equal(after.headers[REPLAYED], 'true');
      } finally {
        repository.updateDetails = original;
        release();
      }
    });

    it('after a 5xx runs again: the failure is not kept', async () => {
      const repository = t.app.userRepository;
      const original = repository.updateDetails;
      repository.updateDetails = async () => {
        throw new Error('disk on fire');
      };
      const key = randomUUID();
      try {
        assert.equal((await editUser(user, 'Refilwe', key)).statusCode, 500);
      } finally {
        repository.updateDetails = original;
      }
      assert.equal(await storedRows(key), 0, 'the claim was released');
      const retry = await editUser(user, 'Refilwe', key);
      assert.equal(retry.statusCode, 200);
      assert.equal(retry.headers[REPLAYED], undefined);
      assert.equal(await nameOf(user), 'Refilwe');
    });
  });

  describe('answers that carry credentials', () => {
    it('sign-in accepts a key but never stores or replays its tokens', async () => {
      const key = randomUUID();
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/authO/login',
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          payload: { email: user.email, password: user.password },
          remoteAddress: uniqueAddress(),
        });
      const [first, second] = [await signIn(), await signIn()];
      assert.equal(first.statusCode, 200);
      assert.equal(second.statusCode, 200);
      assert.equal(second.headers[REPLAYED], undefined);
      assert.notEqual(first.json().refreshToken, second.json().refreshToken, 'two sign-ins');
      assert.equal(await storedRows(key), 0);
    });

    it('token refresh and the two-factor setup keep nothing either', async () => {
      const key = randomUUID();
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authO/refresh',
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        payload: { token: user.refreshToken },
      });
      assert.equal(refresh.statusCode, 200, refresh.body);
      const setup = await call('POST', '/user/2fa/setup', user, undefined, key);
      assert.equal(setup.statusCode, 200, setup.body);
      assert.equal(await storedRows(key), 0);
    });
  });

  describe('anonymous calls', () => {
    it('are scoped by key and request: a repeat is replayed, another request with the key runs', async () => {
      const key = randomUUID();
      const forgot = (email: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/user/forgotpwd/${encodeURIComponent(email)}`,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          remoteAddress: uniqueAddress(),
        });
      const first = await forgot(user.email);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal((await forgot(user.email)).headers[REPLAYED], 'true');
      const stranger = await forgot(other.email);
      assert.equal(stranger.statusCode, 200);
      assert.equal(stranger.headers[REPLAYED], undefined);
      const rows = await t.app.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
      assert.equal(rows.length, 2);
      assert.ok(rows.every((row) => row.user_id === null && !row.fingerprint.includes('forgotpwd')));
    });
  });

  describe('expiry', () => {
    it('frees a key after 24 hours, and the hourly sweep deletes expired rows', async () => {
      const key = randomUUID();
      assert.equal((await editUser(user, 'Thabo', key)).statusCode, 200);
      const sweep = await t.app.jobRepository.list({ type: IDEMPOTENCY_CLEANUP_JOB, status: 'queued' });
      assert.equal(sweep.length, 1, 'armed by the first claim');

      clock.advance(24 * 3600 + 1);
      const fresh = { ...user, accessToken: await loginToken(t.app, user.email, user.password) };
      const reused = await editUser(fresh, 'Tumi', key);
      assert.equal(reused.statusCode, 200, 'an expired key is a new key');
      assert.equal(reused.headers[REPLAYED], undefined);
      assert.equal(await nameOf(user), 'Tumi');

      const expiredBefore = await t.app.db
        .selectFrom('idempotency_keys')
        .select('id')
        .where('expires_at', '<=', clock.now())
        .execute();
      assert.ok(expiredBefore.length > 0);
      await t.app.jobs.runDue();
      const expiredAfter = await t.app.db
        .selectFrom('idempotency_keys')
        .select('id')
        .where('expires_at', '<=', clock.now())
        .execute();
      assert.equal(expiredAfter.length, 0);
      assert.equal(await storedRows(key), 1, 'the live claim stays');
      const next = await t.app.jobRepository.list({ type: IDEMPOTENCY_CLEANUP_JOB, status: 'queued' });
      assert.equal(next.length, 1, 'the sweep re-armed itself');
      assert.ok(next[0]!.next_run_at.getTime() > clock.now().getTime());
    });
  });
});

// PGlite runs one statement at a time; PostgreSQL runs these claims truly in parallel.
if (process.env.DATABASE_URL) {
  describe('Idempotency-Key under parallel requests (PostgreSQL)', () => {
    let t: TestApp;
    let user: User;

    before(async () => {
      t = await buildTestApp();
      user = await registerActiveUser(t.app);
    });
    after(() => t.close());

    it('runs one of twelve identical requests; the others are replayed or told it is in progress', async () => {
      const key = randomUUID();
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/user/sendmsg',
          headers: { ...bearer(user.accessToken), [IDEMPOTENCY_KEY_HEADER]: key },
          payload: { message: 'Once only, please.' },
        });
      const answers = await Promise.all(Array.from({ length: 12 }, send));
      const fresh = answers.filter((a) => a.statusCode === 201 && a.headers[REPLAYED] === undefined);
      assert.equal(fresh.length, 1, answers.map((a) => `${a.statusCode} ${a.headers[REPLAYED] ?? ''}`).join(', '));
      assert.ok(answers.every((a) => a.statusCode === 201 || a.statusCode === 409));
      const messages = (await t.app.chatRepository.listByUser(user.id)).filter((m) => m.source === 'user');
      assert.equal(messages.length, 1);
      const later = await send();
      assert.equal(later.headers[REPLAYED], 'true');
      assert.equal(later.body, fresh[0]!.body);
    });
  });
}
