import { client, unwrap, type ChangeEmailForm, type components } from '@pod/shared-contracts';

/**
 * Asks for a change of e-mail address (PUT /user/changeemail): the server checks the password
 * and e-mails a confirmation link to the new address. Throws ApiError: 400 `VALIDATION` or
 * `PASSWORD_INCORRECT`, 409 `U30` (address taken), 429 `RATE_LIMITED`.
 */
export async function changeEmail(body: ChangeEmailForm): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.PUT('/user/changeemail', { body }));
}
