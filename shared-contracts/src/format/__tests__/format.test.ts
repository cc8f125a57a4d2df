import { formatAmount, formatCents, formatDateTime, formatDayMonth, formatRand, formatUsd } from '..';

describe('format', () => {
  it('uses 2 decimals and a space as thousands separator', () => {
    expect(formatAmount(1234567.5)).toBe('1 234 567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('99.999')).toBe('100.00');
    expect(formatAmount(-1500)).toBe('-1 500.00');
  });

  it('formats rand with R 0.00 for a missing balance, and USD', () => {
    expect(formatRand(1250)).toBe('R 1 250.00');
    expect(formatRand(undefined)).toBe('R 0.00');
    expect(formatUsd(12)).toBe('USD 12.00');
  });

  it('formats integer cents in their currency', () => {
    expect(formatCents(123450, 'ZAR')).toBe('R 1 234.50');
    expect(formatCents(1200, 'USD')).toBe('USD 12.00');
    expect(formatCents(-550, 'ZAR')).toBe('R -5.50');
  });

  it('formats dates as dd/MM and dd-MM-yyyy HH:mm', () => {
    const date = new Date(2026, 0, 5, 9, 7);
    expect(formatDayMonth(date)).toBe('05/01');
    expect(formatDateTime(date)).toBe('05-01-2026 09:07');
    expect(formatDateTime('not a date')).toBe('');
  });
});
