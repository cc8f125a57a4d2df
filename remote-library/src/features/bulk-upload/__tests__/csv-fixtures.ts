import { BULK_CSV_COLUMNS } from '../csv-rows';

/** A complete raw row (cell text, as papaparse hands it over) for a local+international print book. */
export function rawRow(overrides: Record<string, string> = {}): Record<string, string> {
  const row: Record<string, string> = Object.fromEntries(BULK_CSV_COLUMNS.map((column) => [column, '']));
  return {
    ...row,
    barcode_is_required: 'false',
    bind: 'Perfect Bound',
    book_title: 'The Karoo Diaries',
    duplex_needed: 'false',
    finish: 'Matt',
    format_type: 'print',
    gender: 'null',
    genre: '1',
    heavyGraphics: 'false',
    heavy_graphics: 'FALSE',
    height: '210',
    i_cover_type_id: '7',
    i_duplex_covered: 'false',
    i_paper_type_id: '1',
    international_price: '14.99',
    is_international: 'true',
    is_local: 'True',
    isbn: 'null',
    isbn_is_required: 'true',
    l_cover_type_id: '1',
    l_paper_type_id: '1',
    local_price: '249.99',
    nationality: 'null',
    no_of_pages: '220',
    perforation: 'false',
    recording_needed: 'false',
    soft_touch_matt_lamination: 'false',
    spine_id: '105',
    spiral_bound: 'false',
    spot_uv: 'false',
    voiceover_id: 'null',
    width: '148',
    ...overrides,
  };
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text: a header of `columns` and one line per row (cells in header order; `extra` appended). */
export function csvText(
  rows: Record<string, string>[],
  columns: readonly string[] = BULK_CSV_COLUMNS,
  extra: string[][] = [],
): string {
  const lines = [columns.map(cell).join(',')];
  rows.forEach((row, i) =>
    lines.push([...columns.map((column) => cell(row[column] ?? '')), ...(extra[i] ?? [])].join(',')),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** A File the picker can be given. */
export function csvFile(text: string, name = 'books.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}
