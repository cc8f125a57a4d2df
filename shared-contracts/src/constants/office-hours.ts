/**
 * Support office hours (account-area.md sections 4, 8 and 9): Monday to Thursday 08:00-17:00,
 * Friday 08:00-16:30, closed at weekends, in South African time. One rule for both sides: the
 * API decides with it whether a message gets the out-of-office reply, and the chat panel shows
 * whether the office is open now. South African Standard Time is UTC+2 all year (no daylight
 * saving), so local times are plain arithmetic on the UTC clock: no time-zone database, the same
 * answer on every machine and in every browser, whatever its own time zone.
 */

/** Support office hours (South African local time); closed at weekends. Day 1 = Monday. */
export const OFFICE_HOURS: Readonly<Record<number, { open: string; close: string }>> = {
  1: { open: '08:00', close: '17:00' },
  2: { open: '08:00', close: '17:00' },
  3: { open: '08:00', close: '17:00' },
  4: { open: '08:00', close: '17:00' },
  5: { open: '08:00', close: '16:30' },
};

/** South African Standard Time's offset from UTC (2 hours, all year). */
export const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** The office hours in words, as the chat shows them. */
export const OFFICE_HOURS_SUMMARY =
  'Monday to Thursday 08:00-17:00 and Friday 08:00-16:30 (South African time), closed at weekends';

/**
 * The chat's out-of-hours auto-reply (the specification gives its content, not its words). The
 * API finds an earlier reply of a closed period by this text: changing it means a second reply
 * in the closed period during which the change is deployed.
 */
export const OFFICE_CLOSED_MESSAGE = `Thank you for your message. Our office is closed at the moment. Office hours: ${OFFICE_HOURS_SUMMARY}. We will reply as soon as we are back.`;

const DAY_MS = 24 * 60 * 60 * 1000;

const minutesOf = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** The wall clock in South Africa as a Date whose UTC fields are the local ones. */
const localClock = (at: Date) => new Date(at.getTime() + SAST_OFFSET_MS);

/** ISO weekday of a local clock: 1 Monday ... 7 Sunday. */
const weekday = (local: Date) => ((local.getUTCDay() + 6) % 7) + 1;

/** Whether the support office is open at `at` (opening minute included, closing minute excluded). */
export function isOfficeOpen(at: Date): boolean {
  const local = localClock(at);
  const hours = OFFICE_HOURS[weekday(local)];
  if (!hours) return false;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute >= minutesOf(hours.open) && minute < minutesOf(hours.close);
}

/**
 * When the office last closed at or before `at` (a real instant). The closed period holding `at`
 * started then; the API sends one out-of-office reply per closed period.
 */
export function lastClosing(at: Date): Date {
  const local = localClock(at);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  for (let back = 0; back <= 7; back += 1) {
    const dayStart = midnight - back * DAY_MS;
    const hours = OFFICE_HOURS[weekday(new Date(dayStart))];
    if (!hours) continue;
    const closing = dayStart + minutesOf(hours.close) * 60_000;
    if (closing <= local.getTime()) return new Date(closing - SAST_OFFSET_MS);
  }
  // Unreachable with any week that has office hours.
  return new Date(at.getTime() - 7 * DAY_MS);
}
