import { client, unwrap } from '@pod/shared-contracts';

/**
 * Whether no other book uses the ISBN: POST /user/getvalidisbn. The spec reads statusCode 200
 * with isValid false as 'in use'. Throws ApiError (400 when the ISBN is not a valid ISBN-13).
 */
export async function isIsbnFree(isbn: string, signal?: AbortSignal): Promise<boolean> {
  const answer = unwrap(await client.POST('/user/getvalidisbn', { body: { isbn }, signal }));
  return !(answer.statusCode === 200 && answer.isValid === false);
}
