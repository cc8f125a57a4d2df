import {
  BULK_CSV_COLUMNS,
  checkColumns,
  classifyRow,
  classifyRows,
  convertCell,
  convertRow,
  TITLE_NOT_FOUND,
  uploadProgress,
} from '../csv-rows';
import { rawRow } from './csv-fixtures';

describe('the bulk CSV rules', () => {
  it('knows the 32 columns of the specification, in order, once each', () => {
    expect(BULK_CSV_COLUMNS).toHaveLength(32);
    expect(new Set(BULK_CSV_COLUMNS).size).toBe(32);
    expect(BULK_CSV_COLUMNS[0]).toBe('barcode_is_required');
    expect(BULK_CSV_COLUMNS[31]).toBe('width');
  });

  it('accepts a row whose column set is exactly the required one, in any order', () => {
    const row = rawRow();
    const reversed = Object.fromEntries(Object.entries(row).reverse());

    expect(classifyRow(row, 0)).toMatchObject({ status: 'valid', line: 2, title: 'The Karoo Diaries' });
    expect(classifyRow(reversed, 3)).toMatchObject({ status: 'valid', line: 5 });
    expect(checkColumns(row)).toEqual({ missing: [], unexpected: [] });
  });

  it('refuses a row with a missing column', () => {
    const { spot_uv: _dropped, ...row } = rawRow();

    expect(classifyRow(row, 0)).toEqual({
      status: 'invalid',
      line: 2,
      title: 'The Karoo Diaries',
      reasons: ['Missing columns: spot_uv'],
    });
  });

  it('refuses a row with an extra column, or with values beyond the header', () => {
    expect(classifyRow({ ...rawRow(), colour: 'blue' }, 0)).toMatchObject({
      status: 'invalid',
      reasons: ['Unexpected columns: colour'],
    });
    expect(classifyRow({ ...rawRow(), __parsed_extra: ['surplus'] }, 0)).toMatchObject({
      status: 'invalid',
      reasons: ['Unexpected columns: values beyond the last column'],
    });
  });

  it('refuses a renamed column as both missing and unexpected', () => {
    const { heavyGraphics, ...rest } = rawRow();
    const row = { ...rest, heavy_graphic: heavyGraphics };

    expect(classifyRow(row, 0)).toMatchObject({
      reasons: ['Missing columns: heavyGraphics', 'Unexpected columns: heavy_graphic'],
    });
  });

  it.each(['', '   ', 'null', 'NULL'])("refuses a row whose title is %j with 'Title not found'", (title) => {
    expect(classifyRow(rawRow({ book_title: title }), 1)).toEqual({
      status: 'invalid',
      line: 3,
      title: '',
      reasons: [TITLE_NOT_FOUND],
    });
  });

  it('converts true, false and null (any case, spaces ignored) and numeric text', () => {
    expect(convertCell('true')).toBe(true);
    expect(convertCell(' FALSE ')).toBe(false);
    expect(convertCell('True')).toBe(true);
    expect(convertCell('null')).toBeNull();
    expect(convertCell('220')).toBe(220);
    expect(convertCell('249.99')).toBe(249.99);
    expect(convertCell('-3')).toBe(-3);
    expect(convertCell(' 42 ')).toBe(42);
    expect(convertCell('0.5')).toBe(0.5);
  });

  it('leaves other text as it is, and numbers that would lose digits as text', () => {
    expect(convertCell('Perfect Bound')).toBe('Perfect Bound');
    expect(convertCell('')).toBe('');
    expect(convertCell('12abc')).toBe('12abc');
    expect(convertCell('007')).toBe('007');
    expect(convertCell('12345678901234567890')).toBe('12345678901234567890');
    expect(convertCell('1e5')).toBe('1e5');
  });

  it('keeps titles and ISBNs as text, but still reads null there', () => {
    expect(convertCell('1984', 'book_title')).toBe('1984');
    expect(convertCell('9780620123456', 'isbn')).toBe('9780620123456');
    expect(convertCell('null', 'isbn')).toBeNull();
    expect(convertCell('9780620123456', 'width')).toBe(9780620123456);
  });

  it('converts a whole valid row for the calculation', () => {
    const result = classifyRow(rawRow({ book_title: '1984' }), 0);

    expect(result.status).toBe('valid');
    expect(result.status === 'valid' && result.row).toMatchObject({
      book_title: '1984',
      is_local: true,
      is_international: true,
      heavy_graphics: false,
      isbn: null,
      gender: null,
      no_of_pages: 220,
      local_price: 249.99,
      genre: 1,
      bind: 'Perfect Bound',
    });
  });

  it("nests columns named with '/' into objects, at any depth, beside plain columns", () => {
    expect(convertRow({ 'meta/author': 'Thandi', 'meta/pages': '12', 'a/b/c': 'true', plain: 'null' })).toEqual({
      meta: { author: 'Thandi', pages: 12 },
      a: { b: { c: true } },
      plain: null,
    });
    expect(convertRow({ __parsed_extra: ['x'], title: 'T' })).toEqual({ title: 'T' });
  });

  it("refuses a row with '/' columns: they are not among the required ones", () => {
    expect(classifyRow({ ...rawRow(), 'meta/author': 'Thandi' }, 0)).toMatchObject({
      status: 'invalid',
      reasons: ['Unexpected columns: meta/author'],
    });
  });

  it('drops a repeat of a title with the same local/international flags within a file, across chunks', () => {
    const seen = new Set<string>();
    const first = classifyRows([rawRow(), rawRow({ book_title: 'the karoo diaries ' })], 0, seen);
    const second = classifyRows([rawRow({ is_local: 'false' }), rawRow({ book_title: '' }), rawRow()], 2, seen);

    expect(first.valid.map((row) => row.line)).toEqual([2]);
    expect(first.duplicates.map((row) => row.line)).toEqual([3]);
    expect(second.valid.map((row) => row.line)).toEqual([4]);
    expect(second.invalid.map((row) => row.line)).toEqual([5]);
    expect(second.duplicates.map((row) => row.line)).toEqual([6]);
  });

  it('counts progress as half parsing, half calculating', () => {
    expect(uploadProgress(0, 0, null)).toBe(0);
    expect(uploadProgress(0.5, 0, null)).toBe(25);
    expect(uploadProgress(1, 0, 4)).toBe(50);
    expect(uploadProgress(1, 1, 4)).toBe(63);
    expect(uploadProgress(1, 4, 4)).toBe(100);
    expect(uploadProgress(1, 0, 0)).toBe(100);
  });
});
