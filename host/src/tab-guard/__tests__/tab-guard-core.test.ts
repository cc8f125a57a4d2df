import { decide, parseRecord } from '../tab-guard-core';

const NOW = 1_700_000_000_000;

describe('decide', () => {
  it('claims when there is no record', () => {
    expect(decide(NOW, null, 'me')).toBe('claim');
  });

  it('refreshes its own record, however old', () => {
    expect(decide(NOW, { id: 'me', timestamp: NOW - 1_000 }, 'me')).toBe('refresh');
    expect(decide(NOW, { id: 'me', timestamp: NOW - 60_000 }, 'me')).toBe('refresh');
  });

  it('is in conflict with another tab whose record is younger than 10 s', () => {
    expect(decide(NOW, { id: 'other', timestamp: NOW }, 'me')).toBe('conflict');
    expect(decide(NOW, { id: 'other', timestamp: NOW - 9_999 }, 'me')).toBe('conflict');
  });

  it('claims over another tab whose record is 10 s old or more (that tab is gone)', () => {
    expect(decide(NOW, { id: 'other', timestamp: NOW - 10_000 }, 'me')).toBe('claim');
    expect(decide(NOW, { id: 'other', timestamp: NOW - 3_600_000 }, 'me')).toBe('claim');
  });

  it('honours another window length', () => {
    expect(decide(NOW, { id: 'other', timestamp: NOW - 4_000 }, 'me', 5_000)).toBe('conflict');
    expect(decide(NOW, { id: 'other', timestamp: NOW - 6_000 }, 'me', 5_000)).toBe('claim');
  });

  it('treats a record dated far in the future (clock set back) as stale, a slightly early one as alive', () => {
    expect(decide(NOW, { id: 'other', timestamp: NOW + 3_600_000 }, 'me')).toBe('claim');
    expect(decide(NOW, { id: 'other', timestamp: NOW + 2_000 }, 'me')).toBe('conflict');
  });
});

describe('parseRecord', () => {
  it('reads a stored record', () => {
    expect(parseRecord('{"id":"a","timestamp":5}')).toEqual({ id: 'a', timestamp: 5 });
  });

  it.each([null, '', 'not json', '[]', '{"id":"a"}', '{"id":"","timestamp":5}', '{"id":"a","timestamp":"5"}'])(
    'reads %p as no record',
    (raw) => {
      expect(parseRecord(raw)).toBeNull();
    },
  );
});
