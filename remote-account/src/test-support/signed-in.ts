import { setCurrentUser, setTokens, type User } from '@pod/shared-contracts';
import { fakeJwt, type FakeAnswer } from '@pod/shared-contracts/testing';

/** A signed-in author as the session stores her. */
export const THANDI: User = {
  id: 7,
  email: 'thandi@example.co.za',
  name_first: 'Thandi',
  name_last: 'Mokoena',
  firstname: 'Thandi',
  lastname: 'Mokoena',
  phone_main: '+27821234567',
  balance: 1234,
  user_status: 1,
  initial_login: 1,
  admin_confirmation: 0,
  user_confirmation: 0,
  pending_changes: null,
  misc: '{}',
  cart: [],
};

/** The refresh token {@link signInAs} stores (logout sends it to DELETE /authO/logout). */
export const REFRESH_TOKEN = fakeJwt(86_400, { sub: '7', kind: 'refresh' });

/** Stores tokens and `user` as a sign-in would (call before rendering). */
export function signInAs(user: User = THANDI): void {
  setTokens({ accessToken: fakeJwt(3600, { sub: String(user.id) }), refreshToken: REFRESH_TOKEN });
  setCurrentUser(user);
}

/** GET /user/viewuserinfo's answer for `user`. */
export function userInfo(user: User = THANDI): FakeAnswer {
  return { status: 200, body: { statusCode: 0, result: user } };
}
