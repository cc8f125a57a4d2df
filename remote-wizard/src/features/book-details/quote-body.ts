import type { BookFormat, QuoteResource, components } from '@pod/shared-contracts';
import type { BookDraft } from './book-draft';

/** The POST /user/getquote body as portal.yaml types it. */
export type QuoteBody = components['schemas']['QuoteBody'];

/**
 * The body this wizard sends: QuoteBody with every field present and typed as the page sends it
 * (numbers for figures and ids, null where a field does not apply), so the screen and its tests
 * can read it without narrowing the schema's lenient unions.
 */
export interface QuoteRequest extends QuoteBody {
  book_title: string;
  no_of_pages: number | null;
  format_type: string;
  is_local: boolean;
  is_international: boolean;
  l_paper_type_id: number | null;
  l_cover_type_id: number | null;
  local_price: number | null;
  international_price: number | null;
  i_paper_type_id: number | null;
  i_cover_type_id: number | null;
  gender: string | null;
  nationality: string | null;
  isbn_is_required: boolean;
  barcode_is_required: boolean;
  isbn: string | null;
  spine_id: number | null;
  genre: number | null;
  heavy_graphics: boolean;
  heavyGraphics: boolean;
  voiceover_id: number | null;
  spot_uv: boolean;
  duplex_needed: boolean;
  soft_touch_matt_lamination: boolean;
  spiral_bound: boolean;
  i_duplex_covered: boolean;
  perforation: boolean;
  recording_needed: boolean;
  finish: string | null;
  bind: string | null;
  height: number | null;
  width: number | null;
}

/** The international cover type sent when none is chosen (spec section 9). */
export const DEFAULT_INTERNATIONAL_COVER_TYPE_ID = 7;
/** The binding sent when spiral binding is needed (spec section 7). */
export const SPIRAL_BIND = 'Spiral Bound';
/** The size field's value for a custom height and width. */
export const CUSTOM_SIZE = 'custom';

/** A typed figure ('249.00', ' 240 ') as a number; null when blank or not a number. */
export function toFigure(value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** The ISBN as the server takes it: dashes and spaces stripped (spec section 7). */
export function stripIsbn(isbn: string): string {
  return isbn.replace(/[\s-]/g, '');
}

type Group = QuoteResource['group'];

/** The option of `group` whose id is `id` (ids are per group), or undefined. */
export function findOption(
  resources: readonly QuoteResource[],
  group: Group,
  id: number | string | null,
): QuoteResource | undefined {
  if (id === null || id === '') return undefined;
  return resources.find((r) => r.group === group && String(r.id) === String(id).trim());
}

/** An option's name (paper, cover type or size), or '' when unknown. */
export function optionName(resources: readonly QuoteResource[], group: Group, id: number | string | null): string {
  const option = findOption(resources, group, id);
  return option && 'name' in option && typeof option.name === 'string' ? option.name : '';
}

/**
 * The height and width in mm the book is printed at: the custom ones for a custom size, else
 * the chosen standard size's (the draft's bookHeight/bookWidth, or the size option's when the
 * draft has not kept them).
 */
export function bookDimensions(
  draft: BookDraft,
  resources: readonly QuoteResource[],
): { height: number | null; width: number | null } {
  if (draft.size === CUSTOM_SIZE) return { height: toFigure(draft.height), width: toFigure(draft.width) };
  const size = findOption(resources, 'sizes', draft.size);
  const standard = size && 'height' in size && 'width' in size ? size : undefined;
  return {
    height: toFigure(draft.bookHeight) ?? (typeof standard?.height === 'number' ? standard.height : null),
    width: toFigure(draft.bookWidth) ?? (typeof standard?.width === 'number' ? standard.width : null),
  };
}

/** The regions the book is sold in: an eBook is international only (spec section 4). */
export function quoteRegions(draft: BookDraft): { local: boolean; international: boolean } {
  return { local: draft.bookFormat !== 'ebook' && draft.isLocal, international: draft.isInternational };
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The POST /user/getquote body of the stored draft (new-book-wizard.md section 7). Only what
 * applies is sent: prices, paper and cover types and extras of the chosen regions, print fields
 * (types, size, finish, binding, barcode) for print books, recording choices for an audiobook
 * that needs a recording; everything else is null or false. The server validates it all again
 * and prices it itself.
 */
export function toQuoteBody(draft: BookDraft, resources: readonly QuoteResource[]): QuoteRequest {
  const format: BookFormat | undefined = draft.bookFormat;
  const print = format === 'print';
  const recording = format === 'audiobook' && draft.recordingRequired;
  const { local, international } = quoteRegions(draft);
  const printLocal = print && local;
  const printInternational = print && international;
  const spiral = printLocal && draft.spiralBoundNeeded;
  const localCoverTypeId = printLocal ? toFigure(draft.localCoverPaperType) : null;
  const internationalCoverTypeId = printInternational
    ? (toFigure(draft.internationalCoverPaperType) ?? DEFAULT_INTERNATIONAL_COVER_TYPE_ID)
    : null;
  // The binding is the cover type's name; a draft without it falls back to the chosen cover type.
  const binding =
    text(draft.binding) ??
    text(optionName(resources, 'localBookTypes', localCoverTypeId)) ??
    text(optionName(resources, 'internationalBookTypes', internationalCoverTypeId));
  const { height, width } = print ? bookDimensions(draft, resources) : { height: null, width: null };

  return {
    book_title: draft.title.trim(),
    no_of_pages: toFigure(draft.numPages),
    format_type: format ?? '',
    is_local: local,
    l_paper_type_id: printLocal ? toFigure(draft.localPaperType) : null,
    l_cover_type_id: localCoverTypeId,
    local_price: local ? toFigure(draft.bookPrice) : null,
    international_price: international ? toFigure(draft.internationalBookPrice) : null,
    is_international: international,
    i_paper_type_id: printInternational ? toFigure(draft.internationalPaperType) : null,
    i_cover_type_id: internationalCoverTypeId,
    gender: recording ? text(draft.voiceGender) : null,
    nationality: recording ? text(draft.voiceAccent) : null,
    isbn_is_required: draft.isbnNumberNeeded,
    // A registered ISBN's barcode is made with it and printed on the back cover: print only.
    barcode_is_required: print && draft.isbnNumberNeeded,
    isbn: draft.isbnNumberNeeded ? null : stripIsbn(draft.isbnNumber),
    spine_id: print ? toFigure(draft.spineOption) : null,
    genre: toFigure(draft.genre),
    heavy_graphics: draft.heavyGraphics,
    heavyGraphics: draft.heavyGraphics,
    voiceover_id: recording ? toFigure(draft.voiceArtist) : null,
    spot_uv: printLocal && draft.spotUvNeeded,
    duplex_needed: printLocal && draft.duplexNeeded,
    soft_touch_matt_lamination: printLocal && draft.softTouchMattLaminationNeeded,
    spiral_bound: spiral,
    i_duplex_covered: printInternational && draft.duplexNeededInt,
    perforation: printInternational && draft.perforationNeededInt,
    recording_needed: recording,
    finish: print ? text(draft.coverFinish) : null,
    bind: print ? (spiral ? SPIRAL_BIND : binding) : null,
    height,
    width,
  };
}
