import { bareClient } from '../api/bare-client';
import { getRefreshToken, setTokens } from './store';

/** How a refresh ended: new tokens, refused by the server, or the server could not be reached. */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

let inflight: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the refresh token for a new pair (the server rotates it). Single-flight:
 * concurrent callers share one request, because a rotated token used twice would look
 * like reuse to the server and revoke the whole login. 'unreachable' (no network, or the
 * gateway had no server: 502/503/504) must not end the session; only 'refused' does.
 */
export function refreshSessionOutcome(): Promise<RefreshOutcome> {
  inflight ??= doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** {@link refreshSessionOutcome} as a yes/no: whether new tokens are stored. */
export async function refreshSession(): Promise<boolean> {
  return (await refreshSessionOutcome()) === 'refreshed';
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

async function doRefresh(): Promise<RefreshOutcome> {
  const token = getRefreshToken();
  if (!token) return 'refused';
  try {
    const { data, response } = await bareClient.POST('/authO/refresh', { body: { token } });
    if (GATEWAY_STATUSES.has(response.status)) return 'unreachable';
    if (!response.ok || !data) return 'refused';
    setTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
    return 'refreshed';
  } catch (error) {
    // fetch rejects with a TypeError when there is no network; anything else is a broken answer.
    return error instanceof TypeError || globalThis.navigator?.onLine === false ? 'unreachable' : 'refused';
  }
}
