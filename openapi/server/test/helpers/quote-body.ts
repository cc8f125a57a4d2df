import { randomInt } from 'node:crypto';

/** A random ISBN-13 (978 prefix) with a correct check digit, so tests never collide on one. */
export function freshIsbn(): string {
  const body = `978${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A valid POST /user/getquote body (portal.yaml QuoteBody): a 240-page NC paperback sold locally
 * at R249 and internationally at $15.99; `overrides` replaces fields.
 */
export const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  book_title: 'Stars over Limpopo',
  no_of_pages: 240,
  format_type: 'print',
  is_local: true,
  l_paper_type_id: 1,
  l_cover_type_id: 1,
  local_price: 249,
  international_price: 15.99,
  is_international: true,
  i_paper_type_id: 1,
  i_cover_type_id: 7,
  gender: null,
  nationality: null,
  isbn_is_required: false,
  barcode_is_required: false,
  isbn: freshIsbn(),
  spine_id: 105,
  genre: 1,
  heavy_graphics: false,
  heavyGraphics: false,
  voiceover_id: null,
  spot_uv: false,
  duplex_needed: false,
  soft_touch_matt_lamination: false,
  spiral_bound: false,
  i_duplex_covered: false,
  perforation: false,
  recording_needed: false,
  finish: 'Matt',
  bind: 'Perfect Bound',
  height: 234,
  width: 156,
  ...overrides,
});

/** A valid PUT /user/realtimeroyalty body for the same book. */
export const royaltyBody = (overrides: Record<string, unknown> = {}) => ({
  no_of_pages: 240,
  format: 'print',
  is_local: true,
  l_paper_type_id: 1,
  l_cover_type_id: 1,
  local_price: 249,
  international_price: 15.99,
  is_international: true,
  i_paper_type_id: 1,
  i_cover_type_id: 7,
  nationality: null,
  gender: null,
  spine_id: 105,
  spot_uv: false,
  duplex_needed: false,
  soft_touch_matt_lamination: false,
  spiral_bound: false,
  recording_needed: false,
  i_duplex_covered: false,
  perforation: false,
  height: 234,
  width: 156,
  ...overrides,
});
