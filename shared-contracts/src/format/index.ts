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
