import Papa from 'papaparse';
import type { RawCsvRow } from './csv-rows';

/** What a CSV parser reports while it streams a file. */
export type CsvParseEvent =
  /** More rows; `progress` is the fraction of the file read so far (0..1). */
  | { type: 'rows'; rows: RawCsvRow[]; progress: number }
  /** The whole file was read. */
  | { type: 'done' }
  /** The file could not be read. */
  | { type: 'error'; message: string };

/**
 * Streams `file` as rows keyed by the header, reporting through `onEvent`; returns a function
 * that stops it (no event follows). The bulk upload takes one as a parameter so tests can
 * inject theirs: the Web Worker of the real one cannot run in jsdom.
 */
export type CsvParser = (file: File, onEvent: (event: CsvParseEvent) => void) => () => void;

/** Rows are handed over a chunk at a time so progress moves with the bytes really read. */
const CHUNK_BYTES = 64 * 1024;

/**
 * papaparse over a File in chunks, header mode, empty lines skipped, header names trimmed
 * (and a UTF-8 byte-order mark dropped). Runs wherever it is called: inside csv.worker.ts,
 * or on the main thread when no worker can be started.
 */
export const streamCsv: CsvParser = (file, onEvent) => {
  let stopped = false;
  const size = Math.max(file.size, 1);
  Papa.parse<RawCsvRow>(file, {
    header: true,
    skipEmptyLines: 'greedy',
    chunkSize: CHUNK_BYTES,
    transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
    chunk(results, parser) {
      if (stopped) {
        parser.abort();
        return;
      }
      onEvent({ type: 'rows', rows: results.data, progress: Math.min(results.meta.cursor / size, 1) });
    },
    complete() {
      if (!stopped) onEvent({ type: 'done' });
    },
    error(error) {
      if (!stopped) onEvent({ type: 'error', message: error.message });
    },
  });
  return () => {
    stopped = true;
  };
};
