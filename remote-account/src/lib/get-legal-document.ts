import { client, unwrap, type LegalDocumentId } from '@pod/shared-contracts';

/**
 * GET /legal/{document}: one of the four legal documents as a PDF. Public (no token needed), so
 * the registration step can open it before the account exists. Throws ApiError.
 */
export async function getLegalDocument(document: LegalDocumentId): Promise<Blob> {
  return unwrap(await client.GET('/legal/{document}', { params: { path: { document } }, parseAs: 'blob' }));
}
