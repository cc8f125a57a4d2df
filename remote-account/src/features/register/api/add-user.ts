import { client, unwrap, type components } from '@pod/shared-contracts';

/** The POST /user/adduser body: both registration steps, with the e-mail as the username. */
export type AddUserBody = Required<components['schemas']['RegistrationBody']>;

/**
 * Registers the account (POST /user/adduser) and returns the new session's tokens.
 * Throws ApiError: 409 with code 'U30' when the e-mail is already registered.
 */
export async function addUser(body: AddUserBody): Promise<components['schemas']['RegistrationResult']> {
  return unwrap(await client.POST('/user/adduser', { body }));
}
