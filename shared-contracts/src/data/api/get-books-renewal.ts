import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { components } from '../../api/schema';
import { asList, readPayload } from '../read-payload';

/** A book whose contract must be re-signed (user_status 2): `id` and `is_international` name it in PUT /user/resign/{a}/{b}. */
export type RenewalBook = components['schemas']['ResignBook'];

/**
 * GET /user/booksrenewal: the books whose contracts must be re-signed (`results`), each with
 * its new contract as base64 PDF data. Read by the host (the user_status 2 redirect) and the
 * re-sign screen under one query key. Throws ApiError on failure.
 */
export async function getBooksRenewal(): Promise<RenewalBook[]> {
  return asList<RenewalBook>(readPayload(unwrap(await client.GET('/user/booksrenewal'))));
}
