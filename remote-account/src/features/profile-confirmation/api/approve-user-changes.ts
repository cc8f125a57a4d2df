import { client, unwrap, type components, type User } from '@pod/shared-contracts';

/**
 * Accepts the changes an admin applied (PUT /user/userapproved). The body is the stored
 * current user, as the specification says; the server ignores it and acts for the token's
 * user. Resolves on HTTP 200 (every session of the user is then revoked); throws ApiError
 * otherwise (409 when nothing is waiting).
 */
export async function approveUserChanges(user: User): Promise<components['schemas']['StatusDescription']> {
  // The decoded token payload is kept beside the user, not part of it.
  const { tokenPayload: _tokenPayload, ...body } = user;
  return unwrap(await client.PUT('/user/userapproved', { body }));
}
