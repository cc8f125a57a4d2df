import { SIGNED_IN_HINT_COOKIE } from '../constants';
import type { User } from './user';

/**
 * The browser keys of the specification (account-area.md section 3). This file and the
 * rest of src/session are the only code that touches token storage.
 */
export const STORAGE_KEYS = {
  accessToken: 'access-token',
  refreshToken: 'refresh-token',
  currentUser: 'currentUser',
  /** When the update notice was last shown (the host's, at most once per hour); logout keeps it. */
  lastUpdate: 'lastUpdate',
} as const;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): behave as signed out
  }
}

/** Reads a raw string value; null when absent or storage is unavailable. */
export function readKey(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** Writes a raw string value, or removes the key for null. */
export function writeKey(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
  if (key === STORAGE_KEYS.currentUser) writeSignedInHint(value !== null);
}

/** As long as a refresh token lives (the session code renews the hint at each start). */
const SIGNED_IN_HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Sets (true) or removes (false) the signed-in hint cookie; a no-op without a document. */
export function writeSignedInHint(signedIn: boolean, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const value = signedIn ? `1; Max-Age=${SIGNED_IN_HINT_MAX_AGE_SECONDS}` : '; Max-Age=0';
  try {
    doc.cookie = `${SIGNED_IN_HINT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
  } catch {
    /* cookies disabled: the server answers the plain page */
  }
}

/** Brings the hint in line with storage (bootstrap: sessions from before the hint, renewal). */
export function syncSignedInHint(): void {
  writeSignedInHint(readKey(STORAGE_KEYS.currentUser) !== null);
}

/** The stored current user; an unreadable value is logged only (spec section 8). */
export function readStoredUser(): User | null {
  const raw = readKey(STORAGE_KEYS.currentUser);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as User) : null;
  } catch (error) {
    console.error('Unreadable stored user', error);
    return null;
  }
}

/**
 * Clears local storage except the keys listed in `keep`, and session storage except the
 * keys listed in `keepSession` (none by default).
 */
export function clearStorageExcept(keep: readonly string[], keepSession: readonly string[] = []): void {
  const s = storage();
  if (s) {
    const kept = keep.map((key) => [key, s.getItem(key)] as const);
    s.clear();
    for (const [key, value] of kept) if (value !== null) s.setItem(key, value);
  }
  if (!keep.includes(STORAGE_KEYS.currentUser)) writeSignedInHint(false);
  try {
    const session = globalThis.sessionStorage;
    if (!session) return;
    const keptSession = keepSession.map((key) => [key, session.getItem(key)] as const);
    session.clear();
    for (const [key, value] of keptSession) if (value !== null) session.setItem(key, value);
  } catch {
    /* unavailable storage has nothing to clear */
  }
}
