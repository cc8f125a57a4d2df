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
