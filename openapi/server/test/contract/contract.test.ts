import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { seedDemo, DEMO_ACCOUNT } from '../../src/seed/index.js';
import { pngDataUrl } from '../helpers/contract-body.js';
import { assertMoneyInvariants } from '../helpers/money-invariants.js';
import {
  bearer,
  buildTestApp,
  latestMail,
  linkIn,
  loginToken,
  registerUser,
  activateUser,
  uniqueAddress,
  type TestApp,
} from '../helpers/test-app.js';
import { malformedCases, prng } from './malformed.js';
import { NOT_ID_BEARING, OWNERSHIP, type OwnerResources } from './ownership.js';
import { contractOperations } from './spec-walk.js';

/**
 * The systematic suite, generated from portal.yaml so an operation is covered the day it is added:
 * (a) the ownership matrix: user B naming user A's resources gets the not-found answer and nothing
 *     of A's changes; an operation neither in OWNERSHIP nor in NOT_ID_BEARING fails the suite;
 * (b) at least 50 malformed requests per operation (seeded PRNG; CONTRACT_SEED=<n> replays a run)
 *     and not one answer of 500;
 * then the money invariants over every user the run touched.
 */
const SEED = Number(process.env.CONTRACT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MIN_CASES = 50;

describe(`contract suite (CONTRACT_SEED=${SEED})`, () => {
  const operations = contractOperations();
  let t: TestApp;
  let a: OwnerResources;
  let tokenA: string;
  let tokenB: string;
  let userIdA: number;
  const warnings: Array<{ msg: string }> = [];

  /** Everything of A's that B could change: account, books, cart, ledger, payments, redemptions, chat, renewals. */
  const snapshotOfA = async () => {
    const rows = async (
      table:
        | 'users'
        | 'books'
        | 'cart_items'
        | 'ledger_entries'
        | 'payment_transactions'
        | 'coupon_redemptions'
        | 'refresh_tokens'
        | 'chat_messages'
        | 'contract_renewals',
      column: string,
    ) =>
      (await sql`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${userIdA} ORDER BY 1`.execute(t.app.db))
        .rows;
    return JSON.stringify({
      user: await rows('users', 'id'),
      books: await rows('books', 'user_id'),
      cart: await rows('cart_items', 'user_id'),
      ledger: await rows('ledger_entries', 'user_id'),
      payments: await rows('payment_transactions', 'user_id'),
      redemptions: await rows('coupon_redemptions', 'user_id'),
      sessions: await rows('refresh_tokens', 'user_id'),
      chat: await rows('chat_messages', 'user_id'),
      renewals: await rows('contract_renewals', 'user_id'),
    });
  };

  before(async () => {
    t = await buildTestApp({
      providerHttp: 'inject',
      config: { publicUrl: 'http://portal.example.test' },
      // Warnings are kept: the data-error safety net logs one whenever a portal.yaml bound is missing.
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void warnings.push(JSON.parse(line) as { msg: string }) },
      },
    });
    const app = t.app;
    await seedDemo(app);
    tokenA = await loginToken(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    userIdA = (await app.userRepository.findByEmail(DEMO_ACCOUNT.email))!.id;

    const userB = await registerUser(app);
    const verifyLink = linkIn((await latestMail(app, userB.email))!.text_body, '/verify');
    const userIdB = await activateUser(app, userB.email);
    tokenB = userB.accessToken;
    await app.inject({
      method: 'PUT',
      url: `/api/v1/user/forgotpwd/${encodeURIComponent(userB.email)}`,
      remoteAddress: uniqueAddress(),
    });
    const resetLink = linkIn((await latestMail(app, userB.email))!.text_body, '/reset-password');

    const books = await app.bookRepository.listByUser(userIdA);
    const flagOf = (book: { is_international: boolean }) => (book.is_international ? 1 : 0) as 0 | 1;
    const local = books.find(
      (b) => !b.is_international && books.some((p) => p.is_international && p.pair_id === b.pair_id),
    )!;
    const international = books.find((b) => b.is_international && b.pair_id === local.pair_id)!;
    const withFile = books.find((b) => b.files.length > 0)!;
    const contract = books.find((b) => b.contract !== null && b.misc.status !== 'quote')!;
    const quote = books.find((b) => b.misc.status === 'quote' && !b.misc.archived && !b.misc.isPaid)!;
    const archived = books.find((b) => b.misc.archived && !b.misc.isPaid)!;
    const cartItems = await app.cartRepository.listByUser(userIdA);
    const [cartItem] = cartItems;
    assert.ok(
      local && international && withFile && contract && quote && archived && cartItem,
      'the demo library has every kind of record',
    );

    const pay = (provider: string, reference: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/createtransaction',
        headers: bearer(tokenA),
        // The whole cart: the demo account's balance covers less than all of it (the top-up path).
        payload: {
          transaction_ref: reference,
          user_book_id: cartItems.flatMap((item) => (item.book_id === null ? [] : [item.book_id])),
          user_international_book_id: cartItems.flatMap((item) =>
            item.international_book_id === null ? [] : [item.international_book_id],
          ),
          provider,
        },
      });
    const chat = await app.inject({
      method: 'POST',
      url: '/api/v1/chat/user/sendmsg',
      headers: bearer(tokenA),
      payload: { message: 'A picture', imageData: pngDataUrl() },
    });
    assert.equal(chat.statusCode, 201, chat.body);
    const chatImage = JSON.parse(chat.json<{ results: Array<{ misc: string }> }>().results[0]!.misc) as {
      imageData: string;
    };

    const eft = await pay('eft', 'PAY-owner-eft');
    assert.equal(eft.statusCode, 201, eft.body);
    const card = await pay('card', 'PAY-owner-card');
    assert.equal(card.statusCode, 201, card.body);

    a = {
      userId: userIdA,
      foreignVerifyToken: verifyLink.token,
      foreignResetToken: resetLink.token,
      foreignFileToken: app.fileLinks.token(userIdB, withFile.id, { kind: 'file', name: withFile.files[0]!.filename }),
      localBookId: local.id,
      internationalBookId: international.id,
      contractBookId: contract.id,
      contractBookFlag: flagOf(contract),
      quoteBookId: quote.id,
      quoteBookFlag: flagOf(quote),
      archivedBookId: archived.id,
      archivedBookFlag: flagOf(archived),
      cartLocalId: cartItem.book_id ?? 0,
      cartInternationalId: cartItem.international_book_id ?? 0,
      eftReference: 'PAY-owner-eft',
      eftTransactionId: eft.json<{ result: { id: number } }>().result.id,
      cardTxRef: card.json<{ payment: { fields: Record<string, string> } }>().payment.fields.tx_ref!,
      chatImageName: chatImage.imageData.split('/').pop()!,
    };
  });
  after(() => t.close());

  it('classifies every operation of portal.yaml as id-bearing (with a case) or not (with a reason)', () => {
    const unclassified = operations.map((o) => o.operationId).filter((id) => !OWNERSHIP[id] && !NOT_ID_BEARING[id]);
    assert.deepEqual(
      unclassified,
      [],
      'add these operations to OWNERSHIP or NOT_ID_BEARING in test/contract/ownership.ts',
    );
    const stale = [...Object.keys(OWNERSHIP), ...Object.keys(NOT_ID_BEARING)].filter(
      (id) => !operations.some((o) => o.operationId === id),
    );
    assert.deepEqual(stale, [], 'operations no longer in portal.yaml');
  });

  it("(a) user B naming user A's resources gets the not-found answer and changes nothing of A's", async () => {
    const failures: string[] = [];
    const answers: Record<string, number> = {};
    for (const operation of operations) {
      const ownership = OWNERSHIP[operation.operationId];
      if (!ownership) continue;
      const before = await snapshotOfA();
      const request = ownership.request(a);
      const response = await t.app.inject({
        ...request,
        remoteAddress: uniqueAddress(),
        headers: { ...(request.headers as object), ...(!ownership.public && bearer(tokenB)) },
      });
      const notImplemented =
        response.statusCode === 501 && / is not implemented yet /.test(response.json<{ message: string }>().message);
      answers[response.statusCode] = (answers[response.statusCode] ?? 0) + 1;
      if (!ownership.expect.includes(response.statusCode) && !notImplemented) {
        failures.push(`${operation.operationId}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      if ((await snapshotOfA()) !== before) failures.push(`${operation.operationId}: changed user A's data`);
    }
    console.log(`ownership matrix: ${Object.keys(OWNERSHIP).length} operations, answers ${JSON.stringify(answers)}`);
    assert.deepEqual(failures, []);
  });

  it(`(b) at least ${MIN_CASES} malformed requests per operation, none answering 500`, async () => {
    const random = prng(SEED);
    const byStatus: Record<string, number> = {};
    const failures: string[] = [];
    const before = await snapshotOfA();
    let total = 0;
    const started = Date.now();
    for (const operation of operations) {
      const cases = malformedCases(operation, random, MIN_CASES);
      assert.ok(cases.length - 1 >= MIN_CASES, `${operation.operationId}: only ${cases.length - 1} malformed cases`);
      for (const { label, request } of cases) {
        total += 1;
        const response = await t.app.inject({
          ...request,
          remoteAddress: uniqueAddress(),
          headers: { ...(request.headers as object), ...(operation.secured && bearer(tokenB)) },
        });
        byStatus[response.statusCode] = (byStatus[response.statusCode] ?? 0) + 1;
        if (response.statusCode >= 500 && response.statusCode !== 501) {
          failures.push(`${operation.operationId} [${label}] -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    await t.app.mailDispatcher.idle();
    console.log(
      `malformed requests (CONTRACT_SEED=${SEED}): ${operations.length} operations, ${total} cases, ` +
        `answers by status ${JSON.stringify(byStatus)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    assert.deepEqual(failures, [], `replay with CONTRACT_SEED=${SEED}`);
    const safetyNet = warnings.filter((w) => w.msg.startsWith('database data exception'));
    assert.equal(
      safetyNet.length,
      0,
      'a request value reached the database unbounded (see the INVALID_VALUE safety net)',
    );
    assert.equal(await snapshotOfA(), before, "B's malformed requests changed user A's data");
  });

  it('leaves the money invariants intact (balances = ledger, one redemption per coupon and user)', async () => {
    await assertMoneyInvariants(t.app);
  });

  it("lets user A still reach A's own resources (the matrix's ids are real)", async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/viewusersbookinfo/${a.localBookId}/0`,
      headers: bearer(tokenA),
    });
    assert.equal(own.statusCode, 200, own.body);
  });
});
