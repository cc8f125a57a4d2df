import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_HELP, actorName, runAdminCli } from '../../src/admin/command-line.js';
import { createAdminConsole, type AdminConsole } from '../../src/admin/index.js';
import { requestDeniedChat } from '../../src/admin/requests.js';
import { PUSH_OFF_MESSAGE, TEST_NOTIFICATION } from '../../src/admin/support.js';
import { assertMoneyInvariants } from '../helpers/money-invariants.js';
import { startPushService } from '../helpers/push-service.js';
import { quoteBody } from '../helpers/quote-body.js';
import { UPDATE_REQUEST } from '../helpers/update-request-body.js';
import {
  bearer,
  buildTestApp,
  createClock,
  registerActiveUser,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.js';

type User = RegisteredUser & { id: number };

describe('admin console (pnpm --filter api-server admin)', () => {
  const clock = createClock();
  let t: TestApp;
  let user: User;
  let admin: AdminConsole;

  before(async () => {
    t = await buildTestApp({ config: { now: clock.now } });
    user = await registerActiveUser(t.app);
    admin = createAdminConsole({ db: t.app.db, actor: 'console-test', now: clock.now, push: t.app.webPush });
  });
  after(() => t.close());

  /** Runs a command line as the CLI would; answers the exit code and what it printed. */
  async function cli(...argv: string[]) {
    const { exitCode, stdout, stderr } = await runAdminCli(argv, async (as) =>
      createAdminConsole({ db: t.app.db, actor: actorName(as), now: clock.now, push: t.app.webPush }),
    );
    return { code: exitCode, out: stdout, err: stderr };
  }
  const auditActions = async (userId?: number) =>
    (await admin.listAudit('1000', userId === undefined ? undefined : String(userId))).map((row) => row.action);

  describe('command line', () => {
    it('prints the help for help, -h and no command (exit 0), listing every command', async () => {
      for (const argv of [['help'], ['-h'], []]) {
        const { code, out } = await cli(...argv);
        assert.equal(code, 0);
        assert.equal(out, ADMIN_HELP);
      }
      for (const command of [
        'requests approve',
        'chat reply',
        'book status',
        'order add',
        'sales set',
        'balance credit',
        'coupon create',
        'push test',
        'audit',
      ]) {
        assert.ok(ADMIN_HELP.includes(command), command);
      }
    });

    it('answers a usage error with exit code 2 and the help', async () => {
      for (const argv of [
        ['frobnicate'],
        ['requests', 'approve'],
        ['book', 'status', '1'],
        ['requests', 'list', '--bogus'],
      ]) {
        const { code, err } = await cli(...argv);
        assert.equal(code, 2, argv.join(' '));
        assert.ok(err.endsWith(ADMIN_HELP));
      }
    });

    it('answers a refusal with exit code 1 and one line, as JSON with --json', async () => {
      const text = await cli('requests', 'approve', 'nobody@example.test');
      assert.equal(text.code, 1);
      assert.equal(text.err, 'error: No user "nobody@example.test" (give an id or an e-mail address)');
      const json = await cli('book', 'status', '1', 'shipped', '--json');
      assert.equal(json.code, 1);
      assert.deepEqual(JSON.parse(json.err), {
        error: 'The status must be one of quote, pending, denied, approved, got "shipped"',
      });
    });

    it('records who acted: --as, else ADMIN_NAME, else the OS user', async () => {
      assert.equal(actorName('  Nomsa  ', {}), 'Nomsa');
      assert.equal(actorName(undefined, { ADMIN_NAME: 'ops' }), 'ops');
      assert.ok(actorName(undefined, {}).length > 0);
      const { code } = await cli('requests', 'list', '--as', 'Nomsa');
      assert.equal(code, 0);
      const [latest] = await admin.listAudit('1');
      assert.deepEqual([latest?.actor, latest?.action], ['Nomsa', 'requests.list']);
    });
  });

  describe('update requests', () => {
    it('lists, shows (masked) and denies a request; the user is told in the chat', async () => {
      const author = await registerActiveUser(t.app);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/requestchange',
        headers: bearer(author.accessToken),
        payload: UPDATE_REQUEST(author.email),
      });
      assert.equal(put.statusCode, 200, put.body);

      const listed = await cli('requests', 'list', '--json');
      assert.equal(listed.code, 0);
      assert.ok(JSON.parse(listed.out).some((r: { userId: number }) => r.userId === author.id));
      const shown = await cli('requests', 'show', author.email);
      assert.equal(shown.code, 0);
      assert.match(shown.out, /•••• 7766/);
      assert.doesNotMatch(shown.out, /9988 7766/);

      const denied = await cli(
        'requests',
        'deny',
        String(author.id),
        '--reason',
        'The registration number does not match',
      );
      assert.equal(denied.code, 0, denied.err);
      const row = (await t.app.userRepository.findById(author.id))!;
      assert.equal(row.pending_changes, null);
      assert.equal(row.user_confirmation, 0);
      assert.equal(row.name_first, 'Lerato');
      const chat = await t.app.inject({
        method: 'GET',
        url: '/api/v1/chat/user/getchat',
        headers: bearer(author.accessToken),
      });
      assert.deepEqual(
        chat.json<Array<{ source: string; message: string }>>().map((m) => [m.source, m.message]),
        [['system', requestDeniedChat('The registration number does not match')]],
      );
      assert.equal((await cli('requests', 'approve', author.email)).code, 1);
      assert.deepEqual(await auditActions(author.id), ['requests.deny', 'requests.show']);
    });

    it('approves a request with a new e-mail address by mailing it the confirmation link', async () => {
      const author = await registerActiveUser(t.app);
      const request = UPDATE_REQUEST('sipho.new@example.test');
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/requestchange',
        headers: bearer(author.accessToken),
        payload: request,
      });
      const outcome = await admin.approveRequest(author.email);
      assert.equal(outcome.email, 'link sent');
      // No signed contract: nothing to re-sign, user_status stays 1.
      assert.equal(outcome.userStatus, 1);
      assert.equal((await t.app.userRepository.findById(author.id))!.email, author.email);
      await t.app.jobs.runDue();
      const [mail] = await t.app.emailOutboxRepository.list({ to: 'sipho.new@example.test', limit: 1 });
      assert.match(mail!.text_body, /\/verify\?id=\d+&token=/);
    });
  });

  describe('chat', () => {
    it('replies in the user chat as admin; the user reads it, and the admin reads the chat', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/user/sendmsg',
        headers: bearer(user.accessToken),
        payload: { message: 'Is my book approved?' },
      });
      const reply = await cli('chat', 'reply', user.email, 'Yes,', 'it', 'is.', '--as', 'Nomsa');
      assert.equal(reply.code, 0, reply.err);
      const chat = await t.app.inject({
        method: 'GET',
        url: '/api/v1/chat/user/getchat',
        headers: bearer(user.accessToken),
      });
      assert.deepEqual(
        chat.json<Array<{ source: string; message: string }>>().map((m) => [m.source, m.message]),
        [
          ['user', 'Is my book approved?'],
          ['admin', 'Yes, it is.'],
        ],
      );
      const shown = await cli('chat', 'show', String(user.id), '--json');
      assert.deepEqual(
        JSON.parse(shown.out).map((m: { author: string | null }) => m.author),
        [null, 'Nomsa'],
      );
      assert.equal((await cli('chat', 'reply', user.email)).code, 2);
      assert.equal((await cli('chat', 'reply', user.email, '   ')).code, 1);
    });
  });

  describe('books, orders and sales', () => {
    let bookId: number;
    before(async () => {
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/getquote',
        headers: bearer(user.accessToken),
        payload: quoteBody({ book_title: 'Console Book', is_international: false }),
      });
      assert.equal(quote.statusCode, 200, quote.body);
      bookId = quote.json<{ localBookId: number }>().localBookId;
    });

    it('moves a book through its statuses and marks it paid', async () => {
      for (const status of ['pending', 'denied', 'approved', 'quote']) {
        const { code, out } = await cli('book', 'status', String(bookId), status, '--json');
        assert.equal(code, 0);
        assert.equal(JSON.parse(out).status, status);
      }
      const paid = await cli('book', 'paid', String(bookId), '--json');
      assert.equal(paid.code, 0);
      assert.deepEqual(
        JSON.parse(paid.out).map((b: { paid: boolean; status: string }) => [b.paid, b.status]),
        [[true, 'pending']],
      );
      const library = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/getuserbooks',
        headers: bearer(user.accessToken),
      });
      const book = library
        .json<{ localBooks: Array<{ id: number; misc: string }> }>()
        .localBooks.find((b) => b.id === bookId)!;
      assert.equal(JSON.parse(book.misc).isPaid, true);
      assert.equal((await cli('book', 'status', '999999', 'approved')).code, 1);
    });

    it('records orders and recomputes the sales summary the library shows', async () => {
      const first = await cli(
        'order',
        'add',
        String(bookId),
        '--order-id',
        'TKL-1',
        '--price',
        '249.00',
        '--quantity',
        '2',
        '--customer',
        'Takealot',
      );
      assert.equal(first.code, 0, first.err);
      await cli('order', 'add', String(bookId), '--order-id', 'TKL-2', '--price', '249', '--status', 'returned');
      const orders = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/getordersperbook/${bookId}`,
        headers: bearer(user.accessToken),
      });
      assert.equal(orders.json<{ results: unknown[] }>().results.length, 2);
      const sales = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/getsaleperbook/${bookId}`,
        headers: bearer(user.accessToken),
      });
      const summary = sales.json<{ result: { quantity: number; returned: number; total_revenue: number } }>().result;
      assert.deepEqual([summary.quantity, summary.returned, summary.total_revenue], [2, 1, 498]);
      assert.equal((await cli('order', 'add', String(bookId), '--order-id', 'TKL-3', '--price', 'free')).code, 1);

      const set = await cli(
        'sales',
        'set',
        String(bookId),
        '--sold',
        '10',
        '--revenue',
        '2490',
        '--returned',
        '1',
        '--json',
      );
      assert.equal(set.code, 0, set.err);
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/getsaleperbook/${bookId}`,
        headers: bearer(user.accessToken),
      });
      assert.equal(after.json<{ result: { quantity: number } }>().result.quantity, 10);
    });
  });

  describe('money', () => {
    it('credits a balance with a ledger row, keeping balances equal to the ledger', async () => {
      const before = Number((await t.app.userRepository.findById(user.id))!.balance);
      const { code, out } = await cli('balance', 'credit', user.email, '150.50', '--reason', 'Goodwill', '--json');
      assert.equal(code, 0);
      assert.equal(JSON.parse(out).balance, (before + 150.5).toFixed(2));
      const ledger = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/transactions',
        headers: bearer(user.accessToken),
      });
      const credit = ledger
        .json<{ results: Array<{ type: string; reference: string; amount_after_fees: number }> }>()
        .results.filter((row) => row.type === 'admin credit');
      assert.deepEqual(
        credit.map((row) => [row.reference, row.amount_after_fees]),
        [['Goodwill', 150.5]],
      );
      for (const amount of ['0', 'abc', '1.234', '100000000']) {
        assert.equal((await cli('balance', 'credit', user.email, amount)).code, 1, amount);
      }
      // A negative amount reads as an unknown option: a usage error, nothing debited.
      assert.equal((await cli('balance', 'credit', user.email, '-5')).code, 2);
      await assertMoneyInvariants(t.app);
    });

    it('creates coupons a user can redeem, once per code', async () => {
      const created = await cli('coupon', 'create', 'winter25', '--type', 'value', '--amount', '25');
      assert.equal(created.code, 0, created.err);
      assert.match(created.out, /code: WINTER25/);
      assert.equal((await cli('coupon', 'create', 'WINTER25', '--type', 'value', '--amount', '5')).code, 1);
      assert.equal((await cli('coupon', 'create', 'HALF', '--type', 'percentage', '--amount', '150')).code, 1);
      const redeemed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/addcoupon',
        headers: bearer(user.accessToken),
        payload: { coupon_code: 'winter25' },
      });
      assert.equal(redeemed.statusCode, 200, redeemed.body);
      await assertMoneyInvariants(t.app);
    });
  });

  describe('push test', () => {
    it('refuses a user without a push subscription (exit 1) and records the attempt', async () => {
      const { code, err } = await cli('push', 'test', user.email);
      assert.equal(code, 1);
      assert.equal(
        err,
        `error: ${user.email} has no push subscription: notifications are not allowed in any browser signed in to the portal.`,
      );
      const [latest] = await admin.listAudit('1', String(user.id));
      assert.equal(latest?.action, 'push.test');
      assert.deepEqual(latest?.details, { delivered: false, total: 0, sent: 0, removed: 0, failed: 0 });
    });

    it('sends the test notification to every subscription, drops gone ones, and reports it', async () => {
      const [live, gone] = [await startPushService(), await startPushService()];
      gone.answer(410);
      try {
        for (const service of [live, gone]) {
          await t.app.pushSubscriptionRepository.save(
            {
              userId: user.id,
              endpoint: service.endpoint(),
              ...service.ua.keys,
              expirationTime: null,
              at: clock.now(),
            },
            20,
          );
        }
        const { code, out } = await cli('push', 'test', user.email);
        assert.equal(code, 0);
        assert.equal(
          out,
          `message: Sent a test notification to 1 of 2 subscription(s) of ${user.email}; 1 the push service no longer knows removed.\n` +
            `userId: ${user.id}\ntotal: 2\nsent: 1\nremoved: 1\nfailed: 0`,
        );
        assert.deepEqual(JSON.parse(live.received[0]!.plaintext), TEST_NOTIFICATION);
        assert.equal((await t.app.pushSubscriptionRepository.listByUser(user.id)).length, 1, 'the gone one is deleted');
        const again = await cli('--json', 'push', 'test', String(user.id));
        assert.equal(again.code, 0);
        assert.ok(JSON.parse(again.out).message.startsWith('Sent a test notification to 1 of 1'));
        const [latest] = await admin.listAudit('1', String(user.id));
        assert.deepEqual(latest?.details, { delivered: true, total: 1, sent: 1, removed: 0, failed: 0 });
      } finally {
        await Promise.all([live.close(), gone.close()]);
      }
    });

    it('says so when push is off on the server (exit 1), recorded', async () => {
      const { exitCode, stderr } = await runAdminCli(['push', 'test', user.email], async () =>
        createAdminConsole({ db: t.app.db, actor: 'console-test', now: clock.now, push: null }),
      );
      assert.equal(exitCode, 1);
      assert.equal(stderr, `error: ${PUSH_OFF_MESSAGE}`);
      const [latest] = await admin.listAudit('1', String(user.id));
      assert.deepEqual(latest?.details, { delivered: false, reason: 'push is off' });
    });
  });

  it('writes an audit row for every action, with who, what, whom and when', async () => {
    const rows = await admin.listAudit('1000');
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'requests.list',
      'requests.show',
      'requests.approve',
      'requests.deny',
      'chat.reply',
      'chat.show',
      'book.status',
      'book.paid',
      'order.add',
      'sales.set',
      'balance.credit',
      'coupon.create',
      'push.test',
    ]) {
      assert.ok(actions.has(action), action);
    }
    for (const row of rows) {
      assert.ok(row.actor.length > 0);
      assert.ok(row.created_at instanceof Date);
    }
    const credit = rows.find((row) => row.action === 'balance.credit')!;
    assert.deepEqual(
      [credit.user_id, credit.details.amount, credit.details.reference],
      [user.id, '150.50', 'Goodwill'],
    );
    // Refused actions leave no row: the audit row is written in the action's own transaction.
    assert.equal(rows.filter((row) => row.action === 'coupon.create').length, 1);
    const printed = await cli('audit', '--limit', '3');
    assert.equal(printed.code, 0);
    assert.equal(printed.out.split('\n').length, 3);
  });
});
