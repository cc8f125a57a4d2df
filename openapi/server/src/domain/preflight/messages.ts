import { SEVERITY, type PreflightCode, type PreflightProblem } from './types.js';

/** The preflight's sentences: what is wrong (with the page first) and a plain fix. */

/** Effective resolution print needs, dpi. */
export const PRINT_DPI = 300;
/** Bleed on every side of a page when the PDF carries it, mm. */
export const PAGE_BLEED_MM = 3;
/** Tolerance of a page size, mm either way. */
export const SIZE_TOLERANCE_MM = 1;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
/** 155.99 -> '156', 152.4 -> '152.4'. */
export const formatMm = (mm: number) => String(Math.round(mm * 10) / 10);
const size = (width: number, height: number) => `${formatMm(width)} x ${formatMm(height)} mm`;
const onPage = (page: number | null, text: string) => (page === null ? text : `Page ${page}: ${text}`);

const problem = (code: PreflightCode, page: number | null, message: string, fix: string): PreflightProblem => ({
  code,
  severity: SEVERITY[code],
  page,
  message,
  fix,
});

export function pageCountProblem(actual: number, expected: number): PreflightProblem {
  return problem(
    'PAGE_COUNT',
    null,
    `The PDF has ${plural(actual, 'page')}; the quote is for ${plural(expected, 'page')}.`,
    `Upload the whole book as one PDF of ${plural(expected, 'page')} (blank pages included), or ask for a new quote for ${plural(actual, 'page')}.`,
  );
}

export function trimSizeProblem(
  page: number,
  widthMm: number,
  heightMm: number,
  trim: { widthMm: number; heightMm: number },
  moreDiffering: number,
): PreflightProblem {
  const bleedWidth = trim.widthMm + 2 * PAGE_BLEED_MM;
  const bleedHeight = trim.heightMm + 2 * PAGE_BLEED_MM;
  const more = moreDiffering > 0 ? ` ${plural(moreDiffering, 'more page differs', 'more pages differ')}.` : '';
  return problem(
    'TRIM_SIZE',
    page,
    onPage(
      page,
      `the page is ${size(widthMm, heightMm)}; the book is ${size(trim.widthMm, trim.heightMm)} (${size(bleedWidth, bleedHeight)} with bleed).${more}`,
    ),
    `Set the page size of the whole document to ${size(trim.widthMm, trim.heightMm)} (or ${size(bleedWidth, bleedHeight)} with ${PAGE_BLEED_MM} mm bleed on every side) and export the PDF again.`,
  );
}

export function fontProblem(page: number, fontName: string): PreflightProblem {
  return problem(
    'FONT_NOT_EMBEDDED',
    page,
    onPage(page, `the font ${fontName} is not embedded.`),
    "Export the PDF with all fonts embedded: in Word, Save as PDF with 'ISO 19005-1 compliant (PDF/A)' ticked; in other programs choose 'Embed all fonts' or a PDF/X preset.",
  );
}

/** Exactly 'Page 37: image at 150 dpi; print needs 300'. */
export function lowDpiProblem(page: number, dpi: number): PreflightProblem {
  return problem(
    'LOW_DPI',
    page,
    onPage(page, `image at ${dpi} dpi; print needs ${PRINT_DPI}`),
    `Use a sharper image (at least ${PRINT_DPI} dpi at the size it is printed), or print it smaller. It will look blurred or blocky otherwise.`,
  );
}

export function noBleedProblem(page: number, trim: { widthMm: number; heightMm: number }): PreflightProblem {
  return problem(
    'NO_BLEED',
    page,
    onPage(page, `no bleed: the page is exactly the trim size (${size(trim.widthMm, trim.heightMm)}).`),
    `If anything should print to the edge of the paper, make the pages ${size(trim.widthMm + 2 * PAGE_BLEED_MM, trim.heightMm + 2 * PAGE_BLEED_MM)} with the background reaching ${PAGE_BLEED_MM} mm past every edge, or choose the bleed service. Otherwise nothing needs doing.`,
  );
}

export function unreadableProblem(): PreflightProblem {
  return problem(
    'UNREADABLE',
    null,
    'The PDF cannot be opened: it is damaged or protected with a password.',
    'Export the PDF again from your layout program, without a password, and upload it again.',
  );
}
