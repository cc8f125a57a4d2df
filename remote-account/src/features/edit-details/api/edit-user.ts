import { client, unwrap, type components, type EditDetailsForm } from '@pod/shared-contracts';

/**
 * Saves first name, surname and phone (PUT /user/edituser; no admin review) and returns the
 * updated profile. Throws ApiError 400 `VALIDATION` with the field's message.
 */
export async function editUser(body: EditDetailsForm): Promise<components['schemas']['UserResult']> {
  return unwrap(await client.PUT('/user/edituser', { body }));
}
