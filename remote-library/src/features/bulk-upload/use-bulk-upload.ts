import { useCallback, useEffect, useRef, useState } from 'react';
import { alertMessage, ApiError, useInvalidate } from '@pod/shared-contracts';
import { bulkCalculate, type BulkCalculateResult } from './api/bulk-calculate';
import type { CsvParser } from './csv-parser';
import { classifyRows, uploadProgress, type BulkCsvRow, type InvalidRow, type ValidRow } from './csv-rows';

/** Price calculations in flight at once. */
const CONCURRENCY = 5;

/** A valid row the server priced (and saved as a quote). */
export interface CalculatedBook {
  line: number;
  title: string;
  row: BulkCsvRow;
  result: BulkCalculateResult;
}

/** Where an upload stands. */
export interface BulkUploadState {
  phase: 'idle' | 'parsing' | 'calculating' | 'done';
  fileName: string;
  /** Fraction of the file parsed (0..1). */
  parsed: number;
  /** Rows read so far. */
  rowsRead: number;
  /** Valid rows to price, known once parsing is done. */
  toCalculate: number | null;
  /** Rows priced, refused or dropped so far. */
  calculated: number;
  valid: CalculatedBook[];
  invalid: InvalidRow[];
  /** Rows dropped as already uploaded (by the server, or repeated within the file). */
  duplicates: number;
  /** The file held no rows at all. */
  noBooks: boolean;
  /** The file could not be read. */
  error: string | null;
}

const INITIAL: BulkUploadState = {
  phase: 'idle',
  fileName: '',
  parsed: 0,
  rowsRead: 0,
  toCalculate: null,
  calculated: 0,
  valid: [],
  invalid: [],
  duplicates: 0,
  noBooks: false,
  error: null,
};

type Outcome =
  { kind: 'book'; result: BulkCalculateResult } | { kind: 'duplicate' } | { kind: 'refused'; message: string };

async function calculateRow(calculate: typeof bulkCalculate, row: BulkCsvRow): Promise<Outcome> {
  try {
    return { kind: 'book', result: await calculate(row) };
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'DUPLICATE_UPLOAD' || error.status === 409))
      return { kind: 'duplicate' };
    return { kind: 'refused', message: alertMessage(error) };
  }
}

const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;

function applyOutcome(state: BulkUploadState, item: ValidRow, outcome: Outcome): BulkUploadState {
  const next = { ...state, calculated: state.calculated + 1 };
  if (outcome.kind === 'duplicate') return { ...next, duplicates: state.duplicates + 1 };
  if (outcome.kind === 'refused') {
    const refused: InvalidRow = { status: 'invalid', line: item.line, title: item.title, reasons: [outcome.message] };
    return { ...next, invalid: [...state.invalid, refused].sort(byLine) };
  }
  const book: CalculatedBook = { line: item.line, title: item.title, row: item.row, result: outcome.result };
  return { ...next, valid: [...state.valid, book].sort(byLine) };
}

/** The upload's state, its progress in percent, and the actions of the page. */
export interface BulkUpload {
  state: BulkUploadState;
  progress: number;
  /** Parses `file` (rows classified as they stream in), then prices every valid row. */
  start: (file: File) => void;
  /** Stops whatever runs and forgets everything (the Close button). */
  reset: () => void;
}

/**
 * The bulk upload: `parser` streams the rows, each chunk is classified at once (invalid rows
 * show while the file is still being read), then the valid rows are priced through POST
 * /user/bulkcalculate, five at a time. Progress is real work: half for the bytes parsed, half
 * for the rows priced. Rows the server already has (409 DUPLICATE_UPLOAD) are dropped and
 * counted. Starting again or resetting abandons the previous run: its late answers are ignored.
 */
export function useBulkUpload(parser: CsvParser, calculate: typeof bulkCalculate = bulkCalculate): BulkUpload {
  const [state, setState] = useState<BulkUploadState>(INITIAL);
  const stopRun = useRef<(() => void) | null>(null);
  const invalidate = useInvalidate();

  const reset = useCallback(() => {
    stopRun.current?.();
    stopRun.current = null;
    setState(INITIAL);
  }, []);

  const start = useCallback(
    (file: File) => {
      stopRun.current?.();
      let active = true;
      let stopParsing: () => void = () => {};
      stopRun.current = () => {
        active = false;
        stopParsing();
      };
      const update = (change: (state: BulkUploadState) => BulkUploadState) => {
        if (active) setState(change);
      };

      const valid: ValidRow[] = [];
      const seen = new Set<string>();
      let rowsRead = 0;

      async function calculateAll(): Promise<void> {
        let next = 0;
        let saved = 0;
        const work = async () => {
          while (active && next < valid.length) {
            const item = valid[next] as ValidRow;
            next += 1;
            const outcome = await calculateRow(calculate, item.row);
            if (outcome.kind === 'book') saved += 1;
            update((current) => applyOutcome(current, item, outcome));
          }
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, valid.length) }, work));
        update((current) => ({ ...current, phase: 'done' }));
        // The new quotes are books of the user and items of the cart now: every view of them
        // (the books, the top bar's cart count in remote-checkout) refreshes.
        if (saved > 0) void invalidate('booksAdded');
      }

      setState({ ...INITIAL, phase: 'parsing', fileName: file.name });
      stopParsing = parser(file, (event) => {
        if (!active) return;
        if (event.type === 'rows') {
          const chunk = classifyRows(event.rows, rowsRead, seen);
          rowsRead += event.rows.length;
          valid.push(...chunk.valid);
          update((current) => ({
            ...current,
            parsed: Math.max(current.parsed, event.progress),
            rowsRead,
            invalid: chunk.invalid.length > 0 ? [...current.invalid, ...chunk.invalid] : current.invalid,
            duplicates: current.duplicates + chunk.duplicates.length,
          }));
        } else if (event.type === 'error') {
          update((current) => ({ ...current, phase: 'done', error: event.message }));
        } else if (rowsRead === 0) {
          update((current) => ({ ...current, phase: 'done', parsed: 1, toCalculate: 0, noBooks: true }));
        } else {
          update((current) => ({ ...current, phase: 'calculating', parsed: 1, toCalculate: valid.length }));
          void calculateAll();
        }
      });
    },
    [parser, calculate, invalidate],
  );

  useEffect(() => () => stopRun.current?.(), []);

  return { state, progress: uploadProgress(state.parsed, state.calculated, state.toCalculate), start, reset };
}
