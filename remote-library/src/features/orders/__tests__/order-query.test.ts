import type { Order } from '@pod/shared-contracts';
import { dedupeOrders, indexOrders, paginate, type OrderFormatters } from '../order-query';

const formatters: OrderFormatters = {
  formatDate: (value) => `date:${value}`,
  formatPrice: (value) => `R ${value ?? 0}`,
};

const order = (id: number | string, extra: Partial<Order> = {}): Order => ({
  order_id: id,
  product_title: `Book ${id}`,
  ...extra,
});

describe('order-query', () => {
  it('keeps the first occurrence of each order_id, in order, treating 7 and "7" as one', () => {
    const list = [
      order(1, { product_title: 'first' }),
      order(2),
      order(1, { product_title: 'second' }),
      order('2'),
      order(3),
    ];

    expect(dedupeOrders(list).map((o) => [o.order_id, o.product_title])).toEqual([
      [1, 'first'],
      [2, 'Book 2'],
      [3, 'Book 3'],
    ]);
  });

  it("formats each price in its order's currency", () => {
    const formatPrice = jest.fn((value: number | undefined, currency?: string) => `${currency}:${value}`);
    const [usd, zar] = indexOrders(
      [order(1, { selling_price: 6.99, currency: 'USD' }), order(2, { selling_price: 120, currency: 'ZAR' })],
      { ...formatters, formatPrice },
    );

    expect(usd?.displayPrice).toBe('USD:6.99');
    expect(zar?.displayPrice).toBe('ZAR:120');
  });

  it('indexes each order once: a cache hands back the same entry for an order object it has seen', () => {
    const formatDate = jest.fn(formatters.formatDate);
    const cache = new WeakMap();
    const first = order(1, { order_date: '2024-03-05T10:30:00' });
    const before = indexOrders([first], { ...formatters, formatDate }, cache);
    const after = indexOrders(
      [first, order(2, { order_date: '2024-03-06T10:30:00' })],
      { ...formatters, formatDate },
      cache,
    );

    expect(after[0]).toBe(before[0]);
    expect(formatDate).toHaveBeenCalledTimes(2);
  });

  it('uses createdAt when there is no order_date, and shows no date when neither is readable', () => {
    const [withCreated, without] = indexOrders(
      [order(1, { createdAt: '2024-03-05T10:30:00' }), order(2, { order_date: 'not a date' })],
      formatters,
    );

    expect(withCreated?.displayDate).toBe('date:2024-03-05T10:30:00');
    expect(without?.displayDate).toBe('');
  });

  it('pages: the first n and whether more remain', () => {
    const indexed = indexOrders(
      Array.from({ length: 30 }, (_, i) => order(i)),
      formatters,
    );

    expect(paginate(indexed, 12)).toMatchObject({ total: 30, hasMore: true });
    expect(paginate(indexed, 12).items).toHaveLength(12);
    expect(paginate(indexed, 36)).toMatchObject({ total: 30, hasMore: false });
    expect(paginate(indexed, 36).items).toHaveLength(30);
  });

  it('counts the orders still on the server as remaining', () => {
    const indexed = indexOrders(
      Array.from({ length: 12 }, (_, i) => order(i)),
      formatters,
    );

    expect(paginate(indexed, 12, 40)).toMatchObject({ total: 40, hasMore: true });
    expect(paginate(indexed, 12, 12)).toMatchObject({ total: 12, hasMore: false });
  });
});
