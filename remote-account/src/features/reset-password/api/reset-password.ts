import { client, unwrap, type components, type ResetPasswordForm } from '@pod/shared-contracts';

/**
 * Sets a new password through an e-mailed reset link: PUT /user/pwdlinkcheck/{a}/{b} with
 * the user id and one-time token. Resolves with the reply (description 'Password changed'
 * on success); throws ApiError when the link is unknown, used or expired.
 */
export async function resetPassword(
  id: number,
  token: string,
  body: ResetPasswordForm,
): Promise<components['schemas']['StatusDescription']> {
  return unwrap(await client.PUT('/user/pwdlinkcheck/{a}/{b}', { params: { path: { a: id, b: token } }, body }));
}
