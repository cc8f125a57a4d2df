import { useEffect, useState } from 'react';
import { isOfficeOpen, OFFICE_HOURS_SUMMARY } from '@pod/shared-contracts';

/** The line while the office is open. */
export const OFFICE_OPEN_LINE = `Our office is open now. Office hours: ${OFFICE_HOURS_SUMMARY}.`;

/** The line outside office hours (the API answers the first message then with its auto-reply). */
export const OFFICE_CLOSED_LINE = `Our office is closed at the moment: we will reply when we are back. Office hours: ${OFFICE_HOURS_SUMMARY}.`;

/**
 * The chat's office-hours line at `now`, by the one rule the API also applies
 * (`isOfficeOpen`: Monday to Thursday 08:00-17:00, Friday 08:00-16:30, South African time).
 */
export function officeHoursLine(now: Date): { open: boolean; text: string } {
  const open = isOfficeOpen(now);
  return { open, text: open ? OFFICE_OPEN_LINE : OFFICE_CLOSED_LINE };
}

/** The time, read again every minute while `active`, so the line turns at 16:30 or 17:00 with the panel open. */
export function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return undefined;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
