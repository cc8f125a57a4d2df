import { asList, client, readPayload, unwrap, type components } from '@pod/shared-contracts';

/** A book whose contract must be re-signed. */
export type RenewalBook = components['schemas']['ResignBook'];

/** GET /user/booksrenewal: the books whose contracts must be re-signed (`results`). Throws ApiError on failure. */
export async function getBooksRenewal(): Promise<RenewalBook[]> {
  return asList<RenewalBook>(readPayload(unwrap(await client.GET('/user/booksrenewal'))));
}
