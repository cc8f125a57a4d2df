/**
 * The arithmetic of a chunked upload (new-book-wizard.md sections 4 and 9): pieces of
 * 1,024,000 bytes, the progress they make and the time left, as plain functions.
 */

/** Spec section 9: the upload chunk size. */
export const CHUNK_BYTES = 1_024_000;

/** Number of pieces of a file of `size` bytes (at least 1). */
export function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / CHUNK_BYTES));
}

/** Byte range [start, end) of piece `index` of a file of `size` bytes. */
export function pieceRange(index: number, size: number): { start: number; end: number } {
  const start = index * CHUNK_BYTES;
  return { start, end: Math.min(size, start + CHUNK_BYTES) };
}

/** Bytes sent once every piece before `nextIndex` has arrived. */
export function bytesBefore(nextIndex: number, size: number): number {
  return Math.min(size, Math.max(0, nextIndex) * CHUNK_BYTES);
}

/** A whole number with spaces as thousands separators (spec section 9): 1024000 -> '1 024 000'. */
export function formatCount(value: number): string {
  return String(Math.max(0, Math.round(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Whole percent sent, rounded down so that 100 means every byte has arrived. */
export function percentSent(sentBytes: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.floor((Math.min(sentBytes, totalBytes) / totalBytes) * 100);
}

/** '1 024 000 of 3 000 000 bytes (34%)'. */
export function progressText(sentBytes: number, totalBytes: number): string {
  return `${formatCount(sentBytes)} of ${formatCount(totalBytes)} bytes (${percentSent(sentBytes, totalBytes)}%)`;
}

/**
 * Seconds left at the throughput of this run (bytes sent since it started over the time it
 * has run), or null while nothing has been measured yet. Pieces sent before a resume are not
 * part of the throughput: they took no time in this run.
 */
export function estimateSecondsLeft(sentThisRun: number, elapsedMs: number, remainingBytes: number): number | null {
  if (remainingBytes <= 0) return 0;
  if (sentThisRun <= 0 || elapsedMs <= 0) return null;
  return remainingBytes / (sentThisRun / (elapsedMs / 1000));
}

/** 'about 12 s left', 'about 3 min left'; '' when unknown. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  if (seconds < 60) return `about ${Math.max(1, Math.ceil(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return `about ${hours} h ${minutes} min left`;
}
