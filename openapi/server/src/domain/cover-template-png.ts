import { crc32 } from 'node:zlib';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { MM_PER_INCH, type MmRect, type TemplateLayout } from './cover-template.js';
import { TEMPLATE_COLOURS, TEMPLATE_FONT_FILE } from './cover-template-pdf.js';

/**
 * The cover template as a PNG at 300 dpi (@napi-rs/canvas): the same layout as the PDF, one pixel
 * per 1/300 in (the size rounded to whole pixels), with a pHYs chunk saying 300 dpi so image
 * editors open it at print size.
 */

export const TEMPLATE_PNG_DPI = 300;
const FONT_FAMILY = 'PodTemplateSans';
let fontRegistered = false;

/** Pixels of `mm` at 300 dpi. */
export const pixels = (mm: number) => Math.round((mm / MM_PER_INCH) * TEMPLATE_PNG_DPI);

type Colour = keyof typeof TEMPLATE_COLOURS;
const css = (name: Colour) => `rgb(${TEMPLATE_COLOURS[name].map((part) => Math.round(part * 255)).join(',')})`;

export async function renderTemplatePng(layout: TemplateLayout): Promise<Buffer> {
  if (!fontRegistered) {
    GlobalFonts.registerFromPath(TEMPLATE_FONT_FILE, FONT_FAMILY);
    fontRegistered = true;
  }
  const scale = TEMPLATE_PNG_DPI / MM_PER_INCH;
  const canvas = createCanvas(pixels(layout.widthMm), pixels(layout.heightMm));
  const ctx = canvas.getContext('2d');
  const area = (rect: MmRect) => [rect.x * scale, rect.y * scale, rect.width * scale, rect.height * scale] as const;
  const fill = (rect: MmRect, name: Colour) => {
    ctx.fillStyle = css(name);
    ctx.fillRect(...area(rect));
  };
  const outline = (rect: MmRect, name: Colour, dashed = false, thickness = 3) => {
    ctx.strokeStyle = css(name);
    ctx.lineWidth = thickness;
    ctx.setLineDash(dashed ? [16, 12] : []);
    ctx.strokeRect(...area(rect));
  };
  const fold = (xMm: number, rect: MmRect) => {
    ctx.strokeStyle = css('fold');
    ctx.lineWidth = 3;
    ctx.setLineDash([16, 12]);
    ctx.beginPath();
    ctx.moveTo(xMm * scale, rect.y * scale);
    ctx.lineTo(xMm * scale, (rect.y + rect.height) * scale);
    ctx.stroke();
  };

  fill({ x: 0, y: 0, width: layout.widthMm, height: layout.heightMm }, 'bleed');
  fill(layout.trim, 'paper');
  if (layout.spine.width > 0) fill(layout.spine, 'spine');
  outline(layout.trim, 'trim', false, 4);
  fold(layout.spine.x, layout.spine);
  if (layout.spine.width > 0) fold(layout.spine.x + layout.spine.width, layout.spine);
  if (layout.spineText) outline(layout.spineText, 'guide', true);
  fill(layout.barcode, 'paper');
  outline(layout.barcode, 'guide');
  for (const label of layout.labels) drawLabel(ctx, scale, label);

  return withDensity(await canvas.encode('png'), TEMPLATE_PNG_DPI);
}

function drawLabel(ctx: SKRSContext2D, scale: number, label: TemplateLayout['labels'][number]) {
  let size = label.size * scale;
  ctx.font = `${size}px ${FONT_FAMILY}`;
  const measured = ctx.measureText(label.text).width;
  const maxWidth = label.maxWidth * scale;
  if (measured > maxWidth) {
    size *= maxWidth / measured;
    ctx.font = `${size}px ${FONT_FAMILY}`;
  }
  ctx.fillStyle = css('text');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.save();
  ctx.translate(label.x * scale, label.y * scale);
  if (label.vertical) ctx.rotate(-Math.PI / 2);
  ctx.fillText(label.text, 0, 0);
  ctx.restore();
}

/** `png` with a pHYs chunk (pixels per metre) right after IHDR, replacing any it had. */
export function withDensity(png: Buffer, dpi: number): Buffer {
  const perMetre = Math.round(dpi / 0.0254);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(perMetre, 0);
  data.writeUInt32BE(perMetre, 4);
  data.writeUInt8(1, 8);
  const type = Buffer.from('pHYs', 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  // Signature (8) + IHDR (4 length + 4 type + 13 data + 4 CRC).
  const afterHeader = 8 + 25;
  const parts = [png.subarray(0, afterHeader), chunk];
  let offset = afterHeader;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (png.toString('latin1', offset + 4, offset + 8) !== 'pHYs') parts.push(png.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(parts);
}
