import { useDocumentTitle } from '@pod/shared-contracts';
import { BulkUpload } from '../features/bulk-upload/bulk-upload';
import { parseCsvInWorker } from '../features/bulk-upload/worker-csv-parser';

/** `/bulk-upload`: many books from one CSV file, parsed in a Web Worker. */
export function BulkUploadScreen() {
  useDocumentTitle('Bulk Upload');
  return (
    <>
      <h1>Bulk CSV Upload</h1>
      <BulkUpload parser={parseCsvInWorker} />
    </>
  );
}
