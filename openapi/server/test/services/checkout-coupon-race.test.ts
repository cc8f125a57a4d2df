import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DEMO_COUPONS } from '../../src/seed/index.js';
import { bearer, buildTestApp, registerActiveUser, type TestApp } from '../helpers/test-app.js';

/**
 * Probe defect 2: WELCOME50 used as a cart coupon (checkoutpayment) and as a balance voucher
 * (addcoupon) at the same time must be used once. Meant for PostgreSQL (real parallel
 * transactions): `DATABASE_URL=postgres://... node --import tsx --test <this file>`.
 */
describe('checkout service: one coupon use per user across contexts', () => {
  let t: TestApp;

  before(async () => {
    t = await buildTestApp();
    await t.app.couponRepository.ensure([...DEMO_COUPONS]);
  });
  after(() => t.close());

  const api = (path: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: bearer(token), payload });

  /** A fresh active user whose R 1 000 balance covers one R 100 (excl. VAT) cart item. */
  async function userWithCart() {
    const user = await registerActiveUser(t.app);
    await t.app.unitOfWork.run(async (repos) => {
      const balanceAfterCents = await repos.users.adjustBalance(user.id, 900_00);
      await repos.payments.record({
        userId: user.id,
        type: 'top-up',
        reference: 'setup',
        amountCents: 900_00,
        balanceAfterCents,
        at: new Date(),
      });
    });
    const [book] = await t.app.bookRepository.insertMany([
      {
        user_id: user.id,
        pair_id: randomUUID(),
        is_international: false,
        book_title: 'Race',
        format_type: 'print' as const,
        misc: JSON.stringify({ status: 'quote', archived: false, isPaid: false, bookStage: 'getquote' }),
      },
    ]);
    await t.app.cartRepository.add({
      userId: user.id,
      bookId: book!.id,
      internationalBookId: null,
      services: [{ name: 'Print processing', cost: 100, discount: 0, discount_type: 0 }],
    });
    return { ...user, bookId: book!.id };
  }

  it('lets exactly one of checkoutpayment and addcoupon use WELCOME50, round after round', async () => {
    const coupon = (await t.app.couponRepository.findByCode('WELCOME50'))!;
    for (let round = 0; round < 8; round += 1) {
      const user = await userWithCart();
      const [paid, credited] = await Promise.all([
        api('/user/checkoutpayment', user.accessToken, {
          book_ids: [user.bookId],
          international_book_ids: [],
          reference: `BAL-${randomUUID()}`,
          coupon_id: coupon.id,
        }),
        api('/user/addcoupon', user.accessToken, { coupon_code: 'WELCOME50' }),
      ]);
      const successes = [paid, credited].filter((a) => a.statusCode === 200 && a.json().statusCode === 0);
      assert.equal(
        successes.length,
        1,
        `round ${round}: ${paid.statusCode} ${paid.body} / ${credited.statusCode} ${credited.body}`,
      );
      const loser = paid.statusCode === 200 ? credited : paid;
      assert.equal(loser.statusCode, 409, loser.body);
      assert.equal(loser.json().code, 'C15');

      const redemptions = await t.app.db
        .selectFrom('coupon_redemptions')
        .select('id')
        .where('coupon_id', '=', coupon.id)
        .where('user_id', '=', user.id)
        .execute();
      assert.equal(redemptions.length, 1);
      const stored = await t.app.userRepository.findById(user.id);
      const ledger = await t.app.paymentRepository.listLedger(user.id, 0, 100);
      const sumCents = ledger
        .filter((row) => row.status === 'complete')
        .reduce((sum, row) => sum + Math.round(Number(row.amount_after_fees) * 100), 0);
      assert.equal(
        sumCents,
        Math.round(Number(stored!.balance) * 100),
        `round ${round}: the ledger explains the balance`,
      );
    }
  });
});
