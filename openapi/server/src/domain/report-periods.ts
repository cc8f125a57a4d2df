/**
 * Calendar arithmetic of the reports, in South African time. Africa/Johannesburg has been UTC+2
 * without daylight saving since 1944, so a SAST date is a UTC date shifted by two hours; the SQL
 * side still names the zone (date_trunc ... AT TIME ZONE) so the database, not this constant,
 * decides which day an order falls on.
 */
export const REPORT_TIME_ZONE = 'Africa/Johannesburg';
const SAST_OFFSET_MS = 2 * 3_600_000;
const DAY_MS = 86_400_000;

/** Three years, a leap day included: the longest range a report answers. */
export const MAX_RANGE_DAYS = 1096;

export type Granularity = 'day' | 'week' | 'month';

/** A SAST calendar date as days since 1970-01-01 (whole numbers, so no clock or zone creeps in). */
export type DayNumber = number;

/** `YYYY-MM-DD` -> day number, or undefined for an impossible date (2026-02-30). */
export function parseDate(text: string): DayNumber | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

export const formatDay = (day: DayNumber): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The SAST date of an instant. */
export const sastDay = (instant: Date): DayNumber => Math.floor((instant.getTime() + SAST_OFFSET_MS) / DAY_MS);

/** The instant a SAST day starts (00:00 SAST = 22:00 UTC the day before). */
export const sastMidnight = (day: DayNumber): Date => new Date(day * DAY_MS - SAST_OFFSET_MS);

const partsOf = (day: DayNumber) => {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), weekday: (date.getUTCDay() + 6) % 7 };
};
const dayOf = (year: number, month: number, date = 1): DayNumber => Date.UTC(year, month, date) / DAY_MS;

/** The first day of the period containing `day` (weeks start on Monday, ISO 8601). */
export function periodStart(day: DayNumber, granularity: Granularity): DayNumber {
  if (granularity === 'day') return day;
  const { year, month, weekday } = partsOf(day);
  return granularity === 'week' ? day - weekday : dayOf(year, month);
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriod(start: DayNumber, granularity: Granularity): DayNumber {
  if (granularity === 'day') return start + 1;
  if (granularity === 'week') return start + 7;
  const { year, month } = partsOf(start);
  return dayOf(year, month + 1);
}

export interface Period {
  start: DayNumber;
  /** Last day, included. */
  end: DayNumber;
}

/** Every whole period overlapping from..to, oldest first. */
export function periodsOf(from: DayNumber, to: DayNumber, granularity: Granularity): Period[] {
  const periods: Period[] = [];
  for (let start = periodStart(from, granularity); start <= to; start = nextPeriod(start, granularity)) {
    periods.push({ start, end: nextPeriod(start, granularity) - 1 });
  }
  return periods;
}

/** A calendar quarter, the statement period: `2026-Q3` is July to September 2026. */
export interface Quarter {
  year: number;
  /** 1..4 */
  quarter: number;
}

export const quarterName = ({ year, quarter }: Quarter) => `${year}-Q${quarter}`;

export function parseQuarter(text: string): Quarter | undefined {
  const match = /^(\d{4})-Q([1-4])$/.exec(text);
  return match ? { year: Number(match[1]), quarter: Number(match[2]) } : undefined;
}

export function quarterOf(day: DayNumber): Quarter {
  const { year, month } = partsOf(day);
  return { year, quarter: Math.floor(month / 3) + 1 };
}

export const quarterStart = ({ year, quarter }: Quarter): DayNumber => dayOf(year, (quarter - 1) * 3);
export const quarterEnd = ({ year, quarter }: Quarter): DayNumber => dayOf(year, quarter * 3) - 1;
export const nextQuarter = ({ year, quarter }: Quarter): Quarter =>
  quarter === 4 ? { year: year + 1, quarter: 1 } : { year, quarter: quarter + 1 };
export const compareQuarters = (a: Quarter, b: Quarter) => a.year - b.year || a.quarter - b.quarter;

/**
 * The payout of a quarter's royalties: the last day of the quarter after it (March, June,
 * September, December, a quarter in arrears so that its returns are known when it is paid).
 */
export const payoutDateOf = (quarter: Quarter): DayNumber => quarterEnd(nextQuarter(quarter));

/** `YYYY-MM` of a day. */
export const monthName = (day: DayNumber) => formatDay(day).slice(0, 7);

/** The first day of the month before the one containing `day`. */
export function previousMonthStart(day: DayNumber): DayNumber {
  const { year, month } = partsOf(day);
  return dayOf(year, month - 1);
}
