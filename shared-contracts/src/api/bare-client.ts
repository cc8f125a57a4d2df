import createClient from 'openapi-fetch';
import type { paths } from './schema';

/**
 * The API base: same origin, under /api/v1. One URL serves the portal, and a remote's
 * standalone dev server proxies /api, so no environment ever needs another base.
 */
export const API_BASE = `${globalThis.location?.origin ?? 'http://localhost'}/api/v1`;

/**
 * A client WITHOUT the session layer: no bearer token, no refresh on 401. The session
 * module uses it for login, refresh and logout, which must never recurse into a refresh.
 * It reads the global fetch at call time so tests can swap it.
 */
export const bareClient = createClient<paths>({
  baseUrl: API_BASE,
  // The fetch default, stated because login depends on it: the API's device cookie
  // (Path=/api/v1/authO, HttpOnly) must travel with same-origin calls and be stored from them.
  credentials: 'same-origin',
  fetch: (request: Request) => globalThis.fetch(request),
});
