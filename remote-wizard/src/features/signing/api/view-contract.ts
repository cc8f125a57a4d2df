import { client, unwrap } from '@pod/shared-contracts';

/** The upload's records, as the draft keeps them after the quote. */
export interface BookIds {
  localBookId: number | null;
  internationalBookId: number | null;
}

/**
 * The contract to accept, as a PDF: GET /user/viewcontract with the upload's local and/or
 * international record id (a region without a record is left out). Throws ApiError.
 */
export async function viewContract({ localBookId, internationalBookId }: BookIds): Promise<Blob> {
  return unwrap(
    await client.GET('/user/viewcontract', {
      params: {
        query: {
          ...(localBookId !== null ? { local_bookId: localBookId } : {}),
          ...(internationalBookId !== null ? { international_bookId: internationalBookId } : {}),
        },
      },
      parseAs: 'blob',
    }),
  );
}
