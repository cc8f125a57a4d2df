import { client, unwrap } from '@pod/shared-contracts';
import type { BookUploadPayload, UploadBookAnswer } from './upload-book';

/** Submits an eBook's files and details: POST /user/uploadbookebook (success statusCode 0). Throws ApiError. */
export async function uploadBookEbook(body: BookUploadPayload): Promise<UploadBookAnswer> {
  return unwrap(await client.POST('/user/uploadbookebook', { body }));
}
