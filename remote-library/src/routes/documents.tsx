import { useDocumentTitle } from '@pod/shared-contracts';
import { DocumentsList } from '../features/documents/documents-list';

/** `/documents`: the files and contracts of the user's books. */
export function DocumentsScreen() {
  useDocumentTitle('Documents');
  return (
    <>
      <h1>Documents</h1>
      <DocumentsList />
    </>
  );
}
