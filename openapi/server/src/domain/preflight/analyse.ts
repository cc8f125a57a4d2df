import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { operations } from './content-stream.js';
import {
  fontProblem,
  lowDpiProblem,
  pageCountProblem,
  PAGE_BLEED_MM,
  PRINT_DPI,
  SIZE_TOLERANCE_MM,
  trimSizeProblem,
  unreadableProblem,
} from './messages.js';
import type { PreflightAnalysis, PreflightCode, PreflightExpectations, PreflightProblem } from './types.js';

/**
 * The preflight of a book PDF (pure, synchronous work: run it off the request thread). pdf-lib
 * parses the file; each page's content stream (and the form XObjects it draws, recursively) is
 * walked with the graphics state's transformation matrix, so every image is measured at the size
 * it is drawn and every font is seen where text is shown with it.
 */

/** Pages inspected for size, fonts and images (the page count is still checked on the whole file). */
export const MAX_INSPECTED_PAGES = 1200;
/** Problems kept per code; the rest of a kind says nothing new. */
export const MAX_PROBLEMS_PER_CODE = 20;
/** Nested form XObjects followed (a form drawing itself is cut here too). */
const MAX_FORM_DEPTH = 12;
/** Operations walked over the whole file before the content checks stop (a bound on time). */
export const MAX_OPERATIONS = 25_000_000;
/** Images this small on a side are colour fills, not pictures: not checked for resolution. */
const FILL_IMAGE_PIXELS = 2;
const MM_PER_PT = 25.4 / 72;

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m x n (PDF's row-vector convention: a point is transformed by m first, then n). */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

const NAMES = {
  Resources: PDFName.of('Resources'),
  XObject: PDFName.of('XObject'),
  Font: PDFName.of('Font'),
  Subtype: PDFName.of('Subtype'),
  Width: PDFName.of('Width'),
  Height: PDFName.of('Height'),
  Matrix: PDFName.of('Matrix'),
  BaseFont: PDFName.of('BaseFont'),
  DescendantFonts: PDFName.of('DescendantFonts'),
  FontDescriptor: PDFName.of('FontDescriptor'),
  FontFile: PDFName.of('FontFile'),
  FontFile2: PDFName.of('FontFile2'),
  FontFile3: PDFName.of('FontFile3'),
  TrimBox: PDFName.of('TrimBox'),
};

export interface AnalyseLimits {
  maxInspectedPages?: number;
  maxProblemsPerCode?: number;
  maxOperations?: number;
}

/** Checks a PDF's bytes against the quote (every check but NO_BLEED, which needs the author's choice). */
export async function analysePdf(
  bytes: Uint8Array,
  expected: PreflightExpectations,
  limits: AnalyseLimits = {},
): Promise<PreflightAnalysis> {
  let pdf: PDFDocument;
  let pages: PDFPage[];
  try {
    pdf = await PDFDocument.load(bytes, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
      throwOnInvalidObject: false,
    });
    pages = pdf.getPages();
  } catch {
    // Damaged beyond repair, or encrypted (pdf-lib refuses encrypted files unless told otherwise).
    return { pages: null, problems: [unreadableProblem()], firstPageWithoutBleed: null };
  }
  if (pages.length === 0) return { pages: null, problems: [unreadableProblem()], firstPageWithoutBleed: null };

  const maxPerCode = limits.maxProblemsPerCode ?? MAX_PROBLEMS_PER_CODE;
  const found: Record<PreflightCode, PreflightProblem[]> = {
    PAGE_COUNT: [],
    TRIM_SIZE: [],
    FONT_NOT_EMBEDDED: [],
    LOW_DPI: [],
    NO_BLEED: [],
    UNREADABLE: [],
  };
  const add = (problem: PreflightProblem) => {
    const list = found[problem.code];
    if (list.length < maxPerCode) list.push(problem);
  };

  if (expected.pages !== null && pages.length !== expected.pages) add(pageCountProblem(pages.length, expected.pages));

  const trim = { widthMm: expected.trimWidthMm, heightMm: expected.trimHeightMm };
  const near = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE_MM;
  const fits = (width: number, height: number, extra: number) =>
    near(width, trim.widthMm + extra) && near(height, trim.heightMm + extra);
  let firstWrongSize: { page: number; width: number; height: number } | null = null;
  let moreWrongSizes = 0;
  let firstPageWithoutBleed: number | null = null;

  const walker = new ContentWalker(pdf.context, limits.maxOperations ?? MAX_OPERATIONS);
  const reportedFonts = new Set<string>();
  const inspected = Math.min(pages.length, limits.maxInspectedPages ?? MAX_INSPECTED_PAGES);

  for (let index = 0; index < inspected; index += 1) {
    const pageNumber = index + 1;
    let page: PDFPage;
    let sheet: { width: number; height: number };
    try {
      page = pages[index]!;
      sheet = pageSizeMm(page);
    } catch {
      continue;
    }
    const trimBox = trimBoxMm(page);
    const sized = fits(sheet.width, sheet.height, 0) || fits(sheet.width, sheet.height, 2 * PAGE_BLEED_MM);
    if (!sized && !(trimBox && fits(trimBox.width, trimBox.height, 0))) {
      if (firstWrongSize === null) firstWrongSize = { page: pageNumber, ...sheet };
      else moreWrongSizes += 1;
    }
    if (firstPageWithoutBleed === null && fits(sheet.width, sheet.height, 0)) firstPageWithoutBleed = pageNumber;

    const seen = walker.walkPage(page);
    for (const font of seen.fontsNotEmbedded) {
      if (reportedFonts.has(font)) continue;
      reportedFonts.add(font);
      add(fontProblem(pageNumber, font));
    }
    if (seen.lowestDpi !== null && Math.round(seen.lowestDpi) < PRINT_DPI) {
      add(lowDpiProblem(pageNumber, Math.round(seen.lowestDpi)));
    }
  }
  if (firstWrongSize) {
    add(trimSizeProblem(firstWrongSize.page, firstWrongSize.width, firstWrongSize.height, trim, moreWrongSizes));
  }

  return {
    pages: pages.length,
    problems: [...found.PAGE_COUNT, ...found.TRIM_SIZE, ...found.FONT_NOT_EMBEDDED, ...found.LOW_DPI],
    firstPageWithoutBleed,
  };
}

/** The page's sheet (MediaBox) in mm, as it stands after its /Rotate. */
function pageSizeMm(page: PDFPage): { width: number; height: number } {
  const box = page.getMediaBox();
  const quarterTurns = Math.round(page.getRotation().angle / 90);
  const turned = Math.abs(quarterTurns) % 2 === 1;
  const width = Math.abs(box.width) * MM_PER_PT;
  const height = Math.abs(box.height) * MM_PER_PT;
  return turned ? { width: height, height: width } : { width, height };
}

/** The page's own TrimBox in mm (turned like the page), when it has one. */
function trimBoxMm(page: PDFPage): { width: number; height: number } | null {
  if (!page.node.has(NAMES.TrimBox)) return null;
  try {
    const box = page.getTrimBox();
    const turned = Math.abs(Math.round(page.getRotation().angle / 90)) % 2 === 1;
    const width = Math.abs(box.width) * MM_PER_PT;
    const height = Math.abs(box.height) * MM_PER_PT;
    return turned ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

interface PageFindings {
  /** Names of fonts text is shown in that are not embedded, in the order met. */
  fontsNotEmbedded: string[];
  /** The lowest effective resolution of an image drawn on the page, or null without images. */
  lowestDpi: number | null;
}

interface GraphicsState {
  ctm: Matrix;
  font: PDFDict | null;
  /** Text render mode 3 draws nothing (e.g. the text layer of a scan): its font needs no embedding. */
  invisibleText: boolean;
}

const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);

class ContentWalker {
  private operationsLeft: number;
  private readonly embedded = new Map<PDFObject, { embedded: boolean; name: string }>();

  constructor(
    private readonly context: PDFContext,
    maxOperations: number,
  ) {
    this.operationsLeft = maxOperations;
  }

  walkPage(page: PDFPage): PageFindings {
    const findings: PageFindings = { fontsNotEmbedded: [], lowestDpi: null };
    if (this.operationsLeft <= 0) return findings;
    const resources = this.resourcesOf(page.node.getInheritableAttribute(NAMES.Resources));
    const content = this.pageContent(page);
    if (content)
      this.walk(content, resources, { ctm: IDENTITY, font: null, invisibleText: false }, 0, findings, new Set());
    return findings;
  }

  private resourcesOf(value: PDFObject | undefined): PDFDict | undefined {
    const resolved = value instanceof PDFRef ? this.context.lookup(value) : value;
    return resolved instanceof PDFDict ? resolved : undefined;
  }

  private pageContent(page: PDFPage): Uint8Array | null {
    const contents = page.node.Contents();
    if (!contents) return null;
    if (contents instanceof PDFStream) return this.decode(contents);
    const parts: Uint8Array[] = [];
    for (let i = 0; i < contents.size(); i += 1) {
      const part = contents.lookup(i);
      if (part instanceof PDFStream) {
        const bytes = this.decode(part);
        if (bytes) parts.push(bytes, new Uint8Array([0x0a]));
      }
    }
    return Buffer.concat(parts);
  }

  private decode(stream: PDFStream): Uint8Array | null {
    try {
      return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
    } catch {
      return null; // An unsupported or broken filter: this stream is not checked.
    }
  }

  private walk(
    content: Uint8Array,
    resources: PDFDict | undefined,
    start: GraphicsState,
    depth: number,
    findings: PageFindings,
    forms: Set<PDFObject>,
  ) {
    const stack: GraphicsState[] = [];
    let state: GraphicsState = { ...start };
    for (const { operator, operands, inlineImage } of operations(content)) {
      this.operationsLeft -= 1;
      if (this.operationsLeft <= 0) return;
      switch (operator) {
        case 'q':
          stack.push({ ...state });
          break;
        case 'Q':
          state = stack.pop() ?? state;
          break;
        case 'cm': {
          const numbers = operands.slice(-6);
          if (numbers.length === 6 && numbers.every((n) => typeof n === 'number')) {
            state.ctm = multiply(numbers as Matrix, state.ctm);
          }
          break;
        }
        case 'Tf': {
          const name = operands[operands.length - 2];
          const fonts = resources?.lookup(NAMES.Font);
          const font =
            name && typeof name === 'object' && fonts instanceof PDFDict
              ? fonts.lookup(PDFName.of(name.name))
              : undefined;
          state.font = font instanceof PDFDict ? font : null;
          break;
        }
        case 'Tr': {
          const mode = operands[operands.length - 1];
          state.invisibleText = mode === 3;
          break;
        }
        case 'BI':
          if (inlineImage) this.image(inlineImage.width, inlineImage.height, state.ctm, findings);
          break;
        case 'Do': {
          const name = operands[operands.length - 1];
          if (name && typeof name === 'object') this.xObject(name.name, resources, state, depth, findings, forms);
          break;
        }
        default:
          if (TEXT_SHOWING.has(operator) && state.font && !state.invisibleText) this.font(state.font, findings);
      }
    }
  }

  private xObject(
    name: string,
    resources: PDFDict | undefined,
    state: GraphicsState,
    depth: number,
    findings: PageFindings,
    forms: Set<PDFObject>,
  ) {
    const { ctm } = state;
    const xObjects = resources?.lookup(NAMES.XObject);
    if (!(xObjects instanceof PDFDict)) return;
    const ref = xObjects.get(PDFName.of(name));
    const stream = ref instanceof PDFRef ? this.context.lookup(ref) : ref;
    if (!(stream instanceof PDFStream)) return;
    const subtype = stream.dict.lookup(NAMES.Subtype);
    if (subtype === PDFName.of('Image')) {
      const width = stream.dict.lookup(NAMES.Width);
      const height = stream.dict.lookup(NAMES.Height);
      if (width instanceof PDFNumber && height instanceof PDFNumber) {
        this.image(width.asNumber(), height.asNumber(), ctm, findings);
      }
      return;
    }
    if (subtype !== PDFName.of('Form') || depth >= MAX_FORM_DEPTH || forms.has(stream)) return;
    const matrix = stream.dict.lookup(NAMES.Matrix);
    const own = matrix instanceof PDFArray && matrix.size() === 6 ? readMatrix(matrix) : IDENTITY;
    const content = this.decode(stream);
    if (!content) return;
    forms.add(stream);
    const formResources = this.resourcesOf(stream.dict.get(NAMES.Resources)) ?? resources;
    // A form inherits the graphics state (text state included) and adds its own matrix.
    this.walk(content, formResources, { ...state, ctm: multiply(own, ctm) }, depth + 1, findings, forms);
    forms.delete(stream);
  }

  /** Effective resolution: pixels over the size the image is drawn at (the unit square through the CTM). */
  private image(pixelsWide: number, pixelsHigh: number, ctm: Matrix, findings: PageFindings) {
    if (pixelsWide <= FILL_IMAGE_PIXELS || pixelsHigh <= FILL_IMAGE_PIXELS) return;
    const widthIn = Math.hypot(ctm[0], ctm[1]) / 72;
    const heightIn = Math.hypot(ctm[2], ctm[3]) / 72;
    if (widthIn < 1 / 72 || heightIn < 1 / 72) return; // Under a point: not visible in print.
    const dpi = Math.min(pixelsWide / widthIn, pixelsHigh / heightIn);
    if (findings.lowestDpi === null || dpi < findings.lowestDpi) findings.lowestDpi = dpi;
  }

  private font(font: PDFDict, findings: PageFindings) {
    let known = this.embedded.get(font);
    if (!known) {
      known = { embedded: isEmbedded(font), name: fontName(font) };
      this.embedded.set(font, known);
    }
    if (!known.embedded && !findings.fontsNotEmbedded.includes(known.name)) findings.fontsNotEmbedded.push(known.name);
  }
}

function readMatrix(array: PDFArray): Matrix {
  const values = Array.from({ length: 6 }, (_, i) => {
    const value = array.lookup(i);
    return value instanceof PDFNumber ? value.asNumber() : NaN;
  });
  return values.every(Number.isFinite) ? (values as Matrix) : IDENTITY;
}

/** A font's program is in the file: FontFile, FontFile2 or FontFile3 in its descriptor (Type 3 fonts draw their glyphs themselves). */
export function isEmbedded(font: PDFDict): boolean {
  const subtype = font.lookup(NAMES.Subtype);
  if (subtype === PDFName.of('Type3')) return true;
  let holder: PDFDict = font;
  if (subtype === PDFName.of('Type0')) {
    const descendants = font.lookup(NAMES.DescendantFonts);
    const first = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
    if (!(first instanceof PDFDict)) return false;
    holder = first;
  }
  const descriptor = holder.lookup(NAMES.FontDescriptor);
  if (!(descriptor instanceof PDFDict)) return false; // The standard 14 fonts have none: the printer's own would be used.
  return descriptor.has(NAMES.FontFile) || descriptor.has(NAMES.FontFile2) || descriptor.has(NAMES.FontFile3);
}

/** The font's PostScript name without a subset tag ('ABCDEF+Garamond' -> 'Garamond'). */
function fontName(font: PDFDict): string {
  const base = font.lookup(NAMES.BaseFont);
  const name = base instanceof PDFName ? base.decodeText() : 'without a name';
  return name.replace(/^[A-Z]{6}\+/, '');
}
