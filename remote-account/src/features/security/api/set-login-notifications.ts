import { client, unwrap, type User } from '@pod/shared-contracts';

/** Turns the e-mail about sign-ins from new browsers on or off: PUT /user/loginnotifications. */
export async function setLoginNotifications(enabled: boolean): Promise<User> {
  return unwrap(await client.PUT('/user/loginnotifications', { body: { enabled } })).result;
}
