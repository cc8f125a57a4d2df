import { client, unwrap, type components } from '@pod/shared-contracts';

/**
 * Turns two-factor authentication off with the account's password: POST /user/2fa/disable.
 * Throws ApiError 400 `PASSWORD_INCORRECT`, 429 after 5 tries in an hour, 409 when it is off.
 */
export async function disableTwoFactor(password: string): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.POST('/user/2fa/disable', { body: { password } }));
}
