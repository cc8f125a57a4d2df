import type { BookFormat, EstimateInput, PricedOption, QuoteResource, RegionChoice } from '@pod/shared-contracts';

/**
 * What the royalty widget reads of the book draft (new-book-wizard.md section 3), already
 * parsed: numbers or null, option ids or null. The page 1 form owns the draft's fields; this is
 * the widget's view of them.
 */
export interface RoyaltyDraft {
  format: BookFormat;
  isLocal: boolean;
  isInternational: boolean;
  /** Local selling price, ZAR incl. VAT. */
  localPrice: number | null;
  /** International selling price, USD. */
  internationalPrice: number | null;
  pages: number | null;
  localPaperTypeId: number | null;
  localCoverTypeId: number | null;
  internationalPaperTypeId: number | null;
  internationalCoverTypeId: number | null;
  heightMm: number | null;
  widthMm: number | null;
  /** The paper side (default 42); a trigger of the server estimate, not one of its inputs. */
  paperSide: number | null;
  spineId: number | null;
  spotUv: boolean;
  duplex: boolean;
  softTouch: boolean;
  spiral: boolean;
  internationalDuplex: boolean;
  perforation: boolean;
  recordingNeeded: boolean;
  voiceGender: string | null;
  voiceAccent: string | null;
}

/** A draft with nothing chosen: print, no region, no figures. */
export const EMPTY_ROYALTY_DRAFT: RoyaltyDraft = {
  format: 'print',
  isLocal: false,
  isInternational: false,
  localPrice: null,
  internationalPrice: null,
  pages: null,
  localPaperTypeId: null,
  localCoverTypeId: null,
  internationalPaperTypeId: null,
  internationalCoverTypeId: null,
  heightMm: null,
  widthMm: null,
  paperSide: 42,
  spineId: 105,
  spotUv: false,
  duplex: false,
  softTouch: false,
  spiral: false,
  internationalDuplex: false,
  perforation: false,
  recordingNeeded: false,
  voiceGender: null,
  voiceAccent: null,
};

/** A typed number ('249.00', 249) or null when blank or not a number. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** An option id as the form may store it: a number, a numeric string or an option object with an id. */
function toId(value: unknown): number | null {
  if (value !== null && typeof value === 'object' && 'id' in value) return toNumber((value as { id: unknown }).id);
  return toNumber(value);
}

const toFlag = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';
const toText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The format of the draft's bookFormat, whatever its spelling ('eBook', 'Audiobook', 'Print'). */
export function toFormat(value: unknown): BookFormat {
  const text = typeof value === 'string' ? value.toLowerCase().replace(/[^a-z]/g, '') : '';
  if (text.includes('ebook')) return 'ebook';
  if (text.includes('audio')) return 'audiobook';
  return 'print';
}

/**
 * The widget's view of book-draft values (the form's live values or the stored draft; field
 * names of spec section 3). Custom height and width win over the standard size's.
 */
export function toRoyaltyDraft(values: Readonly<Record<string, unknown>>): RoyaltyDraft {
  const read = (name: string) => values[name] ?? null;
  return {
    format: toFormat(read('bookFormat')),
    isLocal: toFlag(read('isLocal')),
    isInternational: toFlag(read('isInternational')),
    localPrice: toNumber(read('bookPrice')),
    internationalPrice: toNumber(read('internationalBookPrice')),
    pages: toNumber(read('numPages')),
    localPaperTypeId: toId(read('localPaperType')),
    localCoverTypeId: toId(read('localCoverPaperType')),
    internationalPaperTypeId: toId(read('internationalPaperType')),
    internationalCoverTypeId: toId(read('internationalCoverPaperType') || read('intCoverType')),
    heightMm: toNumber(read('height')) ?? toNumber(read('bookHeight')),
    widthMm: toNumber(read('width')) ?? toNumber(read('bookWidth')),
    paperSide: toNumber(read('paperSide')) ?? 42,
    spineId: toId(read('spineOption')) ?? 105,
    spotUv: toFlag(read('spotUvNeeded')),
    duplex: toFlag(read('duplexNeeded')),
    softTouch: toFlag(read('softTouchMattLaminationNeeded')),
    spiral: toFlag(read('spiralBoundNeeded')),
    internationalDuplex: toFlag(read('duplexNeededInt')),
    perforation: toFlag(read('perforationNeededInt')),
    recordingNeeded: toFlag(read('recordingRequired')),
    voiceGender: toText(read('voiceGender')),
    voiceAccent: toText(read('voiceAccent')),
  };
}

/** The regions the draft prices: eBooks are international only (the spec forces it). */
export function chosenRegions(draft: RoyaltyDraft): { local: boolean; international: boolean } {
  return { local: draft.format !== 'ebook' && draft.isLocal, international: draft.isInternational };
}

/**
 * True once the estimate can be asked for: a page count and the price of every chosen region
 * (spec: realtimeroyalty 'runs only when needed prices and page count exist').
 */
export function hasNeededFigures(draft: RoyaltyDraft): boolean {
  const regions = chosenRegions(draft);
  if (!regions.local && !regions.international) return false;
  if (draft.pages === null || draft.pages <= 0) return false;
  if (regions.local && draft.localPrice === null) return false;
  return !(regions.international && draft.internationalPrice === null);
}

type Group = 'localPaperTypes' | 'localBookTypes' | 'internationalPaperTypes' | 'internationalBookTypes';

/** The option of `group` with `id` as the engine prices it, or null when unknown or without a cost. */
function pricedOption(resources: readonly QuoteResource[], group: Group, id: number | null): PricedOption | null {
  if (id === null) return null;
  const option = resources.find((r) => r.group === group && 'id' in r && r.id === id) as
    { unitCost?: number | null; maxPage?: number | null } | undefined;
  if (!option || typeof option.unitCost !== 'number') return null;
  return { unitCost: option.unitCost, maxPage: option.maxPage ?? null };
}

/**
 * The engine's input for the draft, or null when the browser cannot price it yet: figures
 * missing, or a print region whose paper or cover type is not chosen (a print cost of 0 would
 * show a royalty far too high).
 */
export function toEstimateInput(draft: RoyaltyDraft, resources: readonly QuoteResource[]): EstimateInput | null {
  if (!hasNeededFigures(draft)) return null;
  const regions = chosenRegions(draft);
  const print = draft.format === 'print';
  let local: RegionChoice | null = null;
  let international: RegionChoice | null = null;
  if (regions.local) {
    const paper = pricedOption(resources, 'localPaperTypes', draft.localPaperTypeId);
    const cover = pricedOption(resources, 'localBookTypes', draft.localCoverTypeId);
    if (print && (!paper || !cover)) return null;
    local = {
      price: draft.localPrice ?? 0,
      paper,
      cover,
      duplex: draft.duplex,
      softTouch: draft.softTouch,
      spiral: draft.spiral,
      spotUv: draft.spotUv,
    };
  }
  if (regions.international) {
    const paper = pricedOption(resources, 'internationalPaperTypes', draft.internationalPaperTypeId);
    const cover = pricedOption(resources, 'internationalBookTypes', draft.internationalCoverTypeId);
    if (print && (!paper || !cover)) return null;
    international = {
      price: draft.internationalPrice ?? 0,
      paper,
      cover,
      duplex: draft.internationalDuplex,
      perforation: draft.perforation,
    };
  }
  return {
    format: draft.format,
    pages: draft.pages,
    heightMm: draft.heightMm,
    widthMm: draft.widthMm,
    local,
    international,
  };
}

/**
 * How many paper types of the region can take the draft's page count (maxPage null or at least
 * the pages): the widget's paper-option count. The spec does not say what is counted; the
 * options that fit are what an author can still choose from.
 */
export function paperOptionCount(
  resources: readonly QuoteResource[],
  region: 'local' | 'international',
  pages: number | null,
): number {
  const group = region === 'local' ? 'localPaperTypes' : 'internationalPaperTypes';
  return resources.filter((r) => {
    if (r.group !== group) return false;
    const maxPage = (r as { maxPage?: number | null }).maxPage ?? null;
    return pages === null || maxPage === null || pages <= maxPage;
  }).length;
}
