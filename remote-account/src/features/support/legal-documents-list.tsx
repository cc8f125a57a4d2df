import { useId, useState } from 'react';
import { Button, Card, LEGAL_DOCUMENTS, type LegalDocument } from '@pod/shared-contracts';
import { LegalDocumentViewer } from '../../components/legal-document-viewer';
import styles from './support.module.css';

/**
 * The Support screen's legal list (spec: Screens 'Support'): Terms and Conditions, Privacy
 * Policy, Data Protection and Terms of Use, each opening its PDF (GET /legal/{document}) in the
 * shared PDF viewer, a dialog named after the document.
 */
export function LegalDocumentsList() {
  const headingId = useId();
  const [open, setOpen] = useState<LegalDocument | null>(null);
  return (
    <Card title="Legal documents" titleId={headingId}>
      <ul className={styles.documents} aria-labelledby={headingId}>
        {LEGAL_DOCUMENTS.map((document) => (
          <li key={document.id}>
            <Button variant="secondary" onClick={() => setOpen(document)}>
              {document.title}
            </Button>
          </li>
        ))}
      </ul>
      <LegalDocumentViewer document={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
