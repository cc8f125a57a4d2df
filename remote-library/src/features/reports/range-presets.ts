/** The date ranges the reports offer; `custom` takes two typed days. */
export type RangePreset = 'last-30-days' | 'this-quarter' | 'year-to-date' | 'custom';

/** The presets in the order the select lists them, with their labels. */
export const RANGE_PRESETS: readonly { value: RangePreset; label: string }[] = [
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'year-to-date', label: 'Year to date' },
  { value: 'custom', label: 'Custom' },
];

/** A range of whole days, both included, as ISO `yyyy-MM-dd` (what GET /reports/* takes). */
export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as `yyyy-MM-dd` (the author's day, not UTC's). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The days a preset covers on `today` (local time), today included: the last 30 days are
 * today and the 29 before it; this quarter starts on 1 January, April, July or October;
 * year to date on 1 January. Null for `custom` (the user types both days).
 */
export function presetRange(preset: RangePreset, today: Date): DayRange | null {
  const to = isoDay(today);
  const year = today.getFullYear();
  switch (preset) {
    case 'last-30-days':
      return { from: isoDay(new Date(year, today.getMonth(), today.getDate() - 29)), to };
    case 'this-quarter':
      return { from: isoDay(new Date(year, Math.floor(today.getMonth() / 3) * 3, 1)), to };
    case 'year-to-date':
      return { from: isoDay(new Date(year, 0, 1)), to };
    case 'custom':
      return null;
  }
}
