/**
 * CSV files as RFC 4180 writes them: CRLF between records, a field quoted when it holds a comma,
 * a double quote, CR or LF, its quotes doubled. UTF-8 with a byte-order mark, without which Excel
 * reads the file as the system code page and mangles accented names.
 */

export const UTF8_BOM = '\uFEFF';

/**
 * A cell: text (guarded against formulas), a number, a `raw` value written as is (amounts such
 * as '-5.00' and ISO dates, which must not be guarded), or empty.
 */
export type CsvCell = string | number | null | undefined | { raw: string };

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab or CR that some
 * programs strip first) gets a leading apostrophe: a customer name like `=HYPERLINK(...)` coming
 * from the marketplace feed must stay text in the author's spreadsheet (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function fieldText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return cell.raw;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function csvField(cell: CsvCell): string {
  const text = fieldText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header, records, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
