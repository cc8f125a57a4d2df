import { client, unwrap } from '@pod/shared-contracts';
import type { BookPair } from '../book-model';

/**
 * The signed contract of an upload as a PDF: POST /user/viewsignedcontract with the local
 * and/or international record ids. Throws ApiError (404 when there is no signed contract).
 */
export async function viewSignedContract(pair: BookPair): Promise<Blob> {
  return unwrap(
    await client.POST('/user/viewsignedcontract', {
      body: { local_bookId: pair.localId, international_bookId: pair.internationalId },
      parseAs: 'blob',
    }),
  );
}
