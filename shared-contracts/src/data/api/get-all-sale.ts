import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { SalesSummary } from '../collections';
import { asList, readPayload } from '../read-payload';

/** GET /user/getallsale: the sales of all the user's books (the shared "sales"). Throws ApiError on failure. */
export async function getAllSale(): Promise<SalesSummary[]> {
  return asList<SalesSummary>(readPayload(unwrap(await client.GET('/user/getallsale'))));
}
