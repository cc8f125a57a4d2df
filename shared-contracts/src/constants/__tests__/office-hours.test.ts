import { isOfficeOpen, lastClosing, OFFICE_CLOSED_MESSAGE } from '..';

/** A South African wall-clock time (SAST, UTC+2 all year) as an instant. */
const sast = (localIso: string) => new Date(`${localIso}+02:00`);

describe('office hours (South African time)', () => {
  it('is open Monday to Thursday 08:00-17:00', () => {
    // 2026-03-02 is a Monday.
    expect(isOfficeOpen(sast('2026-03-02T07:59:59'))).toBe(false);
    expect(isOfficeOpen(sast('2026-03-02T08:00:00'))).toBe(true);
    expect(isOfficeOpen(sast('2026-03-03T12:00:00'))).toBe(true);
    expect(isOfficeOpen(sast('2026-03-04T16:59:59'))).toBe(true);
    expect(isOfficeOpen(sast('2026-03-05T16:59:00'))).toBe(true);
    expect(isOfficeOpen(sast('2026-03-05T17:00:00'))).toBe(false);
  });

  it('closes at 16:30 on a Friday', () => {
    expect(isOfficeOpen(sast('2026-03-06T08:00:00'))).toBe(true);
    expect(isOfficeOpen(sast('2026-03-06T16:29:59'))).toBe(true);
    expect(isOfficeOpen(sast('2026-03-06T16:30:00'))).toBe(false);
    expect(isOfficeOpen(sast('2026-03-06T16:31:00'))).toBe(false);
  });

  it('is closed at weekends, at any hour', () => {
    expect(isOfficeOpen(sast('2026-03-07T10:00:00'))).toBe(false);
    expect(isOfficeOpen(sast('2026-03-08T12:00:00'))).toBe(false);
    expect(isOfficeOpen(sast('2026-03-08T23:59:59'))).toBe(false);
  });

  it('reads the clock in SAST, not UTC or the machine time zone', () => {
    // 06:30 UTC on a Monday is 08:30 in Johannesburg.
    expect(isOfficeOpen(new Date('2026-03-02T06:30:00Z'))).toBe(true);
    // Friday 15:00 UTC is 17:00 SAST: closed, although 15:00 would be open in UTC.
    expect(isOfficeOpen(new Date('2026-03-06T15:00:00Z'))).toBe(false);
    // Sunday 23:00 UTC is Monday 01:00 SAST: closed, but a Monday.
    expect(isOfficeOpen(new Date('2026-03-08T23:00:00Z'))).toBe(false);
    expect(isOfficeOpen(new Date('2026-03-09T06:00:00Z'))).toBe(true);
  });

  it('knows when the current closed period started', () => {
    const fridayClose = sast('2026-03-06T16:30:00');
    expect(lastClosing(sast('2026-03-06T16:31:00'))).toEqual(fridayClose);
    expect(lastClosing(sast('2026-03-07T10:00:00'))).toEqual(fridayClose);
    expect(lastClosing(sast('2026-03-09T07:59:00'))).toEqual(fridayClose);
    expect(lastClosing(sast('2026-03-10T06:00:00'))).toEqual(sast('2026-03-09T17:00:00'));
    expect(lastClosing(sast('2026-03-09T23:59:00'))).toEqual(sast('2026-03-09T17:00:00'));
  });

  it('keeps the auto-reply the API has always stored (earlier replies are found by their text)', () => {
    expect(OFFICE_CLOSED_MESSAGE).toBe(
      'Thank you for your message. Our office is closed at the moment. Office hours: Monday to Thursday ' +
        '08:00-17:00 and Friday 08:00-16:30 (South African time), closed at weekends. We will reply as soon ' +
        'as we are back.',
    );
  });
});
