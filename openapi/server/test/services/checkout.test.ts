import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { injectProviderHttp } from '../../src/payments/index.js';
import { payfastSignature } from '../../src/payments/payfast.js';
import type { ProviderHttp } from '../../src/payments/types.js';
import {
  COUPON_USED_MESSAGE,
  NOT_IN_CART_MESSAGE,
  NOTHING_TO_PAY_MESSAGE,
  REFERENCE_USED_MESSAGE,
} from '../../src/services/checkout/index.js';
import { DEMO_COUPONS, DEMO_PUBLISHER, seedDemo } from '../../src/seed/index.js';
import {
  bearer,
  buildTestApp,
  loginToken,
  registerActiveUser,
  registerUser,
  type TestApp,
} from '../helpers/test-app.js';

const PUBLIC_URL = 'http://portal.test';

interface Form {
  provider: string;
  method: string;
  display: string;
  action: string;
  fields: Record<string, string>;
}

describe('checkout service: cart, balance payments, providers, ledger', () => {
  let t: TestApp;
  let app: FastifyInstance;

  /** Log lines (ITN outcomes are only logged: the provider always gets a plain 200). */
  const logs: Array<{ msg: string }> = [];
  /** While set, the sandbox's notifications are kept here instead of being delivered. */
  let holdNotifications = false;
  const heldNotifications: string[] = [];

  before(async () => {
    const deliver = (url: string, init: Parameters<ProviderHttp>[1]) => injectProviderHttp(app)(url, init);
    t = await buildTestApp({
      providerHttp: async (url, init) => {
        if (holdNotifications && url.endsWith('/api/v1/payment/payfast/notify')) {
          heldNotifications.push(init.body ?? '');
          return { status: 200, text: async () => '' };
        }
        return deliver(url, init);
      },
      config: { publicUrl: PUBLIC_URL },
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as { msg: string }) },
      },
    });
    app = t.app;
    await seedDemo(app);
    await app.couponRepository.ensure([...DEMO_COUPONS, { code: 'TAKE100', type: 'value', amount: 100 }]);
  });
  after(() => t.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1${path}`,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  const balanceOf = async (id: number) => Number((await app.userRepository.findById(id))!.balance);

  /** A fresh active user with `balance` and one cart item per cost (rand, excl. VAT). */
  async function userWithCart(balance: number, costs: number[]) {
    const user = await registerActiveUser(app);
    await app.unitOfWork.run(async (repos) => {
      await repos.users.adjustBalance(user.id, Math.round((balance - 100) * 100));
    });
    const books = await app.bookRepository.insertMany(
      costs.map((_, i) => ({
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: false,
        book_title: `Book ${i + 1}`,
        format_type: 'print' as const,
        misc: JSON.stringify({ status: 'quote', archived: false, isPaid: false, bookStage: 'getquote' }),
      })),
    );
    for (const [i, cost] of costs.entries()) {
      await app.cartRepository.add({
        userId: user.id,
        bookId: books[i]!.id,
        internationalBookId: null,
        services: [{ name: 'Print processing', cost, discount: 0, discount_type: 0 }],
      });
    }
    return { ...user, bookIds: books.map((b) => b.id) };
  }

  const pay = (token: string, bookIds: number[], extra: Record<string, unknown> = {}) =>
    api('POST', '/user/checkoutpayment', token, {
      book_ids: bookIds,
      international_book_ids: [],
      reference: `BAL-${Date.now()}-${Math.random()}`,
      ...extra,
    });

  describe('cart', () => {
    it('prices each item with VAT and discount and totals it against the balance', async () => {
      const publisher = await loginToken(app, DEMO_PUBLISHER.email, DEMO_PUBLISHER.password);
      const cart = (await api('GET', '/user/cart', publisher)).json();
      assert.equal(cart.results.length, 1);
      const [item] = cart.results;
      assert.equal(item.book_title, DEMO_PUBLISHER.bookTitle);
      // eBook processing: the upload fee 299 (conversion is chosen later), VAT 44.85.
      assert.deepEqual([item.price, item.vat, item.discount, item.final_price], [299, 44.85, 0, 343.85]);
      assert.deepEqual([cart.itemsTotal, cart.cartTotal, cart.balance, cart.amountToPay], [343.85, 343.85, 2000, 0]);
    });

    it('applies a coupon given by id, and refuses one already used (C15)', async () => {
      const user = await userWithCart(100, [200]);
      const save10 = (await app.couponRepository.findByCode('SAVE10'))!;
      const cart = (await api('GET', `/user/cart?coupon_id=${save10.id}`, user.accessToken)).json();
      assert.deepEqual([cart.itemsTotal, cart.couponDeduction, cart.cartTotal, cart.amountToPay], [230, 23, 207, 107]);
      const welcome = (await app.couponRepository.findByCode('WELCOME50'))!;
      await api('POST', '/user/addcoupon', user.accessToken, { coupon_code: 'WELCOME50' });
      const used = await api('GET', `/user/cart?coupon_id=${welcome.id}`, user.accessToken);
      assert.equal(used.statusCode, 409);
      assert.equal(used.json().message, COUPON_USED_MESSAGE);
    });

    it("is the current user's cart in viewuserinfo", async () => {
      const user = await userWithCart(100, [120]);
      const info = (await api('GET', '/user/viewuserinfo', user.accessToken)).json();
      assert.equal(info.result.cart.length, 1);
      assert.equal(info.result.cart[0].book_title, 'Book 1');
      assert.equal(info.result.cart[0].final_price, 138);
    });

    it("removes an item by its pair; another user's pair is 404", async () => {
      const owner = await userWithCart(100, [100, 50]);
      const other = await registerActiveUser(app);
      const foreign = await api('DELETE', `/user/cart/${owner.bookIds[0]}/0`, other.accessToken);
      assert.equal(foreign.statusCode, 404);
      const removed = await api('DELETE', `/user/cart/${owner.bookIds[0]}/0`, owner.accessToken);
      assert.equal(removed.statusCode, 200);
      assert.deepEqual(
        removed.json().results.map((item: { book_id: number }) => item.book_id),
        [owner.bookIds[1]],
      );
    });
  });

  describe('paying from the balance (checkoutpayment)', () => {
    it("debits the server total (ignoring the browser's), marks the books paid and empties the cart", async () => {
      const user = await userWithCart(500, [200]);
      const response = await pay(user.accessToken, user.bookIds, { total_cost: 0.01, user_id: 1 });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        statusCode: 0,
        description: 'Your items have been successfully processed',
        amountToPay: 0,
        cartTotal: 230,
        couponDeduction: 0,
        balance: 270,
      });
      assert.equal(await balanceOf(user.id), 270);
      const book = await app.bookRepository.findOwned(user.id, user.bookIds[0]!);
      assert.equal(book!.misc.isPaid, true);
      assert.equal(book!.misc.status, 'pending');
      assert.equal((await app.cartRepository.listByUser(user.id)).length, 0);
      const ledger = (await api('GET', '/user/transactions', user.accessToken)).json().results;
      assert.deepEqual(
        ledger.map((row: { type: string; amount_after_fees: number; balance: number }) => [
          row.type,
          row.amount_after_fees,
          row.balance,
        ]),
        [
          ['payment', -230, 270],
          ['welcome credit', 100, 100],
        ],
      );
    });

    it('answers 7 with the shortfall and changes nothing when the balance is short', async () => {
      const user = await userWithCart(100, [200]);
      const response = await pay(user.accessToken, user.bookIds);
      assert.equal(response.json().statusCode, 7);
      assert.equal(response.json().amountToPay, 130);
      assert.equal(await balanceOf(user.id), 100);
      assert.equal((await app.cartRepository.listByUser(user.id)).length, 1);
    });

    it('processes one reference once: a retry answers the first outcome without paying again', async () => {
      const user = await userWithCart(1000, [100, 100]);
      const body = { book_ids: [user.bookIds[0]], international_book_ids: [], reference: 'BAL-1700000000000' };
      const first = await api('POST', '/user/checkoutpayment', user.accessToken, body);
      const retry = await api('POST', '/user/checkoutpayment', user.accessToken, body);
      assert.equal(first.json().statusCode, 0);
      assert.equal(retry.json().statusCode, 0);
      assert.equal(await balanceOf(user.id), 885);
    });

    it("refuses ids that are not in the user's cart (404) and an empty selection (400)", async () => {
      const owner = await userWithCart(1000, [100]);
      const other = await userWithCart(1000, [100]);
      assert.equal((await pay(other.accessToken, owner.bookIds)).statusCode, 404);
      assert.equal((await pay(other.accessToken, owner.bookIds)).json().message, NOT_IN_CART_MESSAGE);
      assert.equal((await pay(other.accessToken, [])).statusCode, 400);
      assert.equal(await balanceOf(owner.id), 1000);
    });

    it('lets exactly one of 20 parallel checkouts spend a balance that covers one', async () => {
      const user = await userWithCart(120, [100]);
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(user.accessToken, user.bookIds)));
      const paid = answers.filter((a) => a.statusCode === 200 && a.json().statusCode === 0);
      assert.equal(paid.length, 1, answers.map((a) => a.body).join('\n'));
      assert.ok(answers.every((a) => a.statusCode === 200 || a.statusCode === 404));
      assert.equal(await balanceOf(user.id), 5);
      const payments = (await app.paymentRepository.listLedger(user.id, 0, 100)).filter(
        (row) => row.type === 'payment',
      );
      assert.equal(payments.length, 1);
    });

    it('never spends one balance on two carts paid in parallel', async () => {
      // Each item alone (R 115) is covered by R 150; both together are not.
      const user = await userWithCart(150, [100, 100]);
      const [a, b] = await Promise.all([
        pay(user.accessToken, [user.bookIds[0]!]),
        pay(user.accessToken, [user.bookIds[1]!]),
      ]);
      assert.deepEqual([a.json().statusCode, b.json().statusCode].sort(), [0, 7]);
      assert.equal(await balanceOf(user.id), 35);
    });

    it('uses a cart coupon at most once per user, even in parallel', async () => {
      const user = await userWithCart(1000, [100, 100]);
      const coupon = (await app.couponRepository.findByCode('TAKE100'))!;
      const answers = await Promise.all([
        pay(user.accessToken, [user.bookIds[0]!], { coupon_id: coupon.id }),
        pay(user.accessToken, [user.bookIds[1]!], { coupon_id: coupon.id }),
      ]);
      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 409);
      assert.equal(ok.length, 1, answers.map((a) => a.body).join('\n'));
      assert.equal(refused.length, 1);
      assert.equal(refused[0]!.json().code, 'C15');
      assert.equal(ok[0]!.json().couponDeduction, 100);
      assert.equal(await balanceOf(user.id), 1000 - 15);
    });

    it('is refused to accounts not activated yet (403 U10)', async () => {
      const user = await registerUser(app);
      assert.equal((await pay(user.accessToken, [1])).json().code, 'U10');
    });
  });

  describe('EFT through the PayFast-compatible sandbox', () => {
    const start = async (token: string, bookIds: number[], provider = 'eft', reference = `PAY-${randomUUID()}`) =>
      api('POST', '/user/createtransaction', token, {
        transaction_ref: reference,
        user_book_id: bookIds,
        user_international_book_id: [],
        amount: 1,
        provider,
      });

    /** Posts the form to the sandbox, presses a button there; answers the redirect target. */
    async function atSandbox(form: Form, decision: 'pay' | 'cancel') {
      const page = await app.inject({
        method: 'POST',
        url: new URL(form.action).pathname,
        payload: new URLSearchParams(form.fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(page.statusCode, 200, page.body);
      const id = /name="id" value="([^"]+)"/.exec(page.body)?.[1];
      assert.ok(id, 'sandbox payment id in the page');
      const done = await app.inject({
        method: 'POST',
        url: '/sandbox/payfast/eng/process/complete',
        payload: new URLSearchParams({ id, decision }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(done.statusCode, 303, done.body);
      await app.jobs.runDue();
      return new URL(done.headers.location as string);
    }

    it('builds a signed form for the shortfall with return and cancel URLs carrying token, id and tref', async () => {
      const user = await userWithCart(100, [200]);
      const response = await start(user.accessToken, user.bookIds, 'eft', 'PAY-form');
      assert.equal(response.statusCode, 201);
      const { result, payment } = response.json();
      assert.equal(result.amount, 130);
      assert.equal(result.status, 'pending');
      assert.equal(payment.action, `${PUBLIC_URL}/sandbox/payfast/eng/process`);
      assert.deepEqual(Object.keys(payment.fields), [
        'merchant_id',
        'merchant_key',
        'return_url',
        'cancel_url',
        'notify_url',
        'name_first',
        'name_last',
        'email_address',
        'm_payment_id',
        'amount',
        'item_name',
        'item_description',
        'signature',
      ]);
      assert.equal(payment.fields.amount, '130.00');
      assert.equal(payment.fields.notify_url, `${PUBLIC_URL}/api/v1/payment/payfast/notify`);
      const success = new URL(payment.fields.return_url);
      assert.equal(success.pathname, '/checkout/success');
      assert.equal(success.searchParams.get('tref'), 'PAY-form');
      assert.equal(success.searchParams.get('id'), String(result.id));
      assert.ok(success.searchParams.get('token'));
      const pairs = Object.entries(payment.fields as Record<string, string>).filter(([k]) => k !== 'signature');
      assert.equal(payment.fields.signature, payfastSignature(pairs, app.payments.settings.payfast.passphrase));
    });

    it('refuses a reference used before, and a cart the balance covers (nothing to pay)', async () => {
      const user = await userWithCart(100, [200]);
      assert.equal((await start(user.accessToken, user.bookIds, 'eft', 'PAY-twice')).statusCode, 201);
      const again = await start(user.accessToken, user.bookIds, 'eft', 'PAY-twice');
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, REFERENCE_USED_MESSAGE);
      const rich = await userWithCart(1000, [200]);
      const nothing = await start(rich.accessToken, rich.bookIds);
      assert.equal(nothing.statusCode, 409);
      assert.equal(nothing.json().message, NOTHING_TO_PAY_MESSAGE);
    });

    it('Pay at the sandbox: the verified ITN credits the shortfall and pays the cart; the return settles', async () => {
      const user = await userWithCart(100, [200]);
      const { result, payment } = (await start(user.accessToken, user.bookIds)).json();
      const back = await atSandbox(payment, 'pay');
      assert.equal(back.pathname, '/checkout/success');
      assert.equal(await balanceOf(user.id), 0);
      assert.equal((await app.cartRepository.listByUser(user.id)).length, 0);

      const confirmed = await api('POST', '/user/checkoutsuccess', user.accessToken, {
        reference: back.searchParams.get('tref'),
        token: back.searchParams.get('token'),
      });
      assert.equal(confirmed.json().result.status, 'complete');
      assert.equal(confirmed.json().result.cart_paid, true);
      assert.equal(confirmed.json().result.id, result.id);

      const ledger = (await api('GET', '/user/transactions', user.accessToken)).json().results;
      assert.deepEqual(
        ledger.map((row: { type: string; amount_after_fees: number; balance: number }) => [
          row.type,
          row.amount_after_fees,
          row.balance,
        ]),
        [
          ['payment', -230, 0],
          ['top-up', 130, 230],
          ['welcome credit', 100, 100],
        ],
      );
    });

    it('Cancel at the sandbox: nothing is charged and the return marks the transaction cancelled', async () => {
      const user = await userWithCart(100, [200]);
      const { payment } = (await start(user.accessToken, user.bookIds)).json();
      const back = await atSandbox(payment, 'cancel');
      assert.equal(back.pathname, '/checkout/cancelled');
      const cancelled = await api('POST', '/user/checkoutcancelled', user.accessToken, {
        reference: back.searchParams.get('tref'),
        token: back.searchParams.get('token'),
      });
      assert.equal(cancelled.json().result.status, 'cancelled');
      assert.equal(await balanceOf(user.id), 100);
      assert.equal((await app.cartRepository.listByUser(user.id)).length, 1);
      const ledger = (await api('GET', '/user/transactions', user.accessToken)).json().results;
      assert.deepEqual(
        ledger.map((row: { type: string; status: string; amount_before_fees: number; balance: number }) => [
          row.type,
          row.status,
          row.amount_before_fees,
          row.balance,
        ]),
        [
          ['top-up', 'cancelled', 130, 100],
          ['welcome credit', 'complete', 100, 100],
        ],
      );
    });

    it('lists an attempt pending for over a day as cancelled; money that then arrives is still credited', async () => {
      const user = await userWithCart(100, [200]);
      const { result, payment } = (await start(user.accessToken, user.bookIds)).json();
      const statuses = async () =>
        (await api('GET', '/user/transactions', user.accessToken))
          .json()
          .results.map((row: { type: string; status: string }) => `${row.type}:${row.status}`);
      assert.deepEqual(await statuses(), ['top-up:pending', 'welcome credit:complete']);
      await sql`UPDATE payment_transactions SET created_at = now() - interval '25 hours' WHERE id = ${result.id}`.execute(
        app.db,
      );
      assert.deepEqual(await statuses(), ['top-up:cancelled', 'welcome credit:complete']);
      await atSandbox(payment, 'pay');
      assert.equal(await balanceOf(user.id), 0);
      assert.deepEqual((await statuses()).slice(1), ['top-up:complete', 'welcome credit:complete']);
    });

    it("answers 404 for a wrong return token or another user's reference", async () => {
      const user = await userWithCart(100, [200]);
      const other = await registerActiveUser(app);
      const { result } = (await start(user.accessToken, user.bookIds, 'eft', 'PAY-mine')).json();
      const wrong = await api('POST', '/user/checkoutsuccess', user.accessToken, {
        reference: 'PAY-mine',
        token: 'forged',
      });
      assert.equal(wrong.statusCode, 404);
      const foreign = await api('POST', '/user/posttransaction', other.accessToken, { transaction_ref: 'PAY-mine' });
      assert.equal(foreign.statusCode, 404);
      const pending = await api('POST', '/user/posttransaction', user.accessToken, { transaction_ref: 'PAY-mine' });
      assert.equal(pending.json().result.status, 'pending');
      const viaPath = await api('POST', `/user/posttransactionpayfast/PAY-mine/${result.id}/forged`, user.accessToken, {
        transaction_ref: 'PAY-mine',
      });
      assert.equal(viaPath.statusCode, 404);
    });

    describe('the ITN handler credits only after every check', () => {
      /**
       * A genuine notification: the sandbox pays a fresh user's shortfall and its ITN is held
       * back (not delivered) for the test to send, changed or not. `tamper` edits the form the
       * browser posts to the provider (re-signed, as if the passphrase had leaked).
       */
      async function genuineItn(tamper: (fields: Record<string, string>) => void = () => {}) {
        const user = await userWithCart(100, [200]);
        const { payment } = (await start(user.accessToken, user.bookIds)).json();
        const fields = { ...payment.fields } as Record<string, string>;
        tamper(fields);
        delete fields.signature;
        fields.signature = payfastSignature(Object.entries(fields), app.payments.settings.payfast.passphrase);
        holdNotifications = true;
        try {
          await atSandbox({ ...payment, fields }, 'pay');
        } finally {
          holdNotifications = false;
        }
        const body = heldNotifications.pop();
        assert.ok(body, 'the sandbox sent an ITN');
        return { user, pairs: [...new URLSearchParams(body)] as Array<[string, string]> };
      }

      const resign = (pairs: Array<[string, string]>, changes: Record<string, string>) => {
        const changed = pairs
          .filter(([k]) => k !== 'signature')
          .map(([k, v]): [string, string] => [k, changes[k] ?? v]);
        return [
          ...changed,
          ['signature', payfastSignature(changed, app.payments.settings.payfast.passphrase)],
        ] as Array<[string, string]>;
      };

      const notify = async (pairs: Array<[string, string]>, remoteAddress = '127.0.0.1') => {
        logs.length = 0;
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/payment/payfast/notify',
          payload: new URLSearchParams(pairs).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress,
        });
        assert.equal(response.statusCode, 200);
        assert.equal(response.body, '');
        await app.jobs.runDue();
        return logs.filter((line) => /^ITN /.test(line.msg)).map((line) => line.msg);
      };

      it('credits a genuine ITN from an allowed source', async () => {
        const { user, pairs } = await genuineItn();
        assert.equal(await balanceOf(user.id), 100, 'held back: nothing credited yet');
        assert.deepEqual(await notify(pairs), ['ITN credited']);
        assert.equal(await balanceOf(user.id), 0);
      });

      it('refuses a bad signature', async () => {
        const { user, pairs } = await genuineItn();
        const bad = pairs.map(([k, v]): [string, string] => [
          k,
          k === 'signature' ? `${v.slice(0, -1)}${v.endsWith('0') ? '1' : '0'}` : v,
        ]);
        assert.deepEqual(await notify(bad), ['ITN refused: signature mismatch']);
        assert.equal(await balanceOf(user.id), 100);
      });

      it('refuses a source outside the allowed addresses', async () => {
        const { user, pairs } = await genuineItn();
        assert.deepEqual(await notify(pairs, '203.0.113.9'), ['ITN refused: source not allowed']);
        assert.equal(await balanceOf(user.id), 100);
      });

      it('refuses another merchant id', async () => {
        const { user, pairs } = await genuineItn();
        assert.deepEqual(await notify(resign(pairs, { merchant_id: '99999' })), ['ITN refused: merchant id']);
        assert.equal(await balanceOf(user.id), 100);
      });

      it('refuses an amount that differs from the order, even when the provider confirms it', async () => {
        // The browser's form was altered to pay R 1.00; the provider really received R 1.00.
        const { user, pairs } = await genuineItn((fields) => {
          fields.amount = '1.00';
        });
        assert.deepEqual(await notify(pairs), ['ITN refused: amount differs from the order']);
        assert.equal(await balanceOf(user.id), 100);
      });

      it('credits nothing for a status other than COMPLETE', async () => {
        const { user, pairs } = await genuineItn();
        assert.deepEqual(await notify(resign(pairs, { payment_status: 'PENDING' })), ['ITN ignored: status']);
        assert.equal(await balanceOf(user.id), 100);
      });

      it('refuses data the provider does not confirm (server-to-server validation)', async () => {
        const { user, pairs } = await genuineItn();
        assert.deepEqual(await notify(resign(pairs, { pf_payment_id: '424242' })), [
          'ITN refused: provider validation failed',
        ]);
        assert.equal(await balanceOf(user.id), 100);
      });

      it('credits a replayed ITN once', async () => {
        const { user, pairs } = await genuineItn();
        assert.deepEqual(await notify(pairs), ['ITN credited']);
        assert.deepEqual(await notify(pairs), ['ITN already processed']);
        assert.equal(await balanceOf(user.id), 0);
        const topUps = (await app.paymentRepository.listLedger(user.id, 0, 10)).filter(
          (entry) => entry.type === 'top-up',
        );
        assert.equal(topUps.length, 1);
      });
    });
  });

  describe('card and PayPal through their sandboxes (USD)', () => {
    it('card: the popup charges USD at the configured rate; the dashboard return verifies and credits once', async () => {
      const user = await userWithCart(100, [200]);
      const created = await api('POST', '/user/createtransaction', user.accessToken, {
        transaction_ref: 'PAY-card',
        user_book_id: user.bookIds,
        provider: 'card',
      });
      const { result, payment } = created.json();
      assert.equal(payment.display, 'popup');
      assert.equal(payment.fields.currency, 'USD');
      assert.equal(
        payment.fields.amount,
        (Math.ceil((13000 / app.payments.settings.usdZarRate) * (1 - 1e-12)) / 100).toFixed(2),
      );
      assert.equal(payment.fields.redirect_url, `${PUBLIC_URL}/dashboard`);
      assert.equal(result.provider_currency, 'USD');

      const paid = await app.inject({
        method: 'POST',
        url: '/sandbox/card/checkout',
        payload: new URLSearchParams({ ...payment.fields, decision: 'pay' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(paid.statusCode, 303, paid.body);
      const back = new URL(paid.headers.location as string);
      assert.equal(back.pathname, '/dashboard');
      const txRef = back.searchParams.get('tx_ref')!;
      const verify = () => api('POST', '/user/verifycardpayment', user.accessToken, { tx_ref: txRef });
      const first = await verify();
      assert.equal(first.json().result.status, 'complete', first.body);
      assert.equal(first.json().result.cart_paid, true);
      await verify();
      assert.equal(await balanceOf(user.id), 0);
      const other = await registerActiveUser(app);
      assert.equal(
        (await api('POST', '/user/verifycardpayment', other.accessToken, { tx_ref: txRef })).statusCode,
        404,
      );
    });

    it('card: a return that says cancelled closes the attempt when the provider has no charge', async () => {
      const user = await userWithCart(100, [200]);
      const { payment } = (
        await api('POST', '/user/createtransaction', user.accessToken, {
          transaction_ref: 'PAY-card-x',
          user_book_id: user.bookIds,
          provider: 'card',
        })
      ).json();
      const cancelled = await api('POST', '/user/verifycardpayment', user.accessToken, {
        tx_ref: payment.fields.tx_ref,
        status: 'cancelled',
      });
      assert.equal(cancelled.json().result.status, 'cancelled');
      assert.equal(await balanceOf(user.id), 100);
      const [topUp] = (await api('GET', '/user/transactions', user.accessToken)).json().results;
      assert.deepEqual([topUp.type, topUp.status], ['top-up', 'cancelled']);
    });

    it('PayPal: approval at the sandbox, then the success return captures once and credits', async () => {
      const user = await userWithCart(100, [200]);
      const created = await api('POST', '/user/createtransaction', user.accessToken, {
        transaction_ref: 'PAY-paypal',
        user_book_id: user.bookIds,
        provider: 'paypal',
      });
      assert.equal(created.statusCode, 201, created.body);
      const { payment } = created.json();
      const approvePage = `${new URL(payment.action).pathname}?${new URLSearchParams(payment.fields)}`;
      const page = await app.inject({ method: 'GET', url: approvePage });
      assert.equal(page.statusCode, 200);
      const approved = await app.inject({
        method: 'POST',
        url: '/sandbox/paypal/checkoutnow',
        payload: new URLSearchParams({ ...payment.fields, decision: 'approve' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(approved.statusCode, 303, approved.body);
      const back = new URL(approved.headers.location as string);
      assert.equal(back.pathname, '/checkout/success');
      const confirm = () =>
        api('POST', '/user/checkoutsuccess', user.accessToken, {
          reference: back.searchParams.get('tref'),
          token: back.searchParams.get('token'),
        });
      const first = await confirm();
      assert.equal(first.json().result.status, 'complete', first.body);
      assert.equal(first.json().result.cart_paid, true);
      assert.equal((await confirm()).json().result.status, 'complete');
      assert.equal(await balanceOf(user.id), 0);
    });
  });
});
