import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { MM_PER_INCH, type MmRect, type TemplateLayout } from './cover-template.js';

/**
 * The cover template as a vector PDF (pdf-lib): one page of exactly the full cover's size, the
 * bleed tinted, the trim outlined in red, the spine tinted with its folds dashed, the spine text
 * box (when allowed) and the barcode box outlined, every area labelled with its dimensions in
 * DejaVu Sans (embedded, so the template passes its own font check).
 */

const PT_PER_MM = 72 / MM_PER_INCH;
const require = createRequire(import.meta.url);
/** DejaVu Sans: its cap height is 0.729 of the font size. */
export const TEMPLATE_FONT_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const CAP_HEIGHT = 0.729;

/** Template colours (0..1 RGB), shared with the PNG renderer. */
export const TEMPLATE_COLOURS = {
  bleed: [1, 0.86, 0.86],
  paper: [1, 1, 1],
  spine: [0.86, 0.92, 1],
  trim: [0.85, 0, 0],
  fold: [0, 0.3, 0.8],
  guide: [0.35, 0.35, 0.35],
  text: [0.1, 0.1, 0.1],
} as const satisfies Record<string, readonly [number, number, number]>;

type Colour = keyof typeof TEMPLATE_COLOURS;
const colour = (name: Colour) => {
  const [red, green, blue] = TEMPLATE_COLOURS[name];
  return rgb(red, green, blue);
};

let fontBytes: Promise<Uint8Array> | undefined;

export async function renderTemplatePdf(layout: TemplateLayout, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Print-on-demand portal');
  pdf.registerFontkit(fontkit);
  fontBytes ??= readFile(TEMPLATE_FONT_FILE);
  const font = await pdf.embedFont(await fontBytes, { subset: true });
  const width = layout.widthMm * PT_PER_MM;
  const height = layout.heightMm * PT_PER_MM;
  const page = pdf.addPage([width, height]);
  // The trim and bleed as the page's own boxes too, so prepress tools see them.
  const box = (rect: MmRect) =>
    [
      rect.x * PT_PER_MM,
      height - (rect.y + rect.height) * PT_PER_MM,
      rect.width * PT_PER_MM,
      rect.height * PT_PER_MM,
    ] as const;
  page.setTrimBox(...box(layout.trim));
  page.setBleedBox(0, 0, width, height);

  const rect = (area: MmRect, options: { fill?: Colour; border?: Colour; dashed?: boolean; thickness?: number }) => {
    const [x, y, w, h] = box(area);
    page.drawRectangle({
      x,
      y,
      width: w,
      height: h,
      ...(options.fill && { color: colour(options.fill) }),
      ...(options.border && { borderColor: colour(options.border), borderWidth: options.thickness ?? 0.75 }),
      ...(options.dashed && { borderDashArray: [4, 3] }),
    });
  };
  const vertical = (xMm: number, area: MmRect, name: Colour) =>
    page.drawLine({
      start: { x: xMm * PT_PER_MM, y: height - area.y * PT_PER_MM },
      end: { x: xMm * PT_PER_MM, y: height - (area.y + area.height) * PT_PER_MM },
      color: colour(name),
      thickness: 0.75,
      dashArray: [4, 3],
    });

  rect({ x: 0, y: 0, width: layout.widthMm, height: layout.heightMm }, { fill: 'bleed' });
  rect(layout.trim, { fill: 'paper' });
  if (layout.spine.width > 0) rect(layout.spine, { fill: 'spine' });
  rect(layout.trim, { border: 'trim', thickness: 1 });
  vertical(layout.spine.x, layout.spine, 'fold');
  if (layout.spine.width > 0) vertical(layout.spine.x + layout.spine.width, layout.spine, 'fold');
  if (layout.spineText) rect(layout.spineText, { border: 'guide', dashed: true });
  rect(layout.barcode, { fill: 'paper', border: 'guide' });

  for (const label of layout.labels) drawLabel(page, font, height, label);
  return pdf.save();
}

function drawLabel(page: PDFPage, font: PDFFont, pageHeight: number, label: TemplateLayout['labels'][number]) {
  let size = label.size * PT_PER_MM;
  const maxWidth = label.maxWidth * PT_PER_MM;
  const measured = font.widthOfTextAtSize(label.text, size);
  if (measured > maxWidth) size *= maxWidth / measured;
  const textWidth = font.widthOfTextAtSize(label.text, size);
  const cx = label.x * PT_PER_MM;
  const cy = pageHeight - label.y * PT_PER_MM;
  const half = (CAP_HEIGHT * size) / 2;
  if (label.vertical) {
    // Rotated a quarter turn anticlockwise: reads bottom to top, glyphs stand to the left of the baseline.
    page.drawText(label.text, {
      x: cx + half,
      y: cy - textWidth / 2,
      size,
      font,
      color: colour('text'),
      rotate: degrees(90),
    });
  } else {
    page.drawText(label.text, { x: cx - textWidth / 2, y: cy - half, size, font, color: colour('text') });
  }
}
