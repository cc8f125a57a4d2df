import { client, unwrap, type components } from '@pod/shared-contracts';

/**
 * Follows an e-mailed verification link: GET /user/verifyaccount/{a}/{b} with the user id
 * and the one-time token. Resolves with the reply (statusCode 0 is success); throws
 * ApiError when the link is unknown, used or expired (400 LINK_INVALID).
 */
export async function verifyAccount(id: number, token: string): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.GET('/user/verifyaccount/{a}/{b}', { params: { path: { a: id, b: token } } }));
}
