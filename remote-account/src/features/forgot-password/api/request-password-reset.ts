import { client, unwrap, type components } from '@pod/shared-contracts';

/**
 * Asks for a password reset link: PUT /user/forgotpwd/{email}. The API answers the same
 * 200 whether or not the address is registered; throws ApiError otherwise (429 when rate limited).
 */
export async function requestPasswordReset(email: string): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.PUT('/user/forgotpwd/{email}', { params: { path: { email } } }));
}
