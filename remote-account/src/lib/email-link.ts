/** The two halves of an e-mailed one-time link: `?id={user id}&token={one-time token}`. */
export interface EmailLink {
  id: number;
  token: string;
}

/**
 * Reads `id` and `token` from the query of a page opened from an e-mailed link (/verify,
 * /reset-password). Returns null when either is missing or the id is not a positive whole
 * number, so the page can fail without calling the API (portal.yaml types `a` as an integer).
 */
export function parseEmailLink(params: URLSearchParams): EmailLink | null {
  const rawId = params.get('id')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  if (!/^\d+$/.test(rawId) || token === '') return null;
  const id = Number(rawId);
  return Number.isSafeInteger(id) && id > 0 ? { id, token } : null;
}
