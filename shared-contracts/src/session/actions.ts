import { clearAlerts } from '../alerts';
import { bareClient } from '../api/bare-client';
import { client } from '../api/client';
import { toApiError, unwrap } from '../api/errors';
import { logout } from './logout';
import { refreshSessionOutcome } from './refresh';
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
 * The answer of a sign-in whose password was right on an account with two-factor
 * authentication: no tokens were stored; {@link completeTwoFactorSignIn} with `challenge`
 * (valid 5 minutes) and a code finishes it.
 */
export interface SecondFactorRequired {
  twoFactorRequired: true;
  /** Opaque, signed by the API; pass it back unchanged. */
  challenge: string;
}

/** What {@link signIn} resolves to: the signed-in user, or a request for a second factor. */
export type SignInOutcome = User | SecondFactorRequired;

/** Whether a {@link signIn} outcome asks for a second factor (then nothing was stored). */
export function needsSecondFactor(outcome: SignInOutcome): outcome is SecondFactorRequired {
  return 'twoFactorRequired' in outcome && outcome.twoFactorRequired === true;
}

/** Stores a new session's tokens and loads its user (the end of every sign-in). */
async function startSession(tokens: { accessToken: string; refreshToken: string }): Promise<User> {
  setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  // A new session: notices meant for the last one ('Unable to refresh token'...) are resolved.
  clearAlerts({ all: true });
  return loadCurrentUser();
}

/**
 * Signs in: POST /authO/login, stores both tokens, then loads the current user. When the
 * account has two-factor authentication on, the password step stores nothing and resolves
 * to {@link SecondFactorRequired} (test it with {@link needsSecondFactor}).
 * Throws ApiError (status 401) when the e-mail or password is wrong, 429 (with
 * `retryAfterSeconds`) while sign-in is locked. The browser sends and keeps the API's
 * HttpOnly device cookie (same origin), which exempts it from locks strangers cause.
 */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const { data, error, response } = await bareClient.POST('/authO/login', {
    body: { email, password },
  });
  if (!response.ok || !data) throw toApiError(response.status, error, response.headers);
  if ('twoFactorRequired' in data) return { twoFactorRequired: true, challenge: data.challenge };
  return startSession(data);
}

/**
 * The second step of a two-factor sign-in: POST /authO/login/2fa with the challenge of
 * {@link signIn} and a 6-digit authenticator code or a recovery code; then stores the tokens
 * and loads the user as {@link signIn} does. Throws ApiError 401 with code `CODE_INVALID`
 * (wrong or used code: try again) or `CHALLENGE_INVALID` (expired or used up: sign in
 * again from the password), 429 while sign-in is locked.
 */
export async function completeTwoFactorSignIn(challenge: string, code: string): Promise<User> {
  const { data, error, response } = await bareClient.POST('/authO/login/2fa', {
    body: { challenge, code },
  });
  if (!response.ok || !data) throw toApiError(response.status, error, response.headers);
  return startSession(data);
}

/**
 * The start-up session rules of account-area.md section 4: with no tokens nothing
 * happens; an expired access token with a valid refresh token is refreshed (both tokens
 * replaced); both expired, or an unreadable access token, outside /login logs out. A refresh
 * that cannot reach the server (the installed portal opened offline) keeps the session: only
 * the server refusing it logs out, so the shell and the last data seen stay on screen and the
 * session-aware fetch refreshes once the connection is back.
 */
export async function initSession(pathname: string): Promise<void> {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  if (!access && !refresh) return;
  const now = Date.now();
  const accessReadable = decodeToken(access) !== null;
  const refreshValid = !isTokenExpired(refresh, now, 0);
  if (accessReadable && !isTokenExpired(access, now, 0)) return;
  if (refreshValid && (await refreshSessionOutcome()) !== 'refused') return;
  if (pathname !== '/login') await logout();
}
