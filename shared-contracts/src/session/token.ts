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
 * True when the token is unreadable or expires within `skewSeconds` (so a request
 * started now does not arrive with a token that dies on the way).
 */
export function isTokenExpired(
  token: string | null | undefined,
  nowMs: number = Date.now(),
  skewSeconds = 5,
): boolean {
  const exp = decodeToken(token)?.exp;
  if (typeof exp !== 'number') return true;
  return exp * 1000 <= nowMs + skewSeconds * 1000;
}
