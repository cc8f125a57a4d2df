import { client, unwrap } from '@pod/shared-contracts';

/**
 * GET /chat/user/image/{name}: an image of the user's chat as a Blob. Through the typed client,
 * so the bearer token goes with it (an `<img src>` could not send it) and an expired token is
 * refreshed first. Throws ApiError (404 for a name that is not the user's).
 */
export async function getChatImage(name: string): Promise<Blob> {
  return unwrap(await client.GET('/chat/user/image/{name}', { params: { path: { name } }, parseAs: 'blob' }));
}
