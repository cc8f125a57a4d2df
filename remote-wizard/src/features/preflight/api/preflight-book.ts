import { client, unwrap, type components } from '@pod/shared-contracts';

/** The answer of POST /user/preflight (portal.yaml PreflightReport). */
export type PreflightReport = components['schemas']['PreflightReport'];
/** One problem of the report: code, severity, page (or null), message and fix. */
export type PreflightProblem = components['schemas']['PreflightProblem'];

/** What is checked: the upload's records, the book file's finalFilename, and the bleed service choice. */
export interface PreflightRequest {
  localBookId: number | null;
  internationalBookId: number | null;
  /** The `finalFilename` the chunked upload of the book file answered. */
  bookFilename: string;
  /** The author ordered the bleed service (bleeding_needed). */
  bleedingNeeded: boolean;
}

/** Checks the uploaded book PDF against the quote: POST /user/preflight. Throws ApiError. */
export async function preflightBook(request: PreflightRequest): Promise<PreflightReport> {
  return unwrap(
    await client.POST('/user/preflight', {
      body: {
        local_bookId: request.localBookId,
        international_bookId: request.internationalBookId,
        book: request.bookFilename,
        bleeding_needed: request.bleedingNeeded,
      },
    }),
  );
}
