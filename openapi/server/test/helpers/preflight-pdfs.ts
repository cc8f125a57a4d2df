import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFImage } from 'pdf-lib';
import { pngDataUrl } from './contract-body.js';

/**
 * Small book PDFs made in the tests (pdf-lib) for the preflight: a chosen page count and size,
 * text in an embedded font (DejaVu Sans, subset) or in a standard (unembedded) one, and images
 * drawn at a chosen size, so the expected resolution is known exactly.
 */

export const PT_PER_MM = 72 / 25.4;
const require = createRequire(import.meta.url);
const DEJAVU = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));

export interface PlacedImage {
  page: number;
  /** Pixels of the image. */
  pixels: [number, number];
  /** Drawn size, inches. */
  inches: [number, number];
}

export interface BookPdfOptions {
  pages: number;
  widthMm: number;
  heightMm: number;
  /** Pages (1-based) of another size, [width, height] mm. */
  otherSizes?: Record<number, [number, number]>;
  /** Text font: 'embedded' (DejaVu Sans) or 'standard' (Helvetica, not embedded). */
  font?: 'embedded' | 'standard';
  /** Pages (1-based) whose text is in Helvetica whatever `font` says. */
  standardFontPages?: number[];
  images?: PlacedImage[];
}

export async function bookPdf(options: BookPdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  let embedded: PDFFont | undefined;
  let standard: PDFFont | undefined;
  const fontFor = async (page: number): Promise<PDFFont> => {
    if (options.font === 'standard' || options.standardFontPages?.includes(page)) {
      standard ??= await pdf.embedFont(StandardFonts.Helvetica);
      return standard;
    }
    embedded ??= await pdf.embedFont(DEJAVU, { subset: true });
    return embedded;
  };
  const images = new Map<string, PDFImage>();
  for (let number = 1; number <= options.pages; number += 1) {
    const [widthMm, heightMm] = options.otherSizes?.[number] ?? [options.widthMm, options.heightMm];
    const page = pdf.addPage([widthMm * PT_PER_MM, heightMm * PT_PER_MM]);
    page.drawText(`Page ${number}`, { x: 36, y: 36, size: 10, font: await fontFor(number) });
    for (const image of options.images?.filter((placed) => placed.page === number) ?? []) {
      const key = image.pixels.join('x');
      let embeddedImage = images.get(key);
      if (!embeddedImage) {
        embeddedImage = await pdf.embedPng(pngDataUrl(image.pixels[0], image.pixels[1]));
        images.set(key, embeddedImage);
      }
      page.drawImage(embeddedImage, { x: 20, y: 20, width: image.inches[0] * 72, height: image.inches[1] * 72 });
    }
  }
  return pdf.save();
}

/**
 * A one-page PDF whose content draws an image through a form XObject: the form's matrix scales
 * by `formScale`, the page's `cm` places the form, so the image's drawn size is only known from
 * both matrices (inches = `inches` x `formScale`).
 */
export async function formImagePdf(
  widthMm: number,
  heightMm: number,
  pixels: [number, number],
  inches: [number, number],
  formScale: number,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const page = pdf.addPage([widthMm * PT_PER_MM, heightMm * PT_PER_MM]);
  const image = await pdf.embedPng(pngDataUrl(pixels[0], pixels[1]));
  const { context } = pdf;
  const formContent = `q ${inches[0] * 72} 0 0 ${inches[1] * 72} 0 0 cm /Im0 Do Q`;
  const form = context.flateStream(formContent, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 2000, 2000],
    Matrix: [formScale, 0, 0, formScale, 0, 0],
    Resources: { XObject: { Im0: image.ref } },
  });
  const formRef = context.register(form);
  const pageContent = context.flateStream('q 1 0 0 1 10 10 cm /Fm0 Do Q');
  const contentRef = context.register(pageContent);
  page.node.set(PDFName.of('Contents'), contentRef);
  page.node.set(PDFName.of('Resources'), context.obj({ XObject: { Fm0: formRef } }));
  return pdf.save();
}
