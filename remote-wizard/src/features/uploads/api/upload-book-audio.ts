import { client, unwrap } from '@pod/shared-contracts';
import type { BookUploadPayload, UploadBookAnswer } from './upload-book';

/** Submits an audiobook's files and details: POST /user/uploadbookaudio (success statusCode 0). Throws ApiError. */
export async function uploadBookAudio(body: BookUploadPayload): Promise<UploadBookAnswer> {
  return unwrap(await client.POST('/user/uploadbookaudio', { body }));
}
