import { PDFDocument } from 'pdf-lib';
import { embedContractFonts, Writer, writeSignatureBlock, type ContractPdfInput } from './contract-pdf.js';

/**
 * The contract's appendix (the wizard's "Applicability of Terms and Conditions", signed on the
 * second pass) and how it joins the signed contract: its pages are appended to the stored PDF,
 * so one document carries both signatures.
 */

export type AppendixPdfInput = Pick<
  ContractPdfInput,
  'bookTitle' | 'formatType' | 'signedBy' | 'signedPlace' | 'signedAt' | 'signature' | 'initials' | 'supportEmail'
>;

export async function renderAppendixPdf(input: AppendixPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(input.signedAt);
  pdf.setModificationDate(input.signedAt);
  const fonts = await embedContractFonts(pdf);
  const w = new Writer(pdf, fonts);

  w.text('APPENDIX: APPLICABILITY OF TERMS AND CONDITIONS', { size: 14, font: 'bold', gap: 10 });
  w.text(`Book: ${input.bookTitle}`, { size: 12, font: 'bold', gap: 10 });
  w.text(
    'The terms and conditions of the agreement above apply to every file, cover, thumbnail and additional service ' +
      'submitted for this Book, including services ordered after the agreement was signed (cover design, thumbnail ' +
      'design, formatting, conversion, file revisions). Services are paid through the cart before production starts.',
  );
  if (input.formatType === 'print') {
    w.text(
      'For printed books the Publisher confirms that the submitted material is final and print ready: the cover and ' +
        'the book file match the trim size, bleed and page count of the specification. Proofing may reject material ' +
        'that does not; a file revision after approval is charged at the price list rate.',
    );
  }
  w.text(`Questions about this appendix: ${input.supportEmail}.`, { gap: 18 });
  await writeSignatureBlock(pdf, w, fonts, input, 'Appendix signed by the Publisher');
  return pdf.save();
}

/** `contract` followed by the pages of `appendix`, as one PDF. */
export async function appendPdf(contract: Uint8Array, appendix: Uint8Array, modifiedAt: Date): Promise<Uint8Array> {
  const target = await PDFDocument.load(contract);
  const source = await PDFDocument.load(appendix);
  const pages = await target.copyPages(source, source.getPageIndices());
  for (const page of pages) target.addPage(page);
  target.setModificationDate(modifiedAt);
  return target.save();
}
