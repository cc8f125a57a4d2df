import { formatCents, fromCents, parseCents, percentOfCents, roundMoney, toCents } from '..';

describe('money', () => {
  it('turns decimal amounts into whole cents without binary drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('243.85')).toBe(24385);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-5.61)).toBe(-561);
    expect(toCents('abc')).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('turns cents back into decimals and 2-place strings', () => {
    expect(fromCents(1999)).toBe(19.99);
    expect(formatCents(-561)).toBe('-5.61');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1234.56');
    expect(formatCents(0)).toBe('0.00');
  });

  it('parses only well-formed non-negative amounts', () => {
    expect(parseCents('243.85')).toBe(24385);
    expect(parseCents(' 12 ')).toBe(1200);
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('12.345')).toBeNull();
    expect(parseCents('-1.00')).toBeNull();
    expect(parseCents('1e3')).toBeNull();
    expect(parseCents('')).toBeNull();
  });

  it('rounds half away from zero and takes percentages in whole cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.344)).toBe(2.34);
    expect(percentOfCents(1000, 15)).toBe(150);
    expect(percentOfCents(333, 15)).toBe(50);
  });
});
