/**
 * Display formatting shared by every app: amounts with 2 decimals and a space as the
 * thousands separator, and the specification's two date formats.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** `1234.5` -> `'1 234.50'`. Non-finite or missing values format as `0.00`. */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  const safe = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  const [whole = '0', cents = '00'] = Math.abs(safe).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${safe < 0 && Number(`${whole}.${cents}`) !== 0 ? '-' : ''}${grouped}.${cents}`;
}

/** Rand amount as the top bar shows it: `'R 1 234.50'`. */
export function formatRand(value: number | string | null | undefined): string {
  return `R ${formatAmount(value)}`;
}

/** US dollar amount for international books: `'USD 12.00'`. */
export function formatUsd(value: number | string | null | undefined): string {
  return `USD ${formatAmount(value)}`;
}

/**
 * An amount in integer cents of a currency, as the portal shows money: `(123450, 'ZAR')` ->
 * `'R 1 234.50'`, `(1200, 'USD')` -> `'USD 12.00'` (the report calls count in cents).
 */
export function formatCents(cents: number, currency: 'ZAR' | 'USD'): string {
  return currency === 'USD' ? formatUsd(cents / 100) : formatRand(cents / 100);
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Cart dates: `dd/MM`. Returns '' for an unreadable date. */
export function formatDayMonth(value: Date | string | number): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}` : '';
}

/** Order dates: `dd-MM-yyyy HH:mm`. Returns '' for an unreadable date. */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  return d
    ? `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`
    : '';
}

/** A calendar day typed as `dd-MM-yyyy` (also `d-M-yyyy`, with '/' or '.' for '-'). */
const TYPED_DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * Reads a day typed as the portal shows days (`dd-MM-yyyy`) into ISO `yyyy-MM-dd`, or null when
 * it is not a real calendar day (31-02-2024 is refused, not rolled over into March).
 */
export function parseDay(text: string): string | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** An ISO day `yyyy-MM-dd` as the portal shows days, `dd-MM-yyyy`; '' for anything else. */
export function formatDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}
