/**
 * The four legal documents of the Support screen (account-area.md, Screens 'Support' and
 * section 9 'Sample PDFs'), served as PDFs by GET /legal/{document}. One list for both sides:
 * the server renders each `id` under its `title`, the portal lists them in this order.
 */
export const LEGAL_DOCUMENTS = [
  { id: 'terms-and-conditions', title: 'Terms and Conditions' },
  { id: 'privacy-policy', title: 'Privacy Policy' },
  { id: 'data-protection', title: 'Data Protection' },
  { id: 'terms-of-use', title: 'Terms of Use' },
] as const;

/** A legal document's id, the `document` path parameter of GET /legal/{document}. */
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number]['id'];

/** One of {@link LEGAL_DOCUMENTS}. */
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The document named `id`, or undefined for anything else. */
export function findLegalDocument(id: string): LegalDocument | undefined {
  return LEGAL_DOCUMENTS.find((document) => document.id === id);
}
