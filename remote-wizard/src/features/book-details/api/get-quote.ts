import { client, unwrap, type components } from '@pod/shared-contracts';
import type { QuoteBody } from '../quote-body';

/** The answer of POST /user/getquote (portal.yaml QuoteResult). */
export type QuoteResult = components['schemas']['QuoteResult'];

/**
 * Saves the book details as a quote: POST /user/getquote. Throws ApiError on a refused call
 * (409 ISBN_EXISTS when another book uses the ISBN, 400 VALIDATION with the spec's message).
 */
export async function getQuote(body: QuoteBody): Promise<QuoteResult> {
  return unwrap(await client.POST('/user/getquote', { body }));
}
