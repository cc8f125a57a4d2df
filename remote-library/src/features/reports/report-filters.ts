import { presetRange, type DayRange, type RangePreset } from './range-presets';

/** How the series are cut: one point per day, week or month. */
export type Granularity = 'day' | 'week' | 'month';

/** What the reports screen shows: the same values drive the chart, its table and the export. */
export interface ReportFilters {
  preset: RangePreset;
  /** The custom range's days (ISO, '' until typed); used only when `preset` is 'custom'. */
  customFrom: string;
  customTo: string;
  granularity: Granularity;
  /** Up to 10 books; none means all books together. */
  bookIds: number[];
  /** '' for every channel / region. */
  channel: string;
  region: string;
}

/** The screen's first filters: the last 30 days, per day, all books, every channel and region. */
export const DEFAULT_FILTERS: ReportFilters = {
  preset: 'last-30-days',
  customFrom: '',
  customTo: '',
  granularity: 'day',
  bookIds: [],
  channel: '',
  region: '',
};

/** The message when a custom range is incomplete or backwards. */
export const CUSTOM_RANGE_MESSAGE = 'Enter both days of the custom range, the first no later than the second.';

/** The days the filters cover on `today`, or null while a custom range is incomplete or backwards. */
export function filterRange(filters: ReportFilters, today: Date): DayRange | null {
  if (filters.preset !== 'custom') return presetRange(filters.preset, today);
  const { customFrom: from, customTo: to } = filters;
  return from && to && from <= to ? { from, to } : null;
}
