import { client, unwrap } from '@pod/shared-contracts';

/**
 * Records that the welcome modal was dismissed: POST /user/initiallogin with initial_login 1
 * (the specification's `user/initiallogin`). Resolves with the stored value; throws ApiError.
 */
export async function setInitialLogin(): Promise<0 | 1> {
  const reply = unwrap(await client.POST('/user/initiallogin', { body: { initial_login: 1 } }));
  return reply.initial_login;
}
