/**
 * One legal document as plain text: headed sections of paragraphs. The texts in this folder are
 * SAMPLES for the reference portal, written to read like the documents of a South African
 * self-publishing service; they are not legal advice and must be replaced by reviewed texts
 * before the portal serves real customers.
 */
export interface LegalText {
  /** The "last updated" date (YYYY-MM-DD): printed, and the PDF's creation date. */
  updated: string;
  /** One line under the title saying what the document covers. */
  summary: string;
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
}

/** Printed at the top of every sample document. */
export const SAMPLE_NOTICE =
  'Sample text: this document illustrates the reference portal and is not legal advice. ' +
  'Replace it with a reviewed text before serving real customers.';
