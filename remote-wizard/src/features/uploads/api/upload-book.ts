import { client, unwrap, type components } from '@pod/shared-contracts';

/** The body of the three submit calls (portal.yaml BookUploadPayload, spec section 3). */
export type BookUploadPayload = components['schemas']['BookUploadPayload'];
/** The `{ statusCode, description }` answer. */
export type UploadBookAnswer = components['schemas']['StatusDescription'];

/** Submits a print book's files and details: POST /user/uploadbook (success statusCode 0). Throws ApiError. */
export async function uploadBook(body: BookUploadPayload): Promise<UploadBookAnswer> {
  return unwrap(await client.POST('/user/uploadbook', { body }));
}
