import { client } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { QuoteResource } from '../collections';
import { asList, readPayload } from '../read-payload';

/** GET /user/quoteinfo: the quote options (the shared "resources"). Throws ApiError on failure. */
export async function getQuoteInfo(): Promise<QuoteResource[]> {
  return asList<QuoteResource>(readPayload(unwrap(await client.GET('/user/quoteinfo'))));
}
