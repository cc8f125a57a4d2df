/**
 * The bulk CSV rules of account-area.md (sections 3, 4 and 5), as pure functions: which rows
 * are books, how cell text becomes values, and why a row is refused. The worker only parses;
 * everything decided about a row is decided here.
 */
import type { components } from '@pod/shared-contracts';

/** One CSV row as the bulk calculation takes it (portal.yaml BulkCsvRow). */
export type BulkCsvRow = components['schemas']['BulkCsvRow'];

/** A parsed row before any rule: header name -> cell text (papaparse's header mode). */
export type RawCsvRow = Record<string, unknown>;

/** A converted cell: 'true'/'false'/'null' and numeric text turned into values. */
export type CsvValue = string | number | boolean | null;

/** A converted row; a column named `a/b` becomes `{ a: { b: value } }`. */
export interface ConvertedRow {
  [column: string]: CsvValue | ConvertedRow;
}

/** The 32 columns of a bulk CSV, in the template's order (account-area.md section 3). */
export const BULK_CSV_COLUMNS = [
  'barcode_is_required',
  'bind',
  'book_title',
  'duplex_needed',
  'finish',
  'format_type',
  'gender',
  'genre',
  'heavyGraphics',
  'heavy_graphics',
  'height',
  'i_cover_type_id',
  'i_duplex_covered',
  'i_paper_type_id',
  'international_price',
  'is_international',
  'is_local',
  'isbn',
  'isbn_is_required',
  'l_cover_type_id',
  'l_paper_type_id',
  'local_price',
  'nationality',
  'no_of_pages',
  'perforation',
  'recording_needed',
  'soft_touch_matt_lamination',
  'spine_id',
  'spiral_bound',
  'spot_uv',
  'voiceover_id',
  'width',
] as const;

const REQUIRED = new Set<string>(BULK_CSV_COLUMNS);

/** papaparse's key for the values of a row that has more cells than the header. */
export const EXTRA_VALUES_KEY = '__parsed_extra';

/** Shown for a row whose title is empty (account-area.md section 4). */
export const TITLE_NOT_FOUND = 'Title not found';
/** Shown when rows were dropped as already uploaded (account-area.md section 2). */
export const DUPLICATE_UPLOAD = 'Duplicate upload detected';
/** Shown when the file holds no rows at all (account-area.md section 2). */
export const NO_BOOKS_DETECTED = 'No books detected in your CSV document.';

/**
 * Columns kept as text even when they look numeric: a title such as '1984' is a title, and an
 * ISBN may start with 0 or end in X (a design decision; 'null' still converts).
 */
const TEXT_COLUMNS = new Set(['book_title', 'isbn']);

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * One cell's value: 'true', 'false' and 'null' (any case, surrounding spaces ignored) become
 * true, false and null; numeric text becomes a number when nothing is lost ('0123' and
 * 20-digit codes stay text); anything else stays as it is.
 */
export function convertCell(text: unknown, column = ''): CsvValue {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number' || typeof text === 'boolean') return text;
  const raw = String(text);
  const trimmed = raw.trim();
  const lower = trimmed.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  if (!TEXT_COLUMNS.has(column) && NUMBER.test(trimmed)) {
    const value = Number(trimmed);
    const lossless = Number.isFinite(value) && !/^[+-]?0\d/.test(trimmed) && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
    if (lossless) return value;
  }
  return raw;
}

/**
 * A raw row with every cell converted and every `a/b` column nested as `{ a: { b } }`
 * (deeper paths nest further). papaparse's extra-values key is left out.
 */
export function convertRow(raw: RawCsvRow): ConvertedRow {
  const row: ConvertedRow = {};
  for (const [column, text] of Object.entries(raw)) {
    if (column === EXTRA_VALUES_KEY) continue;
    const path = column.split('/').map((part) => part.trim());
    const value = convertCell(text, column);
    if (path.length === 1 || path.some((part) => part === '')) {
      row[column] = value;
      continue;
    }
    let target = row;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      if (next === null || typeof next !== 'object') target[part] = {};
      target = target[part] as ConvertedRow;
    }
    target[path[path.length - 1] as string] = value;
  }
  return row;
}

/** How a row's columns differ from the required set; both empty means the set is exact. */
export interface ColumnCheck {
  missing: string[];
  unexpected: string[];
}

/** Compares a row's column names (its header set) with the 32 required columns. */
export function checkColumns(raw: RawCsvRow): ColumnCheck {
  const present = new Set(Object.keys(raw).filter((column) => column !== EXTRA_VALUES_KEY));
  const missing = BULK_CSV_COLUMNS.filter((column) => !present.has(column));
  const unexpected = [...present].filter((column) => !REQUIRED.has(column));
  if (Array.isArray(raw[EXTRA_VALUES_KEY]) && (raw[EXTRA_VALUES_KEY] as unknown[]).length > 0) {
    unexpected.push('values beyond the last column');
  }
  return { missing, unexpected };
}

/** A row that is a book: exactly the required columns, and a title. */
export interface ValidRow {
  status: 'valid';
  /** The row's line in the file (the header is line 1). */
  line: number;
  title: string;
  row: BulkCsvRow;
}

/** A row that is not a book, with every reason. */
export interface InvalidRow {
  status: 'invalid';
  line: number;
  /** The row's title, '' when it has none. */
  title: string;
  reasons: string[];
}

/** The verdict on one row. */
export type ClassifiedRow = ValidRow | InvalidRow;

function titleOf(row: ConvertedRow): string {
  const title = row.book_title;
  return title === null || title === undefined || typeof title === 'object' ? '' : String(title).trim();
}

/**
 * Classifies the row at `index` (0 = the first row under the header): valid only when its
 * column set equals the 32 required columns exactly and it has a title ('Title not found'
 * otherwise). A valid row's values are converted (see {@link convertRow}).
 */
export function classifyRow(raw: RawCsvRow, index: number): ClassifiedRow {
  const line = index + 2;
  const converted = convertRow(raw);
  const title = titleOf(converted);
  const { missing, unexpected } = checkColumns(raw);
  const reasons: string[] = [];
  if (missing.length > 0) reasons.push(`Missing columns: ${missing.join(', ')}`);
  if (unexpected.length > 0) reasons.push(`Unexpected columns: ${unexpected.join(', ')}`);
  if (!title) reasons.push(TITLE_NOT_FOUND);
  if (reasons.length > 0) return { status: 'invalid', line, title, reasons };
  return { status: 'valid', line, title, row: converted as unknown as BulkCsvRow };
}

/** The key of a book for duplicate detection: title (any case) + local/international flags. */
export function duplicateKey(row: BulkCsvRow): string {
  return JSON.stringify([String(row.book_title).trim().toLowerCase(), row.is_local, row.is_international]);
}

/** Rows split into books and refusals, with the rows dropped as repeats within the file. */
export interface ClassifiedRows {
  valid: ValidRow[];
  invalid: InvalidRow[];
  /** Valid rows repeating an earlier row's title and flags; the first is kept. */
  duplicates: ValidRow[];
}

/**
 * Classifies rows (numbered from `offset`, for rows that arrive in chunks). `seen` carries
 * the duplicate keys across chunks; a repeat of an earlier book of the same file is dropped
 * like an upload the server already has.
 */
export function classifyRows(rows: readonly RawCsvRow[], offset = 0, seen: Set<string> = new Set()): ClassifiedRows {
  const result: ClassifiedRows = { valid: [], invalid: [], duplicates: [] };
  rows.forEach((raw, i) => {
    const classified = classifyRow(raw, offset + i);
    if (classified.status === 'invalid') {
      result.invalid.push(classified);
      return;
    }
    const key = duplicateKey(classified.row);
    if (seen.has(key)) {
      result.duplicates.push(classified);
      return;
    }
    seen.add(key);
    result.valid.push(classified);
  });
  return result;
}

/** Upload progress in percent: parsing is the first half, the price calculations the second. */
export function uploadProgress(parsedFraction: number, calculated: number, toCalculate: number | null): number {
  const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
  const calculatedFraction = toCalculate === null ? 0 : toCalculate === 0 ? 1 : calculated / toCalculate;
  return Math.round(clamp(parsedFraction) * 50 + clamp(calculatedFraction) * 50);
}
