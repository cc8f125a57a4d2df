import type { Order } from '@pod/shared-contracts';
import { dedupeOrders, filterOrders, indexOrders, paginate, startOfDay, type OrderFormatters } from '../order-query';

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

  it('uses createdAt when there is no order_date, and no time when neither is readable', () => {
    const [withCreated, without] = indexOrders(
      [order(1, { createdAt: '2024-03-05T10:30:00' }), order(2, { order_date: 'not a date' })],
      formatters,
    );

    expect(withCreated?.displayDate).toBe('date:2024-03-05T10:30:00');
    expect(withCreated?.time).toBe(new Date(2024, 2, 5, 10, 30).getTime());
    expect(without?.time).toBeNull();
    expect(without?.displayDate).toBe('');
  });

  it('matches the search text case-insensitively but never across two fields', () => {
    const indexed = indexOrders([order(1, { product_title: 'Zulu', customer: 'Nights' })], formatters);

    expect(filterOrders(indexed, { query: 'ZULU', from: '', to: '' })).toHaveLength(1);
    expect(filterOrders(indexed, { query: 'zulunights', from: '', to: '' })).toHaveLength(0);
    expect(filterOrders(indexed, { query: '  nights ', from: '', to: '' })).toHaveLength(1);
  });

  it('takes from and to as whole local days, both included, and leaves undated orders out of a range', () => {
    const indexed = indexOrders(
      [
        order('before', { order_date: '2024-03-04T23:59:59' }),
        order('start', { order_date: '2024-03-05T00:00:00' }),
        order('end', { order_date: '2024-03-07T23:59:59' }),
        order('after', { order_date: '2024-03-08T00:00:00' }),
        order('undated'),
      ],
      formatters,
    );
    const ids = (from: string, to: string) =>
      filterOrders(indexed, { query: '', from, to }).map((i) => i.order.order_id);

    expect(ids('2024-03-05', '2024-03-07')).toEqual(['start', 'end']);
    expect(ids('2024-03-08', '')).toEqual(['after']);
    expect(ids('', '2024-03-04')).toEqual(['before']);
    expect(ids('', '')).toHaveLength(5);
    expect(startOfDay('05/03/2024')).toBeNull();
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
});
