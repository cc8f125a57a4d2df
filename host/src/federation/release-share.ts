// Canary releases: which of a remote's two deployed versions this browser runs.
//
// Plain code with no shared module (the entry chunk's early loading runs it before the shared
// singletons load, and bootstrap runs the same functions afterwards, so both ask for the same
// version). Types are written out here for the same reason.

/**
 * Where the browser's release key lives (localStorage: it must outlive the tab, so a user keeps
 * the version they were given). A random value, never derived from the account: the portal
 * decides before anyone signs in (/login is a remote's screen too), and nothing personal is
 * needed to split users.
 */
export const RELEASE_KEY_STORAGE_KEY = 'pod-release-key';

/** What remotes.json says about one remote (the fields this module reads). */
export interface ReleaseEntry {
  entry: string;
  version: string;
  canary?: { entry?: unknown; version?: unknown; share?: unknown } | null;
}

/** The entry a browser registers for one remote, and why. */
export interface ChosenEntry {
  entry: string;
  version: string;
  channel: 'stable' | 'canary';
}

/**
 * FNV-1a (32 bit) of a string's UTF-16 code units: small, fast, and the same on every engine,
 * which is all a split of users needs (it is not a secret and guards nothing).
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The browser's bucket for one remote, 0..99. Each remote has its own split (the key is hashed
 * with the remote's name), so being in one remote's canary says nothing about another's. A
 * canary at share S runs in buckets 0..S-1: raising the share keeps everyone who already had
 * the canary, lowering it keeps everyone who had the stable version.
 */
export function shareBucket(key: string, remote: string): number {
  return fnv1a(`${remote}:${key}`) % 100;
}

/** The canary's share as a whole percentage 0..100, or 0 for anything that is not a number. */
function shareOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.floor(value)));
}

/**
 * The entry this browser uses: the canary when remotes.json names a well-formed one and the
 * browser's bucket falls within its share, otherwise the stable entry.
 */
export function chooseEntry(remote: ReleaseEntry, bucket: number): ChosenEntry {
  const canary = remote.canary;
  if (
    canary &&
    typeof canary.entry === 'string' &&
    canary.entry !== '' &&
    typeof canary.version === 'string' &&
    bucket < shareOf(canary.share)
  ) {
    return { entry: canary.entry, version: canary.version, channel: 'canary' };
  }
  return { entry: remote.entry, version: remote.version, channel: 'stable' };
}

/** A new random key (crypto.randomUUID where there is one). */
function randomKey(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

let pageKey: string | undefined;

/**
 * This browser's release key: the stored one, else a new one, stored. Where storage is blocked
 * the key lives as long as the page (the user may then see either version from one visit to
 * the next, which is the best a browser that keeps nothing allows).
 */
export function releaseKey(storage: Pick<Storage, 'getItem' | 'setItem'> | null, makeKey = randomKey): string {
  try {
    const stored = storage?.getItem(RELEASE_KEY_STORAGE_KEY);
    if (stored) return stored;
    const fresh = pageKey ?? makeKey();
    storage?.setItem(RELEASE_KEY_STORAGE_KEY, fresh);
    pageKey = fresh;
    return fresh;
  } catch {
    pageKey ??= makeKey();
    return pageKey;
  }
}

/** The browser's localStorage, or null where reading it throws (blocked storage). */
export function browserReleaseStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
