import {
  bytesBefore,
  CHUNK_BYTES,
  chunkCount,
  estimateSecondsLeft,
  formatCount,
  formatTimeLeft,
  percentSent,
  pieceRange,
  progressText,
} from '../chunks';

describe('chunk arithmetic', () => {
  it('cuts a file into pieces of 1,024,000 bytes', () => {
    expect(CHUNK_BYTES).toBe(1_024_000);
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(1_024_000)).toBe(1);
    expect(chunkCount(1_024_001)).toBe(2);
    expect(chunkCount(3_000_000)).toBe(3);
    expect(pieceRange(0, 3_000_000)).toEqual({ start: 0, end: 1_024_000 });
    expect(pieceRange(2, 3_000_000)).toEqual({ start: 2_048_000, end: 3_000_000 });
    expect(bytesBefore(0, 3_000_000)).toBe(0);
    expect(bytesBefore(1, 3_000_000)).toBe(1_024_000);
    expect(bytesBefore(3, 3_000_000)).toBe(3_000_000);
  });

  it('writes bytes with spaces as thousands separators and a whole percentage', () => {
    expect(formatCount(1_024_000)).toBe('1 024 000');
    expect(formatCount(999)).toBe('999');
    expect(progressText(1_024_000, 3_000_000)).toBe('1 024 000 of 3 000 000 bytes (34%)');
    expect(progressText(0, 3_000_000)).toBe('0 of 3 000 000 bytes (0%)');
    expect(progressText(3_000_000, 3_000_000)).toBe('3 000 000 of 3 000 000 bytes (100%)');
    // Rounded down: 100% only once every byte has arrived.
    expect(percentSent(2_999_999, 3_000_000)).toBe(99);
  });

  it("estimates the time left from this run's throughput", () => {
    // 1 024 000 bytes in 2 s: 512 000 bytes a second, 1 976 000 bytes to go.
    expect(estimateSecondsLeft(1_024_000, 2000, 1_976_000)).toBeCloseTo(3.86, 2);
    expect(estimateSecondsLeft(0, 0, 3_000_000)).toBeNull();
    expect(estimateSecondsLeft(1_024_000, 2000, 0)).toBe(0);
    expect(formatTimeLeft(11.2)).toBe('about 12 s left');
    expect(formatTimeLeft(0.2)).toBe('about 1 s left');
    expect(formatTimeLeft(185)).toBe('about 3 min left');
    expect(formatTimeLeft(3900)).toBe('about 1 h 5 min left');
    expect(formatTimeLeft(null)).toBe('');
  });
});
