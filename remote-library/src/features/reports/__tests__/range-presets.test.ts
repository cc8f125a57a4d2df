import { presetRange } from '../range-presets';

describe('range presets', () => {
  // A fixed clock: Thursday 14 May 2026, late in the evening (local time).
  const today = new Date(2026, 4, 14, 23, 30);

  it('last 30 days is today and the 29 days before it', () => {
    expect(presetRange('last-30-days', today)).toEqual({ from: '2026-04-15', to: '2026-05-14' });
  });

  it('this quarter starts on the first day of the quarter', () => {
    expect(presetRange('this-quarter', today)).toEqual({ from: '2026-04-01', to: '2026-05-14' });
    expect(presetRange('this-quarter', new Date(2026, 11, 31))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetRange('this-quarter', new Date(2026, 2, 31))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('year to date starts on 1 January', () => {
    expect(presetRange('year-to-date', today)).toEqual({ from: '2026-01-01', to: '2026-05-14' });
  });

  it('last 30 days crosses a year boundary', () => {
    expect(presetRange('last-30-days', new Date(2026, 0, 10))).toEqual({ from: '2025-12-12', to: '2026-01-10' });
  });

  it('custom has no computed range', () => {
    expect(presetRange('custom', today)).toBeNull();
  });
});
