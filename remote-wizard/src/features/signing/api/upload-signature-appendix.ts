import { client, unwrap } from '@pod/shared-contracts';
import type { StatusDescription } from './save-user-signature';
import type { SignedContractPayload } from './upload-signature';

/**
 * Signs the contract's appendix on the second pass: POST /user/uploadsignatureappendix
 * (success is the description 'Successful'). Throws ApiError.
 */
export async function uploadSignatureAppendix(body: SignedContractPayload): Promise<StatusDescription> {
  return unwrap(await client.POST('/user/uploadsignatureappendix', { body }));
}
