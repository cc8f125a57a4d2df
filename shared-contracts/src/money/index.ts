/**
 * Money in whole cents: the one place where amounts cross between decimal rand (or dollar)
 * values and integer cents. The browser and the API server both import it, so a figure the
 * portal shows is computed exactly as the server computes it. Amounts are integers of cents
 * wherever they are added up; only the edges (a form, a JSON number, a NUMERIC column) are
 * decimal.
 */

/**
 * Rand (or dollars) to cents; tolerant of binary fractions (19.99 * 100 = 1998.9999...) and of
 * numeric strings as PostgreSQL NUMERIC columns arrive. Anything that is not a finite number is 0.
 */
export function toCents(amount: unknown): number {
  const value = typeof amount === 'string' ? Number(amount) : typeof amount === 'number' ? amount : NaN;
  if (!Number.isFinite(value)) return 0;
  return Math.round(Number((value * 100).toPrecision(12)));
}

/** Cents to a decimal number of rand (or dollars), as JSON carries it. */
export const fromCents = (cents: number): number => cents / 100;

/** Cents as a decimal string with exactly 2 places ('-561' -> '-5.61'), as NUMERIC columns and providers take it. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Parses a non-negative decimal amount with at most 2 places ('243.85', '12') into cents; null
 * when malformed. Strict on purpose: a provider's or a user's amount is never guessed at.
 */
export function parseCents(amount: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Rounds a decimal amount to cents, half away from zero (1.005 -> 1.01, -1.005 -> -1.01). */
export function roundMoney(amount: number): number {
  return (Math.sign(amount) * Math.round((Math.abs(amount) + Number.EPSILON) * 100)) / 100;
}

/** `percent` % of an amount in cents, rounded half up to a whole cent. */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
