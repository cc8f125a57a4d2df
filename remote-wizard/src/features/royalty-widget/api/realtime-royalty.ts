import { client, unwrap, type components } from '@pod/shared-contracts';

/** The PUT /user/realtimeroyalty body (the spec's field names). */
export type RealtimeRoyaltyBody = components['schemas']['RoyaltyEstimateBody'];
/** Its answer: statusCode 0 with the royalties and breakdown, or B12 with null figures. */
export type RealtimeRoyalty = components['schemas']['RoyaltyEstimate'];

/**
 * The server's royalty estimate: PUT /user/realtimeroyalty. The server prices with its own
 * reference data and takes no figure from the browser. Throws ApiError (400 VALIDATION when an
 * input cannot be priced).
 */
export async function realtimeRoyalty(body: RealtimeRoyaltyBody, signal?: AbortSignal): Promise<RealtimeRoyalty> {
  return unwrap(await client.PUT('/user/realtimeroyalty', { body, signal }));
}
