import { PDFDocument } from 'pdf-lib';

/**
 * The print-ready proof (pure apart from pdf-lib): the cover PDF's first page (the full cover as
 * it will be printed), then every page of the book PDF, in one document. Throws when either file
 * cannot be read.
 */
export async function printProofPdf(cover: Uint8Array, book: Uint8Array, title: string): Promise<Uint8Array> {
  const [coverPdf, bookPdf] = await Promise.all([
    PDFDocument.load(cover, { updateMetadata: false }),
    PDFDocument.load(book, { updateMetadata: false }),
  ]);
  if (coverPdf.getPageCount() === 0 || bookPdf.getPageCount() === 0) throw new Error('a file without pages');
  const proof = await PDFDocument.create();
  proof.setTitle(title);
  proof.setCreator('Print-on-demand portal');
  const [coverPage] = await proof.copyPages(coverPdf, [0]);
  proof.addPage(coverPage!);
  for (const page of await proof.copyPages(bookPdf, bookPdf.getPageIndices())) proof.addPage(page);
  return proof.save();
}
