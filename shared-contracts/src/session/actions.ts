import { clearAlerts } from '../alerts';
import { bareClient } from '../api/bare-client';
import { client } from '../api/client';
import { toApiError, unwrap } from '../api/errors';
import { logout } from './logout';
import { refreshSession } from './refresh';
import { getAccessToken, getCurrentUser, getRefreshToken, setCurrentUser, setTokens } from './store';
import { decodeToken, isTokenExpired } from './token';
import type { User } from './user';

/**
 * Fetches the profile (GET /user/viewuserinfo), merges it into the stored user together
 * with the decoded access-token payload, stores and returns it.
 */
export async function loadCurrentUser(): Promise<User> {
  const { result } = unwrap(await client.GET('/user/viewuserinfo'));
  const user: User = {
    ...(getCurrentUser() ?? {}),
    ...result,
    tokenPayload: decodeToken(getAccessToken()) ?? undefined,
  };
  setCurrentUser(user);
  return user;
}

/**
 * Signs in: POST /authO/login, stores both tokens, then loads the current user.
 * Throws ApiError (status 401) when the e-mail or password is wrong, 429 (with
 * `retryAfterSeconds`) while sign-in is locked. The browser sends and keeps the API's
 * HttpOnly device cookie (same origin), which exempts it from locks strangers cause.
 */
export async function signIn(email: string, password: string): Promise<User> {
  const { data, error, response } = await bareClient.POST('/authO/login', {
    body: { email, password },
  });
  if (!response.ok || !data) throw toApiError(response.status, error, response.headers);
  setTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
  // A new session: notices meant for the last one ('Unable to refresh token'...) are resolved.
  clearAlerts({ all: true });
  return loadCurrentUser();
}

/**
 * The start-up session rules of account-area.md section 4: with no tokens nothing
 * happens; an expired access token with a valid refresh token is refreshed (both tokens
 * replaced); both expired, or an unreadable access token, outside /login logs out.
 */
export async function initSession(pathname: string): Promise<void> {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  if (!access && !refresh) return;
  const now = Date.now();
  const accessReadable = decodeToken(access) !== null;
  const refreshValid = !isTokenExpired(refresh, now, 0);
  if (accessReadable && !isTokenExpired(access, now, 0)) return;
  if (refreshValid && (await refreshSession())) return;
  if (pathname !== '/login') await logout();
}
