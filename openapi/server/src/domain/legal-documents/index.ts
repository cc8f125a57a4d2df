import { PDFDocument } from 'pdf-lib';
import { SUPPORT_EMAIL, type LegalDocument, type LegalDocumentId } from '@pod/shared-contracts/constants';
import { embedContractFonts, Writer } from '../contract-pdf.js';
import { DATA_PROTECTION } from './data-protection.js';
import { SAMPLE_NOTICE, type LegalText } from './legal-text.js';
import { PRIVACY_POLICY } from './privacy-policy.js';
import { TERMS_AND_CONDITIONS } from './terms-and-conditions.js';
import { TERMS_OF_USE } from './terms-of-use.js';

/** The sample text of each legal document (ids and titles: LEGAL_DOCUMENTS of shared-contracts). */
export const LEGAL_TEXTS: Readonly<Record<LegalDocumentId, LegalText>> = {
  'terms-and-conditions': TERMS_AND_CONDITIONS,
  'privacy-policy': PRIVACY_POLICY,
  'data-protection': DATA_PROTECTION,
  'terms-of-use': TERMS_OF_USE,
};

/**
 * A legal document as a PDF (pdf-lib, A4, DejaVu Sans like the contracts): title, the sample
 * notice, the summary and the sections, then the support address. Pure: the dates are the
 * text's `updated` date, so one text always gives the same bytes.
 */
export async function renderLegalDocumentPdf(document: LegalDocument): Promise<Uint8Array> {
  const text = LEGAL_TEXTS[document.id];
  const updated = new Date(`${text.updated}T00:00:00Z`);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${document.title} - Print on Demand`);
  pdf.setAuthor('Print on Demand');
  pdf.setSubject(text.summary);
  pdf.setCreator('Print on Demand reference API');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(updated);
  pdf.setModificationDate(updated);

  const w = new Writer(pdf, await embedContractFonts(pdf));
  w.text(document.title.toUpperCase(), { size: 16, font: 'bold', gap: 6 });
  w.text(`Print on Demand - last updated ${text.updated}`, { size: 9, gap: 8 });
  w.text(SAMPLE_NOTICE, { font: 'italic', size: 9, gap: 10 });
  w.text(text.summary, { gap: 12 });
  for (const section of text.sections) {
    w.text(section.heading, { font: 'bold', size: 12 });
    for (const paragraph of section.paragraphs) w.text(paragraph, { gap: 6 });
    w.y -= 6;
  }
  w.text(`Questions about this document: ${SUPPORT_EMAIL}.`, { gap: 0 });
  return pdf.save();
}
