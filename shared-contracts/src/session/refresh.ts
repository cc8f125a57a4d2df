import { bareClient } from '../api/bare-client';
import { getRefreshToken, setTokens } from './store';

let inflight: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair (the server rotates it). Single-flight:
 * concurrent callers share one request, because a rotated token used twice would look
 * like reuse to the server and revoke the whole login.
 */
export function refreshSession(): Promise<boolean> {
  inflight ??= doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function doRefresh(): Promise<boolean> {
  const token = getRefreshToken();
  if (!token) return false;
  try {
    const { data, response } = await bareClient.POST('/authO/refresh', { body: { token } });
    if (!response.ok || !data) return false;
    setTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
    return true;
  } catch {
    return false;
  }
}
