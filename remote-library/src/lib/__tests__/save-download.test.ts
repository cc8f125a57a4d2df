import { dispositionFilename } from '../save-download';

describe('dispositionFilename', () => {
  it('reads the plain and the extended forms, the extended first', () => {
    expect(dispositionFilename('attachment; filename="sales-2026-05.csv"', 'x.csv')).toBe('sales-2026-05.csv');
    expect(dispositionFilename('attachment; filename="a.csv"; filename*=UTF-8\'\'s%C3%A4les.csv', 'x.csv')).toBe(
      'säles.csv',
    );
  });

  it('falls back when no name is given', () => {
    expect(dispositionFilename(null, 'orders.csv')).toBe('orders.csv');
    expect(dispositionFilename('attachment', 'orders.csv')).toBe('orders.csv');
  });
});
