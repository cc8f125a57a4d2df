import { client, unwrap, type components } from '@pod/shared-contracts';

/** The common `{ statusCode, description }` answer. */
export type StatusDescription = components['schemas']['StatusDescription'];

/** Stores the drawn signature (a PNG data URL) on the user: POST /user/saveusersignature. Throws ApiError. */
export async function saveUserSignature(fileData: string): Promise<StatusDescription> {
  return unwrap(await client.POST('/user/saveusersignature', { body: { fileData } }));
}
