/**
 * A valid bulk-upload row (portal.yaml BulkRow) for server tests: a print book sold locally and
 * internationally; `overrides` replaces fields.
 */
export const bulkRow = (overrides: Record<string, unknown> = {}) => ({
  barcode_is_required: false, bind: 'Perfect Bound', book_title: 'Stars over Limpopo', duplex_needed: false,
  finish: 'Matt', format_type: 'print', gender: null, genre: 'FIC000000', heavyGraphics: false, heavy_graphics: false,
  height: 234, i_cover_type_id: null, i_duplex_covered: false, i_paper_type_id: 1, international_price: 15.99,
  is_international: true, is_local: true, isbn: null, isbn_is_required: true, l_cover_type_id: 1,
  l_paper_type_id: 1, local_price: 249, nationality: null, no_of_pages: 200, perforation: false,
  recording_needed: false, soft_touch_matt_lamination: false, spine_id: 105, spiral_bound: false, spot_uv: false,
  voiceover_id: null, width: 156, ...overrides,
});
