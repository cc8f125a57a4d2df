import { OFFICE_HOURS } from '@pod/shared-contracts/constants';

/**
 * Support office hours (account-area.md sections 4, 8, 9): Monday to Thursday 08:00-17:00,
 * Friday 08:00-16:30, closed at weekends, in South African time. South African Standard Time is
 * UTC+2 all year (no daylight saving), so local times are plain arithmetic on the UTC clock:
 * no time-zone database involved, the same answer on every machine.
 */
export const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** The out-of-hours reply of the chat (the spec gives its content, not its words). */
export const OFFICE_CLOSED_MESSAGE =
  'Thank you for your message. Our office is closed at the moment. Office hours: Monday to Thursday ' +
  '08:00-17:00 and Friday 08:00-16:30 (South African time), closed at weekends. We will reply as soon ' +
  'as we are back.';

const DAY_MS = 24 * 60 * 60 * 1000;

const minutesOf = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** The wall clock in South Africa as a Date whose UTC fields are the local ones. */
const localClock = (at: Date) => new Date(at.getTime() + SAST_OFFSET_MS);

/** ISO weekday of a local clock: 1 Monday ... 7 Sunday. */
const weekday = (local: Date) => ((local.getUTCDay() + 6) % 7) + 1;

/** Whether the office is open at `at` (opening minute included, closing minute excluded). */
export function isOfficeOpen(at: Date): boolean {
  const local = localClock(at);
  const hours = OFFICE_HOURS[weekday(local)];
  if (!hours) return false;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute >= minutesOf(hours.open) && minute < minutesOf(hours.close);
}

/**
 * When the office last closed at or before `at` (a real instant). The closed period holding `at`
 * started then; one out-of-office reply is sent per closed period.
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
