import { client, unwrap, type ChangePasswordForm, type components } from '@pod/shared-contracts';

/**
 * Changes the signed-in user's password (PUT /user/pwd). Resolves with the reply, whose
 * description is 'Password changed' on success (every session of the user is then revoked);
 * throws ApiError 400 `VALIDATION` with the rule's message.
 */
export async function changePassword(body: ChangePasswordForm): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.PUT('/user/pwd', { body }));
}
