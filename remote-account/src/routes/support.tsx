import { useDocumentTitle } from '@pod/shared-contracts';
import { ChatNote } from '../features/support/chat-note';
import { LegalDocumentsList } from '../features/support/legal-documents-list';

/**
 * `/support`: the legal documents and the chat note (issue 15). The specification's FAQ and fees
 * panels are placeholders that nothing reaches, so they are not built.
 */
export function SupportScreen() {
  useDocumentTitle('Support');
  return (
    <>
      <h1>Support</h1>
      <LegalDocumentsList />
      <ChatNote />
    </>
  );
}
