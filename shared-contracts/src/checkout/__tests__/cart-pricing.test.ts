import { cartTotals, couponDeduction, itemAmounts, parseCartServices, serviceAmounts, toCents } from '../cart-pricing';

describe('cart pricing (account-area.md: VAT 15%, discount types, coupons, payable)', () => {
  it('adds 15% VAT to a service without discount', () => {
    expect(serviceAmounts({ cost: 299 })).toEqual({ price: 299, discount: 0, vat: 44.85, finalPrice: 343.85 });
  });

  it('reads discount_type 1 as a percentage of the cost, VAT on the discounted price', () => {
    expect(serviceAmounts({ cost: 200, discount: 10, discount_type: 1 })).toEqual({
      price: 200,
      discount: 20,
      vat: 27,
      finalPrice: 207,
    });
  });

  it('reads any other discount_type as a rand amount, never more than the cost', () => {
    expect(serviceAmounts({ cost: 200, discount: 25, discount_type: 0 })).toEqual({
      price: 200,
      discount: 25,
      vat: 26.25,
      finalPrice: 201.25,
    });
    expect(serviceAmounts({ cost: 50, discount: 80 }).finalPrice).toBe(0);
  });

  it('sums the services of an item in cents (no floating drift)', () => {
    const item = itemAmounts([{ cost: 0.1 }, { cost: 0.2 }, { cost: 19.99 }]);
    expect(item.price).toBe(20.29);
    expect(item.vat).toBe(0.02 + 0.03 + 3);
    expect(item.finalPrice).toBe(23.34);
  });

  it('deducts a value coupon in rand and any other type as a percentage, never below 0', () => {
    expect(couponDeduction(343.85, { type: 'value', amount: 50 })).toBe(50);
    expect(couponDeduction(343.85, { type: 'percentage', amount: 10 })).toBe(34.39);
    expect(couponDeduction(30, { type: 'value', amount: 50 })).toBe(30);
    expect(couponDeduction(30, null)).toBe(0);
  });

  it('computes totals and the payable amount as cart total minus balance, never below 0', () => {
    const items = [itemAmounts([{ cost: 299 }]), itemAmounts([{ cost: 250 }])];
    expect(cartTotals(items, null, 100)).toEqual({
      itemsTotal: 631.35,
      couponDeduction: 0,
      cartTotal: 631.35,
      balance: 100,
      amountToPay: 531.35,
    });
    expect(cartTotals(items, { type: 'value', amount: 50 }, '1250.00')).toEqual({
      itemsTotal: 631.35,
      couponDeduction: 50,
      cartTotal: 581.35,
      balance: 1250,
      amountToPay: 0,
    });
  });

  it('parses misc JSON text and ignores anything that is not a priced service', () => {
    expect(parseCartServices('[{"name":"Print processing","cost":"299"}]')).toEqual([
      { name: 'Print processing', cost: 299 },
    ]);
    expect(parseCartServices('not json')).toEqual([]);
    expect(parseCartServices('{"cost":1}')).toEqual([]);
    expect(parseCartServices([{ name: 'x' }, null, { cost: 5 }])).toEqual([{ cost: 5 }]);
  });

  it('converts rand to cents tolerantly', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('1250.50')).toBe(125050);
    expect(toCents('abc')).toBe(0);
  });
});
