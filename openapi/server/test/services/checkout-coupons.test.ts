import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SUPPORT_EMAIL } from '@pod/shared-contracts/constants';
import { COUPON_BLANK_MESSAGE, COUPON_FAILED_MESSAGE, COUPON_USED_MESSAGE } from '../../src/services/checkout/index.js';
import { DEMO_COUPONS } from '../../src/seed/index.js';
import { bearer, buildTestApp, registerActiveUser, registerUser, type TestApp } from '../helpers/test-app.js';

describe('checkout service: coupons', () => {
  let t: TestApp;

  before(async () => {
    t = await buildTestApp();
    await t.app.couponRepository.ensure([
      ...DEMO_COUPONS,
      { code: 'OLD20', type: 'value', amount: 20, expiresAt: new Date('2020-01-01T00:00:00Z') },
      { code: 'OFF5', type: 'value', amount: 5, active: false },
    ]);
  });
  after(() => t.close());

  const post = (path: string, token: string, code: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/user/${path}`,
      headers: bearer(token),
      payload: { coupon_code: code },
    });
  const balance = async (id: number) => Number((await t.app.userRepository.findById(id))!.balance);

  describe('addcoupon', () => {
    it('answers 400 for a blank code', async () => {
      const user = await registerActiveUser(t.app);
      const response = await post('addcoupon', user.accessToken, '   ');
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().message, COUPON_BLANK_MESSAGE);
    });

    it('answers 404 with the support address for unknown, expired, inactive and percentage codes', async () => {
      const user = await registerActiveUser(t.app);
      assert.ok(COUPON_FAILED_MESSAGE.endsWith(`contact support ${SUPPORT_EMAIL}`));
      for (const code of ['NOPE', 'OLD20', 'OFF5', 'SAVE10']) {
        const response = await post('addcoupon', user.accessToken, code);
        assert.equal(response.statusCode, 404, code);
        assert.equal(response.json().message, COUPON_FAILED_MESSAGE);
      }
      assert.equal(await balance(user.id), 100, 'nothing credited');
    });

    it('credits the value once, case-insensitively; a second use is 409 C15', async () => {
      const user = await registerActiveUser(t.app);
      const first = await post('addcoupon', user.accessToken, ' welcome50 ');
      assert.deepEqual(first.json(), { statusCode: 0, description: 'Successful' });
      assert.equal(await balance(user.id), 150);
      const second = await post('addcoupon', user.accessToken, 'WELCOME50');
      assert.equal(second.statusCode, 409);
      assert.equal(second.json().code, 'C15');
      assert.equal(second.json().message, COUPON_FAILED_MESSAGE);
      assert.equal(await balance(user.id), 150);
    });

    it('credits once when 10 redemptions race', async () => {
      const user = await registerActiveUser(t.app);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post('addcoupon', user.accessToken, 'WELCOME50')),
      );
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, ...Array<number>(9).fill(409)]);
      assert.equal(await balance(user.id), 150);
    });

    it('answers 403 U10 for an account not activated yet', async () => {
      const user = await registerUser(t.app);
      const response = await post('addcoupon', user.accessToken, 'WELCOME50');
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().code, 'U10');
    });
  });

  describe('verifycartcoupon', () => {
    it('answers the coupon without using it', async () => {
      const user = await registerActiveUser(t.app);
      for (let i = 0; i < 2; i += 1) {
        const response = await post('verifycartcoupon', user.accessToken, 'save10');
        assert.equal(response.statusCode, 200);
        const body = response.json();
        assert.deepEqual(
          { ...body, couponId: typeof body.couponId },
          { statusCode: 0, couponId: 'number', type: 'percentage', amount: 10 },
        );
      }
    });

    it('answers C15 for a coupon this user already used, 404 unknown, 400 blank', async () => {
      const user = await registerActiveUser(t.app);
      assert.equal((await post('addcoupon', user.accessToken, 'WELCOME50')).statusCode, 200);
      const used = await post('verifycartcoupon', user.accessToken, 'WELCOME50');
      assert.equal(used.statusCode, 409);
      assert.deepEqual(used.json(), { statusCode: 409, error: 'Conflict', message: COUPON_USED_MESSAGE, code: 'C15' });
      assert.equal((await post('verifycartcoupon', user.accessToken, 'NOPE')).statusCode, 404);
      assert.equal((await post('verifycartcoupon', user.accessToken, '')).json().message, COUPON_BLANK_MESSAGE);
    });
  });
});
