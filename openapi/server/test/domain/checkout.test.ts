import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chargedAsAsked,
  decideItn,
  normaliseIds,
  planBalancePayment,
  providerCharge,
  selectNamed,
  usdCents,
  type CartLine,
} from '../../src/domain/checkout.js';

/** A cart line of one service costing `cost` rand (VAT 15% is added by the shared pricing). */
const line = (bookId: number | null, internationalId: number | null, cost: number): CartLine => ({
  book_id: bookId,
  international_book_id: internationalId,
  misc: [{ name: 'Processing', cost }],
});

const fields = (values: Record<string, string>) => (name: string) => values[name] ?? '';

describe('selectNamed', () => {
  const cart = [line(1, null, 100), line(null, 7, 50), line(2, 8, 10)];

  it('selects the items named by either record id', () => {
    const selection = selectNamed(cart, [1], [8]);
    assert.deepEqual(selection, { kind: 'selected', items: [cart[0], cart[2]] });
  });

  it('is empty when nothing is named, missing when an id is not in the cart', () => {
    assert.deepEqual(selectNamed(cart, [], []), { kind: 'empty' });
    assert.deepEqual(selectNamed(cart, [1, 3], []), { kind: 'missing' });
    assert.deepEqual(selectNamed(cart, [], [9]), { kind: 'missing' });
  });

  it('normalises one id, several or none to positive integers', () => {
    assert.deepEqual(normaliseIds(undefined), []);
    assert.deepEqual(normaliseIds(null), []);
    assert.deepEqual(normaliseIds(4), [4]);
    assert.deepEqual(normaliseIds([3, 0, -1, 2.5, 9]), [3, 9]);
  });
});

describe('planBalancePayment', () => {
  it('splits a covered payment: cart total debited, coupon share, balance after', () => {
    // 100 + 15% VAT = 115.00; 10% coupon takes 11.50; cart total 103.50.
    const plan = planBalancePayment([line(1, null, 100)], { couponId: 1, type: 'percent', amount: 10 }, 20_000);
    assert.equal(plan.payable, true);
    assert.deepEqual(plan.payable && plan.split, {
      cartTotalCents: 10_350,
      couponDeductionCents: 1_150,
      balanceAfterCents: 9_650,
    });
  });

  it('reports the shortfall when the balance does not cover the cart', () => {
    const plan = planBalancePayment([line(1, null, 100)], null, 10_000);
    assert.equal(plan.payable, false);
    assert.equal(!plan.payable && plan.shortfallCents, 1_500);
    assert.equal(plan.totals.amountToPay, 15);
  });

  it('pays exactly the balance: nothing left, nothing short', () => {
    const plan = planBalancePayment([line(1, null, 100)], null, 11_500);
    assert.deepEqual(plan.payable && plan.split.balanceAfterCents, 0);
  });

  it('a value coupon larger than the cart makes it free, never negative', () => {
    const plan = planBalancePayment([line(1, null, 10)], { couponId: 2, type: 'value', amount: 50 }, 0);
    assert.deepEqual(plan.payable && plan.split, {
      cartTotalCents: 0,
      couponDeductionCents: 1_150,
      balanceAfterCents: 0,
    });
  });
});

describe('providerCharge', () => {
  it('charges EFT in rand as it is', () => {
    assert.deepEqual(providerCharge('eft', 12_345, 18.5), { currency: 'ZAR', providerAmountCents: 12_345 });
  });

  it('charges card and PayPal in dollars, rounded up to the cent', () => {
    assert.deepEqual(providerCharge('card', 18_500, 18.5), { currency: 'USD', providerAmountCents: 1_000 });
    assert.deepEqual(providerCharge('paypal', 18_501, 18.5), { currency: 'USD', providerAmountCents: 1_001 });
    assert.equal(usdCents(3_700, 18.5), 200);
  });

  it('accepts a provider amount only in the asked currency and to the cent', () => {
    const payment = { provider_amount: '10.00', provider_currency: 'USD' };
    assert.equal(chargedAsAsked({ amount: 10, currency: 'USD' }, payment), true);
    assert.equal(chargedAsAsked({ amount: '10.01', currency: 'USD' }, payment), false);
    assert.equal(chargedAsAsked({ amount: 10, currency: 'ZAR' }, payment), false);
  });
});

describe('decideItn', () => {
  const payment = { provider_amount: '243.85' };
  const itn = (values: Record<string, string>) =>
    decideItn(
      fields({ amount_gross: '243.85', payment_status: 'COMPLETE', pf_payment_id: '1089250', ...values }),
      payment,
    );

  it('credits a complete ITN for the asked amount', () => {
    assert.deepEqual(itn({}), { kind: 'credit', pfPaymentId: '1089250' });
  });

  it('refuses an amount that differs, or none', () => {
    assert.deepEqual(itn({ amount_gross: '243.84' }), {
      kind: 'refuse',
      outcome: 'ITN refused: amount differs from the order',
    });
    assert.equal(decideItn(fields({ payment_status: 'COMPLETE' }), { provider_amount: '0' }).kind, 'refuse');
  });

  it('ignores a status that decides nothing, refuses one without pf_payment_id', () => {
    assert.deepEqual(itn({ payment_status: 'PENDING' }), { kind: 'ignore', status: 'PENDING' });
    assert.deepEqual(itn({ pf_payment_id: '' }), { kind: 'refuse', outcome: 'ITN refused: no pf_payment_id' });
  });

  it('ends a cancelled or failed payment without money', () => {
    assert.deepEqual(itn({ payment_status: 'CANCELLED' }), { kind: 'end', status: 'cancelled' });
    assert.deepEqual(itn({ payment_status: 'FAILED' }), { kind: 'end', status: 'failed' });
  });
});
