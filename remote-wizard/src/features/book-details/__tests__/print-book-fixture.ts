import type { QuoteResource } from '@pod/shared-contracts';
import { EMPTY_BOOK_DRAFT, type BookDraft } from '../book-draft';

// One print book as pages 1 and 2 store it, the options it is priced with and the POST
// /user/getquote body it gives: shared by the quote-body and page 3 suites.

export const RESOURCES = [
  { group: 'localPaperTypes', id: 1, name: '80gsm Bond (B&W)', maxPage: 800, unitCost: 0.18 },
  { group: 'localBookTypes', id: 1, name: 'Paperback (Perfect Bound)', maxPage: 1200, unitCost: 14 },
  { group: 'internationalPaperTypes', id: 2, name: 'Standard B&W Cream 50#', maxPage: 828, unitCost: 0.013 },
  { group: 'internationalBookTypes', id: 7, name: 'Paperback (Perfect Bound)', maxPage: 828, unitCost: 1 },
  { group: 'genres', id: 2, SubjectHeading: 'FICTION / Romance / General', bisac: 'FIC027000' },
  {
    group: 'sizes',
    id: 8,
    name: 'A5',
    height: 210,
    width: 148,
    template: 'A5',
    orientation: 'portrait',
    isLocal: true,
    isInternational: true,
  },
] as QuoteResource[];
export const PRICES = { ebook: { conversionFixed: 450, uploadFee: 299 } };

export const PRINT_BOOK: BookDraft = {
  ...EMPTY_BOOK_DRAFT,
  title: 'Stars over Limpopo',
  bookFormat: 'print',
  genreHeading: 'FICTION',
  genre: '2',
  isbnNumber: '9780306406157',
  contributors: [{ name: 'Jo Bloggs', role: 'Editor' }],
  numPages: '240',
  size: '8',
  bookHeight: '210',
  bookWidth: '148',
  orientation: 'portrait',
  binding: 'Paperback (Perfect Bound)',
  coverFinish: 'Matt',
  color: 'B&W',
  localPaperType: '1',
  localCoverPaperType: '1',
  internationalPaperType: '2',
  internationalCoverPaperType: '',
  bookPrice: '249.00',
  internationalBookPrice: '14.99',
  spotUvNeeded: true,
};

/** What Confirm must send for PRINT_BOOK (spec section 7). */
export const PRINT_BODY = {
  book_title: 'Stars over Limpopo',
  no_of_pages: 240,
  format_type: 'print',
  is_local: true,
  l_paper_type_id: 1,
  l_cover_type_id: 1,
  local_price: 249,
  international_price: 14.99,
  is_international: true,
  i_paper_type_id: 2,
  i_cover_type_id: 7,
  gender: null,
  nationality: null,
  isbn_is_required: false,
  barcode_is_required: false,
  isbn: '9780306406157',
  spine_id: 105,
  genre: 2,
  heavy_graphics: false,
  heavyGraphics: false,
  voiceover_id: null,
  spot_uv: true,
  duplex_needed: false,
  soft_touch_matt_lamination: false,
  spiral_bound: false,
  i_duplex_covered: false,
  perforation: false,
  recording_needed: false,
  finish: 'Matt',
  bind: 'Paperback (Perfect Bound)',
  height: 210,
  width: 148,
};
