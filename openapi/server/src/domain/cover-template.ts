/**
 * The cover geometry of a print book (pure; issue 14, "Cover template" in the server README).
 *
 * Spine width = pages x the paper's thickness per page; full cover = back trim + spine + front
 * trim, plus the bleed on every side. The per-page thicknesses are KDP's published factors
 * (white 0.002252 in, cream 0.0025 in per page); the bleed is 3 mm (KDP uses 0.125 in = 3.175 mm:
 * every function takes the bleed as an option, so the worked examples can be checked against
 * KDP's own numbers too). Spine text is allowed from 79 pages up.
 *
 * Bindings: a perfect-bound paperback and the hardcovers get the spine of the formula (for a
 * hardcover the printer adds its board and hinge allowance to the case itself: the template is
 * the printed area); saddle stitch and spiral binding have no spine (0 mm), so no spine text.
 */

export const MM_PER_INCH = 25.4;
/** Thickness of one page (one leaf side counted as a page, as KDP counts), in inches. */
export const PAGE_THICKNESS_IN = { white: 0.002252, cream: 0.0025 } as const;
/** Bleed on every side of the cover, in mm. */
export const COVER_BLEED_MM = 3;
/** Spine text is allowed from this page count up. */
export const SPINE_TEXT_MIN_PAGES = 79;
/** What the spine width is rounded to, in mm (printers work to about ±1.5 mm on a spine). */
export const SPINE_ROUNDING_MM = 0.1;
/** Barcode area on the back cover (KDP's): 2 x 1.2 in, 0.25 in in from the bottom trim and the spine. */
export const BARCODE_MM = { width: 50.8, height: 30.48, inset: 6.35 } as const;
/** Space kept free on each side of spine text, inside the spine folds (KDP: 0.0625 in). */
export const SPINE_TEXT_MARGIN_MM = 1.5875;

export type PaperShade = keyof typeof PAGE_THICKNESS_IN;
export type BindingStyle = 'perfect' | 'hardcover' | 'saddle-stitch' | 'spiral';

/** The paper's shade from the paper type's name: 'Cream' in it means cream, anything else white. */
export function paperShade(paperTypeName: string): PaperShade {
  return /cream/i.test(paperTypeName) ? 'cream' : 'white';
}

/** The binding style from the cover (book) type's name, e.g. 'Paperback (Perfect Bound)'. */
export function bindingStyle(bookTypeName: string): BindingStyle {
  if (/saddle/i.test(bookTypeName)) return 'saddle-stitch';
  if (/spiral/i.test(bookTypeName)) return 'spiral';
  if (/hard ?cover|case/i.test(bookTypeName)) return 'hardcover';
  return 'perfect';
}

/** Whether a binding has a spine to print on. */
export const hasSpine = (binding: BindingStyle) => binding === 'perfect' || binding === 'hardcover';

export interface CoverInput {
  trimWidthMm: number;
  trimHeightMm: number;
  pages: number;
  paper: PaperShade;
  binding: BindingStyle;
  /** Bleed on every side, mm; COVER_BLEED_MM unless given. */
  bleedMm?: number;
}

export interface CoverGeometry {
  trimWidthMm: number;
  trimHeightMm: number;
  pages: number;
  paper: PaperShade;
  binding: BindingStyle;
  /** pages x thickness per page, unrounded (0 without a spine). */
  exactSpineWidthMm: number;
  /** The spine as printed, rounded to SPINE_ROUNDING_MM; every size below uses it. */
  spineWidthMm: number;
  bleedMm: number;
  /** 2 x trim width + spine + 2 x bleed. */
  coverWidthMm: number;
  /** trim height + 2 x bleed. */
  coverHeightMm: number;
  spineTextAllowed: boolean;
}

/** Rounds to `step` without binary noise (17.16 -> 17.2, not 17.200000000000003). */
export function roundTo(value: number, step: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)));
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

/** The exact spine width in mm of `pages` pages of `paper` (the README's formula). */
export const spineWidthMm = (pages: number, paper: PaperShade) => pages * PAGE_THICKNESS_IN[paper] * MM_PER_INCH;

export function coverGeometry(input: CoverInput): CoverGeometry {
  const bleedMm = input.bleedMm ?? COVER_BLEED_MM;
  const spine = hasSpine(input.binding);
  const exact = spine ? spineWidthMm(input.pages, input.paper) : 0;
  const spineRounded = roundTo(exact, SPINE_ROUNDING_MM);
  return {
    trimWidthMm: input.trimWidthMm,
    trimHeightMm: input.trimHeightMm,
    pages: input.pages,
    paper: input.paper,
    binding: input.binding,
    exactSpineWidthMm: exact,
    spineWidthMm: spineRounded,
    bleedMm,
    coverWidthMm: roundTo(2 * input.trimWidthMm + spineRounded + 2 * bleedMm, 0.001),
    coverHeightMm: roundTo(input.trimHeightMm + 2 * bleedMm, 0.001),
    spineTextAllowed: spine && input.pages >= SPINE_TEXT_MIN_PAGES,
  };
}

/** A rectangle in mm, from the cover's top-left corner (x right, y down). */
export interface MmRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TemplateLabel {
  text: string;
  /** Centre of the text, mm from the top-left corner. */
  x: number;
  y: number;
  /** Font size, mm (the renderers shrink it to fit `maxWidth`). */
  size: number;
  /** The widest the text may be, mm. */
  maxWidth: number;
  /** Rotated 90 degrees (reading bottom to top), for the spine. */
  vertical?: boolean;
}

/** What a template draws, in mm from the cover's top-left corner: both renderers (PDF, PNG) use it. */
export interface TemplateLayout {
  widthMm: number;
  heightMm: number;
  /** The trim box: what remains after cutting (back + spine + front). */
  trim: MmRect;
  back: MmRect;
  front: MmRect;
  /** Zero-width for bindings without a spine (the fold is the one line). */
  spine: MmRect;
  /** Where spine text may go, when it is allowed. */
  spineText: MmRect | null;
  barcode: MmRect;
  labels: TemplateLabel[];
}

const mm = (value: number) => `${roundTo(value, 0.1)} mm`;
const PAPER_LABEL = { white: 'white', cream: 'cream' } as const;

/** The template of a cover: its areas and labelled dimensions. */
export function templateLayout(geometry: CoverGeometry): TemplateLayout {
  const { bleedMm: bleed, trimWidthMm: trimW, trimHeightMm: trimH, spineWidthMm: spineW } = geometry;
  const back: MmRect = { x: bleed, y: bleed, width: trimW, height: trimH };
  const spine: MmRect = { x: bleed + trimW, y: bleed, width: spineW, height: trimH };
  const front: MmRect = { x: bleed + trimW + spineW, y: bleed, width: trimW, height: trimH };
  const trim: MmRect = { x: bleed, y: bleed, width: 2 * trimW + spineW, height: trimH };
  const barcode: MmRect = {
    x: back.x + back.width - BARCODE_MM.inset - BARCODE_MM.width,
    y: back.y + back.height - BARCODE_MM.inset - BARCODE_MM.height,
    width: BARCODE_MM.width,
    height: BARCODE_MM.height,
  };
  const spineText =
    geometry.spineTextAllowed && spineW > 2 * SPINE_TEXT_MARGIN_MM
      ? {
          x: spine.x + SPINE_TEXT_MARGIN_MM,
          y: spine.y + BARCODE_MM.inset,
          width: spineW - 2 * SPINE_TEXT_MARGIN_MM,
          height: trimH - 2 * BARCODE_MM.inset,
        }
      : null;
  const size = Math.max(2.2, Math.min(5, trimW / 40));
  const small = size * 0.75;
  const centre = (rect: MmRect) => rect.x + rect.width / 2;
  const panel = trimW - 8;
  const text = (value: string, x: number, y: number, fontSize: number, maxWidth = panel): TemplateLabel => ({
    text: value,
    x,
    y,
    size: fontSize,
    maxWidth,
  });
  const below = front.y + trimH * 0.55;
  const labels: TemplateLabel[] = [
    text('BACK COVER', centre(back), back.y + trimH * 0.3, size),
    text(`${mm(trimW)} x ${mm(trimH)}`, centre(back), back.y + trimH * 0.3 + size * 2, small),
    text('FRONT COVER', centre(front), front.y + trimH * 0.3, size),
    text(`${mm(trimW)} x ${mm(trimH)}`, centre(front), front.y + trimH * 0.3 + size * 2, small),
    text(
      `Full cover with bleed: ${mm(geometry.coverWidthMm)} x ${mm(geometry.coverHeightMm)}`,
      centre(front),
      below,
      small,
    ),
    text(`Trim (red line): ${mm(trim.width)} x ${mm(trimH)}`, centre(front), below + small * 2, small),
    text(`Bleed: ${mm(bleed)} on every side, outside the red line`, centre(front), below + small * 4, small),
    text('Extend the background into the bleed', centre(front), below + small * 6, small),
    text(`${geometry.pages} pages, ${PAPER_LABEL[geometry.paper]} paper`, centre(front), below + small * 8, small),
    text('Barcode area', centre(barcode), barcode.y + barcode.height / 2 - small * 0.6, small, barcode.width - 4),
    text(
      `${mm(BARCODE_MM.width)} x ${mm(BARCODE_MM.height)}`,
      centre(barcode),
      barcode.y + barcode.height / 2 + small * 0.9,
      small * 0.8,
      barcode.width - 4,
    ),
  ];
  const spineNote =
    spineW === 0
      ? 'No spine for this binding'
      : geometry.spineTextAllowed
        ? `Spine: ${mm(spineW)}, spine text inside the dashed box`
        : `Spine: ${mm(spineW)}, too thin for spine text (from ${SPINE_TEXT_MIN_PAGES} pages)`;
  labels.push(text(spineNote, centre(front), below + small * 10, small));
  labels.push({
    ...text(
      spineW > 0 ? `SPINE ${mm(spineW)}` : 'FOLD',
      spineW > 0 ? centre(spine) : spine.x + small,
      spine.y + trimH / 2,
      spineW > 0 ? Math.max(0.8, Math.min(small, spineW * 0.6)) : small * 0.8,
      trimH - 12,
    ),
    vertical: true,
  });
  return {
    widthMm: geometry.coverWidthMm,
    heightMm: geometry.coverHeightMm,
    trim,
    back,
    front,
    spine,
    spineText,
    barcode,
    labels,
  };
}
