import { createHash, randomBytes } from 'node:crypto';

/**
 * One-time tokens of e-mailed links: 32 random bytes, base64url in the link, only their SHA-256
 * stored (a database leak does not leak usable links). Plain SHA-256 suffices: the token has 256
 * bits of entropy, so there is nothing to brute-force that a slow hash would protect.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** `<publicUrl><page>?id=<userId>&token=<token>`, the front-end page that completes the link. */
export function linkUrl(publicUrl: string, page: string, userId: number, token: string): string {
  return `${publicUrl}${page}?id=${userId}&token=${encodeURIComponent(token)}`;
}

/** Largest id of an `integer` column: a larger id in a link is simply unknown (not a database error). */
const MAX_STORED_ID = 2_147_483_647;

export function isStoredId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_STORED_ID;
}
