import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { Prices } from '../collections';
import { asList, readPayload } from '../read-payload';

/** GET /user/pricinglist: the price configuration (the shared "prices"). Throws ApiError on failure. */
export async function getPricingList(): Promise<Prices[]> {
  return asList<Prices>(readPayload(unwrap(await client.GET('/user/pricinglist'))));
}
