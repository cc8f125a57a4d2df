import type { ReportRow } from '../../plugins/app/report-repository.js';
import type { components } from '@pod/shared-contracts/api/schema';

export type Figures = components['schemas']['ReportFigures'];
export type Currency = components['schemas']['Currency'];
export type Region = components['schemas']['Region'];

/** Currency follows the book's region: local books are priced and paid in rand, international in dollars. */
export const currencyOfRegion = (isInternational: boolean): Currency => (isInternational ? 'USD' : 'ZAR');
export const regionOf = (isInternational: boolean): Region => (isInternational ? 'international' : 'local');

/** ZAR first, then USD: the order every per-currency list keeps. */
export const CURRENCIES: readonly Currency[] = ['ZAR', 'USD'];

export const zero = (currency: Currency): Figures => ({
  currency,
  units: 0,
  returns: 0,
  revenue_cents: 0,
  royalties_cents: 0,
});

/** A row's figures (the sums arrive as bigint text; they stay far below 2^53). */
export const figuresOf = (row: ReportRow): Figures => ({
  currency: currencyOfRegion(row.is_international),
  units: Number(row.units),
  returns: Number(row.returns),
  revenue_cents: Number(row.revenue_cents),
  royalties_cents: Number(row.royalties_cents),
});

/** Adds figures of the same currency (callers never mix currencies). */
export function add(a: Figures, b: Figures): Figures {
  return {
    currency: a.currency,
    units: a.units + b.units,
    returns: a.returns + b.returns,
    revenue_cents: a.revenue_cents + b.revenue_cents,
    royalties_cents: a.royalties_cents + b.royalties_cents,
  };
}

/** Per-currency totals of rows, ZAR then USD, only currencies that occur. */
export function totalsByCurrency<T extends Figures>(items: readonly T[]): Figures[] {
  return CURRENCIES.flatMap((currency) => {
    const own = items.filter((item) => item.currency === currency);
    return own.length === 0 ? [] : [own.reduce<Figures>((sum, item) => add(sum, item), zero(currency))];
  });
}
