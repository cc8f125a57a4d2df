import { PdfViewer, type LegalDocument } from '@pod/shared-contracts';
import { getLegalDocument } from '../lib/get-legal-document';
import { usePdfRenderer } from './pdf-renderer';

/** What the viewer says when a document cannot be loaded or opened. */
export const LEGAL_DOCUMENT_FAILED = 'Something went wrong while opening this document. Please try again.';

/** Props of {@link LegalDocumentViewer}. */
export interface LegalDocumentViewerProps {
  /** The document to show; null keeps the viewer closed. */
  document: LegalDocument | null;
  onClose: () => void;
}

/**
 * A legal document (GET /legal/{document}) in the shared PDF viewer, a dialog named after the
 * document ('Terms and Conditions', 'Privacy Policy'...). Used by /support and the registration
 * step's Terms & Privacy links.
 */
export function LegalDocumentViewer({ document, onClose }: LegalDocumentViewerProps) {
  const renderer = usePdfRenderer();
  return (
    <PdfViewer
      // A new viewer per document: each opening loads its own file.
      key={document?.id ?? 'closed'}
      open={document !== null}
      title={document?.title ?? ''}
      fileName={`${document?.id ?? 'document'}.pdf`}
      load={() => getLegalDocument(document!.id)}
      errorMessage={LEGAL_DOCUMENT_FAILED}
      renderer={renderer}
      onClose={onClose}
    />
  );
}
