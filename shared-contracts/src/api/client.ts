import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { API_BASE } from './bare-client';
import { raiseAlert } from '../alerts';
import { logout } from '../session/logout';
import { refreshSession } from '../session/refresh';
import { isTokenExpired } from '../session/token';
import { getAccessToken, getRefreshToken } from '../session/store';

/** The cause key of the 'Unable to refresh token' alert. */
export const SESSION_EXPIRED_ALERT = 'session:refresh-failed';

function withBearer(request: Request): Request {
  const token = getAccessToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

/**
 * The session-aware fetch behind `client`: adds the bearer token, refreshes first when
 * the access token has expired, and on a 401 refreshes once and retries once. When the
 * refresh fails the user sees 'Unable to refresh token' and is logged out (spec sections
 * 4 and 8).
 */
async function sessionFetch(request: Request): Promise<Response> {
  if (getRefreshToken() && isTokenExpired(getAccessToken())) await refreshSession();
  const retry = request.clone();
  const response = await globalThis.fetch(withBearer(request));
  if (response.status !== 401 || !getRefreshToken()) return response;
  if (!(await refreshSession())) {
    // Sticky: it explains why the user lands on /login; one per cause however many requests failed.
    raiseAlert({ variant: 'danger', message: 'Unable to refresh token', key: SESSION_EXPIRED_ALERT, sticky: true });
    await logout();
    return response;
  }
  return globalThis.fetch(withBearer(retry));
}

/**
 * THE typed API client (generated types from openapi/portal.yaml). Paths are the literal
 * specification paths: `client.GET('/user/viewuserinfo')`.
 */
export const client = createClient<paths>({ baseUrl: API_BASE, fetch: sessionFetch });
