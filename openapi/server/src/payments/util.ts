import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Small helpers the gateways and the sandbox share. Nothing here talks to a provider.
 */

/**
 * Whether two secrets (signatures, keys, Authorization headers) are equal, in time independent of
 * where they differ. Both sides are hashed first so that strings of different lengths compare in
 * the same time as equal-length ones (timingSafeEqual itself needs equal lengths).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The value of an `Authorization: Basic` header for `user:password` (RFC 7617, UTF-8). */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** Whether `value` is an absolute http(s) URL: the only kind a provider redirects or posts to. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `url` with `params` added to (or replacing the same names in) its query. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * `url` with `params` appended to its query, keeping parameters of the same name that are there
 * already (PayPal appends `token` and `PayerID` to the merchant's return URL this way, so a
 * `token` of the merchant's own comes first and wins with URLSearchParams.get).
 */
export function appendQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.append(name, value);
  return target.toString();
}
