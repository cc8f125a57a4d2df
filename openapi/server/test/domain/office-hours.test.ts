import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOfficeOpen, lastClosing } from '../../src/domain/office-hours.js';

/** A South African wall-clock time (SAST, UTC+2 all year) as an instant. */
const sast = (localIso: string) => new Date(`${localIso}+02:00`);

describe('office hours (South African time)', () => {
  it('is open Monday to Thursday 08:00-17:00 and Friday 08:00-16:30', () => {
    // 2026-03-02 is a Monday.
    assert.equal(isOfficeOpen(sast('2026-03-02T07:59:59')), false);
    assert.equal(isOfficeOpen(sast('2026-03-02T08:00:00')), true);
    assert.equal(isOfficeOpen(sast('2026-03-05T16:59:00')), true);
    assert.equal(isOfficeOpen(sast('2026-03-05T17:00:00')), false);
    assert.equal(isOfficeOpen(sast('2026-03-06T16:29:00')), true);
    assert.equal(isOfficeOpen(sast('2026-03-06T16:30:00')), false);
    assert.equal(isOfficeOpen(sast('2026-03-06T16:31:00')), false);
  });

  it('is closed at weekends', () => {
    assert.equal(isOfficeOpen(sast('2026-03-07T10:00:00')), false);
    assert.equal(isOfficeOpen(sast('2026-03-08T12:00:00')), false);
  });

  it('reads the clock in SAST, not UTC: 06:30 UTC on a Monday is 08:30 in Johannesburg', () => {
    assert.equal(isOfficeOpen(new Date('2026-03-02T06:30:00Z')), true);
    // Friday 15:00 UTC is 17:00 SAST: closed, although 15:00 would be open in UTC.
    assert.equal(isOfficeOpen(new Date('2026-03-06T15:00:00Z')), false);
  });

  it('knows when the current closed period started', () => {
    const fridayClose = sast('2026-03-06T16:30:00');
    assert.deepEqual(lastClosing(sast('2026-03-06T16:31:00')), fridayClose);
    assert.deepEqual(lastClosing(sast('2026-03-07T10:00:00')), fridayClose);
    assert.deepEqual(lastClosing(sast('2026-03-09T07:59:00')), fridayClose);
    assert.deepEqual(lastClosing(sast('2026-03-10T06:00:00')), sast('2026-03-09T17:00:00'));
    assert.deepEqual(lastClosing(sast('2026-03-09T23:59:00')), sast('2026-03-09T17:00:00'));
  });
});
