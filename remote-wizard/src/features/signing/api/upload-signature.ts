import { client, unwrap, type components } from '@pod/shared-contracts';
import type { StatusDescription } from './save-user-signature';

/** The body of the contract calls (portal.yaml SignedContractPayload, spec section 3). */
export type SignedContractPayload = components['schemas']['SignedContractPayload'];

/** Signs the contract on the first pass: POST /user/uploadsignature (success is statusCode 0). Throws ApiError. */
export async function uploadSignature(body: SignedContractPayload): Promise<StatusDescription> {
  return unwrap(await client.POST('/user/uploadsignature', { body }));
}
