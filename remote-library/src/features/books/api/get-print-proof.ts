import { client, unwrap } from '@pod/shared-contracts';
import type { BookPair } from '../book-model';

/**
 * The print-ready proof of a submitted print book as a PDF (GET /user/printproof): the accepted
 * cover's first page, then the book's pages. Throws ApiError (409 until a cover and a book PDF
 * are accepted, 404 for a book that is not the user's).
 */
export async function getPrintProof(pair: BookPair): Promise<Blob> {
  return unwrap(
    await client.GET('/user/printproof', {
      params: {
        query: { local_bookId: pair.localId ?? undefined, international_bookId: pair.internationalId ?? undefined },
      },
      parseAs: 'blob',
    }),
  );
}
