import type { AccessTokenPayload } from './user';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes a JWT's payload WITHOUT verifying it (the server verifies; the client only
 * reads expiry and claims). Returns null for anything that is not a readable JWT.
 */
export function decodeToken(token: string | null | undefined): AccessTokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' ? (payload as AccessTokenPayload) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is unreadable or expires within the skew (so a request started now
 * does not arrive with a token that dies on the way). The skew is `skewSeconds`, but never
 * more than a fifth of the token's lifetime, so very short-lived tokens are not treated as
 * expired the moment they are issued.
 */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now(), skewSeconds = 5): boolean {
  const payload = decodeToken(token);
  const exp = payload?.exp;
  if (typeof exp !== 'number') return true;
  const lifetime = typeof payload?.iat === 'number' ? exp - payload.iat : Infinity;
  const skew = Math.min(skewSeconds, Math.max(0, lifetime / 5));
  return exp * 1000 <= nowMs + skew * 1000;
}
